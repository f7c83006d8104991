/**
 * The one way route handlers answer: JSON with one error shape (`{ error, fieldErrors? }`, in
 * Portuguese), never cached unless they say so, and a 429 that says when to come back. Used by the
 * route wrapper (define-route.ts, which also logs and answers a handler's throw) and by `defineRead`.
 */
import type { Verdict } from "@/lib/core/rate-limit";

const NO_STORE = { "Cache-Control": "no-store" };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", ...NO_STORE, ...headers } });
}

/** The error shape every handler answers with: the toast's title, its body, the message per field. */
export type JsonError = { error: string; description?: string; fieldErrors?: Record<string, string> };

export function jsonError(status: number, error: string, more: { description?: string; fieldErrors?: Record<string, string>; headers?: Record<string, string> } = {}): Response {
  const body: JsonError = { error };
  if (more.description) body.description = more.description;
  if (more.fieldErrors) body.fieldErrors = more.fieldErrors;
  return json(status, body, more.headers);
}

/** Whole seconds until a limited caller may come back (at least 1). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** 429 with Retry-After; `error` says the same in words (null: no body). */
export function tooMany(verdict: Extract<Verdict, { ok: false }>, error: string | null): Response {
  const headers = { "Retry-After": String(retryAfterSeconds(verdict.retryAfterMs)) };
  return error === null ? new Response(null, { status: 429, headers: { ...NO_STORE, ...headers } }) : jsonError(429, error, { headers });
}

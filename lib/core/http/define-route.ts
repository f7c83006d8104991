/**
 * The one way a route handler (app/**\/route.ts) is made. `defineRoute` does, in this order:
 *
 *   1. the route's rate limit, if it declares one (429 with Retry-After and the wait in Portuguese);
 *   2. its access: "public", or a check that answers the caller or a refusal (lib/auth/guards.ts
 *      `authorized`: session → role → membership of the business the request names, from the
 *      database; a business id from the browser counts only when found among the caller's own);
 *   3. the handler, which answers a Response (its successes, with their own headers, streams, 304s)
 *      or a refusal with a code (`refuse`), never an HTTP status picked from a message's text;
 *   4. anything thrown: logged under `[rota {name}]` and answered 500 with the route's Portuguese
 *      text and nothing of the cause (503 when the database could not be reached).
 *
 * Refusals answer the one JSON error shape of responses.ts (`{ error, description?, fieldErrors? }`,
 * never cached); the code picks the status (REFUSAL_STATUS). The access check is passed in rather
 * than imported so that this plumbing imports no feature (lib/auth builds it). Every route handler
 * goes through here but the live reads' (defineRead answers those itself): route-registry.int.test.ts.
 */
import "server-only";
import { unstable_rethrow } from "next/navigation";
import { UNAVAILABLE } from "@/lib/core/actions/messages";
import type { FieldErrors } from "@/lib/core/actions/result";
import { databaseUnavailable } from "@/lib/core/db/errors";
import { clientAddressFrom } from "@/lib/core/net/client-address";
import { hit, type WindowLimit } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { jsonError, tooMany } from "./responses";

/** Why a route refuses; each is one HTTP status. */
export type RefusalCode = "bad-request" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "too-large" | "invalid" | "rate-limited" | "unavailable";

export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  "bad-request": 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  invalid: 422,
  "rate-limited": 429,
  unavailable: 503,
};

/**
 * A refusal: the action pipeline's failure shape (lib/core/actions/result.ts) with a code the
 * wrapper turns into a status. `headers` go on the answer (WWW-Authenticate, X-Robots-Tag…);
 * `retryAfterMs` is the Retry-After of a "rate-limited" one.
 */
export type RouteRefusal = {
  ok: false;
  code: RefusalCode;
  error: string;
  description?: string;
  fieldErrors?: FieldErrors;
  headers?: Record<string, string>;
  retryAfterMs?: number;
};

export function refuse(
  code: Exclude<RefusalCode, "rate-limited">,
  error: string,
  more: { description?: string; fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
): RouteRefusal {
  return { ok: false, code, error, ...more };
}

/** Come back in `retryAfterMs` (e.g. too many open streams): 429 with Retry-After. */
export function refuseFor(retryAfterMs: number, error: string): RouteRefusal {
  return { ok: false, code: "rate-limited", error, retryAfterMs };
}

/**
 * Who may call a route, answered from the request: the caller (handed to the handler as `auth`) or
 * a refusal. `level` names the permission table's level it checks, for the registry test.
 */
export type RouteAccess<A> = ((req: Request) => Promise<A | RouteRefusal>) & { level: string };

export type RouteCall<P, A> = {
  req: Request;
  /** The route's dynamic segments, awaited. */
  params: P;
  /** What the access check answered ("public": null). */
  auth: A;
  /** The caller's address (lib/core/net/client-address.ts: trusted proxy hops only). */
  address: string;
  /**
   * Counts one hit of `key` against `limit` and answers the refusal to return when it is used up:
   * for a limit whose key the handler learns first (a feed's row, an API key's id).
   */
  limit: (limit: WindowLimit, key: string) => Promise<RouteRefusal | null>;
};

export type RouteDefinition<P, A> = {
  /** "METHOD /path" as the app serves it ("GET /api/avatars/[id]"): the log's and the tests' name. */
  name: string;
  access: "public" | RouteAccess<A>;
  /** Counted before anything else, the access check included. */
  rateLimit?: { limit: WindowLimit; key: (call: { req: Request; params: P; address: string }) => string };
  /** The words of this route's 429s (default 'Muitas tentativas. Tente novamente em …'); null: no body. */
  tooMany?: ((retryAfterMs: number) => string) | null;
  /** The 500's (and 503's) title when the handler throws. */
  error: string;
  handler: (call: RouteCall<P, A>) => Promise<Response | RouteRefusal>;
};

export type RouteHandler<P> = ((req: Request, context?: { params: Promise<P> }) => Promise<Response>) & {
  readonly route: { name: string; level: string };
};

type NoParams = Record<string, never>;

function answerRefusal(r: RouteRefusal, bodyless429: boolean): Response {
  if (r.code === "rate-limited") {
    const res = tooMany({ ok: false, retryAfterMs: r.retryAfterMs ?? 1000 }, bodyless429 ? null : r.error);
    for (const [k, v] of Object.entries(r.headers ?? {})) res.headers.set(k, v);
    return res;
  }
  return jsonError(REFUSAL_STATUS[r.code], r.error, { description: r.description, fieldErrors: r.fieldErrors, headers: r.headers });
}

export function defineRoute<P = NoParams, A = null>(def: RouteDefinition<P, A>): RouteHandler<P> {
  const words = def.tooMany === undefined ? tooManyAttempts : def.tooMany;
  const limit = async (policy: WindowLimit, key: string): Promise<RouteRefusal | null> => {
    const verdict = await hit(policy, key);
    return verdict.ok ? null : refuseFor(verdict.retryAfterMs, words ? words(verdict.retryAfterMs) : "");
  };

  const handler = async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = (context ? await context.params : {}) as P;
      // Read only by routes that count or log it (it warns once when the server can't tell it).
      let known: string | undefined;
      const addressOf = () => (known ??= clientAddressFrom(req.headers));
      if (def.rateLimit) {
        const refused = await limit(def.rateLimit.limit, def.rateLimit.key({ req, params, address: addressOf() }));
        if (refused) return answerRefusal(refused, words === null);
      }
      let auth = null as A;
      if (def.access !== "public") {
        const granted = await def.access(req);
        if (isRefusal(granted)) return answerRefusal(granted, words === null);
        auth = granted;
      }
      const out = await def.handler({ req, params, auth, limit, get address() { return addressOf(); } });
      return out instanceof Response ? out : answerRefusal(out, words === null);
    } catch (e) {
      // Next's own control flow (redirect(), notFound(), a dynamic bail-out) is not an error of ours.
      unstable_rethrow(e);
      if (databaseUnavailable(e)) {
        console.error(`[rota ${def.name}] banco de dados indisponível:`, e instanceof Error ? e.message : e);
        return jsonError(503, def.error, { description: UNAVAILABLE });
      }
      console.error(`[rota ${def.name}]`, e);
      return jsonError(500, def.error);
    }
  };
  return Object.assign(handler, { route: { name: def.name, level: def.access === "public" ? "public" : def.access.level } });
}

function isRefusal(x: unknown): x is RouteRefusal {
  return typeof x === "object" && x !== null && (x as { ok?: unknown }).ok === false && typeof (x as { code?: unknown }).code === "string";
}

/** A query string parameter, or null when absent or empty (e.g. the business a page names). */
export function searchParam(req: Request, name: string): string | null {
  return new URL(req.url).searchParams.get(name) || null;
}

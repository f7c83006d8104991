import type { z } from "zod";
import type { ChangeEvent } from "@/lib/core/realtime/events";

/**
 * The one result shape of every server action. `error` is the toast's title (the spec's text),
 * `description` its body, `fieldErrors` the message per form field (dotted paths), `code` the kind
 * of refusal when the screen must do more than toast it (the UI branches on codes, never on texts).
 */
export type FieldErrors = Record<string, string>;
export type ActionFailure = { ok: false; error: string; description?: string; fieldErrors?: FieldErrors; code?: string };
/**
 * `changes`: the change-log rows a business's write made (lib/core/realtime/changes.ts, `ownChanges`),
 * as the live stream carries them, when the write hook asked for them (components/live/use-write.ts):
 * the tab that wrote applies them at once and knows their echo from the stream.
 */
export type ActionResult<T extends object = object> = ({ ok: true; changes?: ChangeEvent[] } & T) | ActionFailure;

/** A success result carrying `data` (use with `fail` so TypeScript infers the action's result type). */
export function ok<T extends object = object>(data?: T): { ok: true } & T {
  return { ok: true, ...(data as T) };
}

export function fail(error: string, description?: string, fieldErrors?: FieldErrors): ActionFailure {
  const out: ActionFailure = { ok: false, error };
  if (description) out.description = description;
  if (fieldErrors && Object.keys(fieldErrors).length) out.fieldErrors = fieldErrors;
  return out;
}

/** The first message per field of a zod error, keyed by the dotted path ('' for form-level issues). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A refusal the screen acts on (e.g. an invalid link that sends the user away), besides toasting it. */
export function refusal(code: string, error: string, description?: string): ActionFailure {
  return { ...fail(error, description), code };
}

export function isFailure(result: { ok: boolean }): result is ActionFailure {
  return !result.ok;
}

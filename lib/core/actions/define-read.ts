import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import type { z } from "zod";
import { db, type Db } from "@/db";
import { databaseUnavailable } from "@/lib/core/db/errors";
import { json, jsonError } from "@/lib/core/http/responses";
import type { LiveRule } from "@/lib/core/live/invalidation";
import { NUL_MESSAGE, nulPath } from "@/lib/core/validation/nul-bytes";
import { withoutBusinessId, type BusinessContext, type Caller, type ResolveContext } from "./define-action";
import { UNAVAILABLE, UNEXPECTED } from "./messages";
import { zodFieldErrors } from "./result";

/**
 * The one way a screen reads: a GET of /api/live/{name}?businessId=…&{params}, answered by a read
 * made here. The same checks as every action, from the same code (resolveContext): session →
 * level → membership of the business named → zod parse of the parameters. Then the read, without a
 * transaction. Answers are JSON: the data itself (200), or the one error shape of lib/core/http/responses
 * ({ error, description?, fieldErrors? }) with 400, 401, 403, 503 or 500.
 *
 * A read is declared once, in its feature's reads.ts: its name, the tables it shows (`live`) and its
 * loader (`run`). The route's table and the browser's table-to-reads map are derived from these
 * declarations (lib/live-reads.ts); nothing else lists a read. Its first checks are the action
 * pipeline's, bound to the app's caller (`readPipeline(resolveContext)`, lib/pipeline.ts).
 */
export type ReadLevel = "staff" | "owner";

export type ReadDefinition<N extends string, S extends z.ZodType, T, A extends Caller = Caller> = {
  /** The resource's name: the URL's last segment and the client cache key's second part. */
  name: N;
  level: ReadLevel;
  /**
   * What makes the read stale: the tables whose changes it shows (at least one; lib/core/live/invalidation.ts).
   * `false`: a read once (a dialog's options, a toast's appointment), never read again by a change.
   */
  live: LiveRule | false;
  /** The parameters, parsed from the query string (strings: use z.coerce for numbers). */
  schema: S;
  /** The error title when the read fails (the screen's own load-error text). */
  error: string;
  run: (args: { input: z.output<S>; ctx: BusinessContext<A>; conn: Db }) => Promise<T>;
};

export type Read<N extends string = string> = {
  name: N;
  level: ReadLevel;
  live: LiveRule | false;
  answer: (params: URLSearchParams) => Promise<Response>;
};

/** Every read made, by name: the authorization tests' list, and the check that the registry (lib/live-reads.ts) misses none. */
export const READ_REGISTRY = new Map<string, Read>();

/** `defineRead`, its checks made by the action pipeline's `resolveContext`. */
export function readPipeline<A extends Caller>(resolveContext: ResolveContext<A>) {
  return function defineRead<const N extends string, S extends z.ZodType, T>(def: ReadDefinition<N, S, T, A>): Read<N> & { run: ReadDefinition<N, S, T, A>["run"] } {
    return makeRead(resolveContext, def);
  };
}

function makeRead<A extends Caller, const N extends string, S extends z.ZodType, T>(
  resolveContext: ResolveContext<A>,
  def: ReadDefinition<N, S, T, A>,
): Read<N> & { run: ReadDefinition<N, S, T, A>["run"] } {
  const answer = async (params: URLSearchParams): Promise<Response> => {
    // A repeated parameter is an error of the caller's, not a list: the last one would win silently.
    const raw: Record<string, string> = {};
    for (const [k, v] of params) {
      if (k in raw) return jsonError(400, def.error, { fieldErrors: { [k]: "Parâmetro repetido" } });
      raw[k] = v;
    }
    try {
      const resolved = await resolveContext(def.level, raw, def);
      if ("failure" in resolved) return jsonError(resolved.status, resolved.failure.error, { description: resolved.failure.description });
      const nul = nulPath(raw);
      if (nul !== null) return jsonError(400, def.error, { description: NUL_MESSAGE, fieldErrors: { [nul]: NUL_MESSAGE } });
      const parsed = def.schema.safeParse(withoutBusinessId(raw), IN_PORTUGUESE);
      if (!parsed.success) {
        const fields = zodFieldErrors(parsed.error);
        return jsonError(400, def.error, { description: Object.values(fields)[0], fieldErrors: fields });
      }
      return json(200, await def.run({ input: parsed.data as z.output<S>, ctx: resolved.ctx as BusinessContext<A>, conn: db }));
    } catch (e) {
      if (databaseUnavailable(e)) {
        console.error(`[leitura ${def.name}] banco de dados indisponível:`, e instanceof Error ? e.message : e);
        return jsonError(503, def.error, { description: UNAVAILABLE });
      }
      console.error(`[leitura ${def.name}]`, e);
      return jsonError(500, def.error, { description: UNEXPECTED });
    }
  };
  const read = { name: def.name, level: def.level, live: def.live, answer, run: def.run };
  READ_REGISTRY.set(def.name, read);
  return read;
}

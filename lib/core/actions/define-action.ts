import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { db, type Db, type Tx } from "@/db";
import { ownChanges } from "@/lib/core/realtime/changes";
import { databaseUnavailable, PG, pgCode, pgConstraint } from "@/lib/core/db/errors";
import { NUL_MESSAGE, nulPath } from "@/lib/core/validation/nul-bytes";
import { CONFLICTS, UNAVAILABLE, UNEXPECTED } from "./messages";
import { fail, refusal, zodFieldErrors, type ActionFailure, type ActionResult } from "./result";

/**
 * The one pipeline every server action goes through, in this order:
 *   session → role level → membership of the business the input names → zod parse →
 *   precheck (outside the transaction: rate limits, lookups) → the write in one transaction →
 *   the audit rows in that same transaction → after-commit work (e-mail, cookies) → revalidation.
 * A refusal returned by `run` rolls the transaction back like an error does, so nothing partial is
 * ever committed. Database errors never reach the user: 23P01 and 23505 become the spec's texts,
 * an unreachable database says so (UNAVAILABLE), anything else is logged and answered with the
 * action's own error title.
 *
 * What afterCommit needs but the browser must never see (a token to e-mail) travels from `run` under
 * the result's `server` key, which the pipeline removes from the answer.
 *
 * Why not next-safe-action: its result envelope ({ data, serverError, validationErrors }) is not
 * our one result shape, and its middleware chain cannot hold a transaction open around the action
 * and roll it back on a refusal result; this file is that pipeline in ~200 lines.
 *
 * Plumbing only: who the caller is, what a level lets them do and where an audit row goes are the
 * app's (lib/auth, lib/audit). `actionPipeline(binding)` receives them; lib/pipeline.ts binds them
 * once and is what the features import (`defineAction`, `defineRead`, `Write`).
 */
/** An action's level: a row of the app's permission table (lib/auth/permissions.ts). */
export type Level = "public" | "user" | "admin" | "staff" | "owner";

/** The caller as far as the pipeline cares; the app's session context (lib/auth/context.ts) is one. */
export type Caller = {
  user: { id: string };
  flags: { isAdmin: boolean };
  /** The businesses the database lists the caller as a member of, with their role (and grants) in each. */
  businesses: readonly { id: string; role: string; grants?: readonly string[] }[];
};
export type MembershipOf<A extends Caller> = A["businesses"][number];
/** What a member may be granted beyond their level (the app's permission table names them). */
export type GrantOf<A extends Caller> = NonNullable<MembershipOf<A>["grants"]>[number];

/** An audit row as an action writes it: the pipeline adds the actor and the business. */
export type AuditRow<E> = E & { actorId: string | null; businessId: string };

/** What the pipeline receives from the app (lib/pipeline.ts), so that lib/core names no feature. */
export type PipelineBinding<A extends Caller, E> = {
  /** The signed-in caller as the database sees them now, or null (once per request). */
  caller: () => Promise<A | null>;
  /** Why a caller may not call something of `level`, or null/undefined when they may (the permission table). */
  denial: (
    level: Level,
    caller: { signedIn: boolean; isAdmin: boolean; businessRole: MembershipOf<A>["role"] | null; grants?: MembershipOf<A>["grants"] },
    on: "call",
    grant?: GrantOf<A>,
  ) => unknown;
  /** Writes one audit row with the transaction handle it is given. */
  recordAudit: (tx: Tx | Db, row: AuditRow<E>) => Promise<void>;
  /** The refusals' texts (the permission table's). */
  refusals: { notSignedIn: string; forbidden: string; noBusiness: string };
};

export type PublicContext<A extends Caller = Caller> = { auth: A | null };
export type UserContext<A extends Caller = Caller> = { auth: A; userId: string };
export type BusinessContext<A extends Caller = Caller> = UserContext<A> & { businessId: string; business: MembershipOf<A> };
export type ContextOf<L extends Level, A extends Caller = Caller> = L extends "public"
  ? PublicContext<A>
  : L extends "staff" | "owner"
    ? BusinessContext<A>
    : UserContext<A>;

export type Audit<E> = (entry: E) => Promise<void>;

/** What a business mutation (lib/<feature>/mutations.ts) works with: `run: ({ input, ...w }) => m(w, input)`. */
export type Write<A extends Caller, E> = { ctx: BusinessContext<A>; tx: Tx | Db; audit: Audit<E> };

type RunArgs<L extends Level, S extends z.ZodType, A extends Caller, E> = {
  input: z.output<S>;
  ctx: ContextOf<L, A>;
  tx: Tx | Db;
  /** Writes an audit row for the action's business inside the transaction (staff/owner actions). */
  audit: Audit<E>;
};

export type ActionDefinition<L extends Level, S extends z.ZodType, R extends object, A extends Caller = Caller, E = unknown> = {
  /** For logs and the action registry ("clients.create"). */
  name: string;
  level: L;
  /** Besides the level, what a member must have been granted (a staff action an owner may withhold). */
  grant?: GrantOf<A>;
  schema: S;
  /** The failure title shown when anything goes wrong (the spec's 'Erro ao salvar cliente'). */
  error: string;
  /** The failure body for unexpected errors (the spec's 'Não foi possível salvar o cliente. Tente novamente.'). */
  fallback?: string;
  /** The toast when a business-level action names no business (default title 'Selecione um negócio'). */
  noBusiness?: { error: string; description?: string };
  /** The toast when nobody is signed in (default: the action's error with 'Sessão expirada…'). */
  notSignedIn?: { error: string; description?: string };
  /** Texts for constraint violations, keyed by SQLSTATE or constraint name (these win over the defaults). */
  conflicts?: Record<string, { error?: string; description: string; code?: string }>;
  /**
   * false: no transaction (reads); `tx` is then the plain database handle. A business's action with a
   * transaction is a write: asked by the browser's write hook (components/live/use-write.ts, `{
   * changes: true }`), its answer carries `changes`, the change-log rows it made
   * (lib/core/realtime/changes.ts), which the hook applies.
   */
  transaction?: boolean;
  precheck?: (args: { input: z.output<S>; ctx: ContextOf<L, A> }) => Promise<ActionFailure | void>;
  run: (args: RunArgs<L, S, A, E>) => Promise<ActionResult<R>>;
  /**
   * After the commit: sending mail, setting cookies. Sees the whole result (its `server` part too);
   * may add fields to the answer; its errors are logged only.
   */
  afterCommit?: (args: { input: z.output<S>; ctx: ContextOf<L, A>; result: { ok: true } & R }) => Promise<Partial<Answer<R>> | void>;
  /** Paths whose pages show what changed; `[path, "layout"]` covers every page under it. */
  revalidate?: readonly Revalidation[] | ((input: z.output<S>, result: { ok: true } & R) => readonly Revalidation[]);
  /** The action never answers sooner than this, whatever happened (forgot-password: the same time for every e-mail). */
  minDurationMs?: number;
};

export type Revalidation = string | readonly [path: string, type: "layout" | "page"];

/** What the browser gets of a result: everything but its `server` part. */
// Distributes over a union, so a result told apart by a field (`confirmed: true | false`) stays told apart.
export type Answer<R extends object> = R extends object ? Omit<R, "server"> : never;

/** What the browser sends: the schema's input, plus the business id for business-level actions. */
// z.object({}) has the input type Record<string, never>, which no business id could join.
type Fields<S extends z.ZodType> = string extends keyof z.input<S> ? unknown : z.input<S>;
export type ActionInput<L extends Level, S extends z.ZodType> = L extends "staff" | "owner"
  ? Fields<S> & { businessId: string }
  : z.input<S>;

/** What the registry and the source checks read of an action: `writes`, a business's write (it answers its changes when asked). */
export type Pipeline = { name: string; level: Level; writes: boolean };

/** What the write hook asks of a business's write: the change-log rows it made, in its answer. */
export type CallOptions = { changes?: boolean };

export type Action<L extends Level, S extends z.ZodType, R extends object> = ((
  input: ActionInput<L, S>,
  options?: CallOptions,
) => Promise<ActionResult<Answer<R>>>) & { readonly pipeline?: Pipeline };

/** Thrown inside the transaction to roll it back when `run` refuses. */
class Refusal extends Error {
  constructor(readonly failure: ActionFailure) {
    super(failure.error);
  }
}

const RETRYABLE = new Set<string>([PG.serializationFailure, PG.deadlockDetected]);
const MAX_ATTEMPTS = 3;

/** Every action made by defineAction, by name: the registry the authorization tests walk. */
export const ACTION_REGISTRY = new Map<string, { level: Level; grant?: string }>();

/** What resolveContext needs of a definition: its texts for a refusal. */
type Refusals = { error: string; noBusiness?: { error: string; description?: string }; notSignedIn?: { error: string; description?: string } };

/**
 * Session → level → membership of the business `raw` names: the checks every action and every read
 * (define-read.ts) make first. A failure carries the HTTP status a route handler answers with.
 */
export type ResolveContext<A extends Caller> = <L extends Level>(
  level: L,
  raw: unknown,
  def: Refusals,
  grant?: GrantOf<A>,
) => Promise<{ ctx: ContextOf<L, A> } | { failure: ActionFailure; status: 400 | 401 | 403 }>;

function contextResolver<A extends Caller, E>(binding: PipelineBinding<A, E>): ResolveContext<A> {
  const { refusals: texts } = binding;
  return async <L extends Level>(level: L, raw: unknown, def: Refusals, grant?: GrantOf<A>) => {
    type Ctx = ContextOf<L, A>;
    const auth = await binding.caller();
    if (level === "public") return { ctx: { auth } as Ctx };
    if (!auth) return { failure: fail(def.notSignedIn?.error ?? def.error, def.notSignedIn ? def.notSignedIn.description : texts.notSignedIn), status: 401 };
    const user: UserContext<A> = { auth, userId: auth.user.id };
    const caller = (business: MembershipOf<A> | undefined) => ({ signedIn: true, isAdmin: auth.flags.isAdmin, businessRole: business?.role ?? null, grants: business?.grants });
    if (level === "user" || level === "admin") {
      return binding.denial(level, caller(undefined), "call") ? { failure: fail(def.error, texts.forbidden), status: 403 } : { ctx: user as Ctx };
    }
    const businessId = typeof raw === "object" && raw !== null ? (raw as { businessId?: unknown }).businessId : undefined;
    if (typeof businessId !== "string" || !businessId) return { failure: fail(def.noBusiness?.error ?? texts.noBusiness, def.noBusiness?.description), status: 400 };
    // The business id from the browser counts only when the database lists the user as its member.
    const business: MembershipOf<A> | undefined = auth.businesses.find((b) => b.id === businessId);
    if (!business || binding.denial(level, caller(business), "call", grant)) return { failure: fail(def.error, texts.forbidden), status: 403 };
    return { ctx: { ...user, businessId: business.id, business } as Ctx };
  };
}

/**
 * A plain <form action={someAction}> (one that works before the page's scripts load) sends its
 * fields as FormData: its text fields become the input object, Next's own `$ACTION_…` fields and
 * any file are left out, and the schema checks the rest as for any call.
 */
function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (!key.startsWith("$ACTION") && typeof value === "string") out[key] = value;
  return out;
}

export function withoutBusinessId(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const { businessId: _ignored, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/** The friendly text for a database error, or null when it is not one we explain. */
function explain(err: unknown, def: { error: string; conflicts?: ActionDefinition<Level, z.ZodType, object>["conflicts"] }): ActionFailure | null {
  const code = pgCode(err);
  const constraint = pgConstraint(err);
  const custom = (constraint && def.conflicts?.[constraint]) || (code && def.conflicts?.[code]);
  if (custom) return custom.code ? refusal(custom.code, custom.error ?? def.error, custom.description) : fail(custom.error ?? def.error, custom.description);
  if (code === PG.exclusionViolation) {
    const c = constraint === "appointments_client_no_overlap" ? CONFLICTS.client : CONFLICTS.professional;
    return refusal(c.code, c.error, c.description);
  }
  if (code === PG.uniqueViolation) return fail(def.error, CONFLICTS.duplicate);
  if (code === PG.foreignKeyViolation) return fail(def.error, CONFLICTS.inUse);
  return null;
}

/**
 * The pipeline bound to the app's caller, permission rule and audit writer (lib/pipeline.ts does it
 * once): `defineAction` makes an action, `resolveContext` is its first checks (the read pipeline's too).
 */
export function actionPipeline<A extends Caller, E>(binding: PipelineBinding<A, E>) {
  const resolveContext = contextResolver(binding);
  const defineAction = <L extends Level, S extends z.ZodType, R extends object = object>(def: ActionDefinition<L, S, R, A, E>): Action<L, S, R> =>
    makeAction(binding, resolveContext, def);
  return { defineAction, resolveContext };
}

function makeAction<A extends Caller, E, L extends Level, S extends z.ZodType, R extends object>(
  binding: PipelineBinding<A, E>,
  resolveContext: ResolveContext<A>,
  def: ActionDefinition<L, S, R, A, E>,
): Action<L, S, R> {
  ACTION_REGISTRY.set(def.name, { level: def.level, grant: def.grant });
  const writes = def.transaction !== false && (def.level === "staff" || def.level === "owner");

  const action = async (raw: ActionInput<L, S>, options?: CallOptions): Promise<ActionResult<Answer<R>>> => {
    const started = Date.now();
    // Only the write hook asks (a form posted before the page's scripts ran has no use for them).
    const changes = writes && typeof options === "object" && options !== null && options.changes === true;
    try {
      return await answer((raw instanceof FormData ? formFields(raw) : raw) as ActionInput<L, S>, changes);
    } finally {
      const wait = (def.minDurationMs ?? 0) - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };

  const answer = async (raw: ActionInput<L, S>, answerChanges: boolean): Promise<ActionResult<Answer<R>>> => {
    try {
      const resolved = await resolveContext(def.level, raw, def, def.grant);
      if ("failure" in resolved) return resolved.failure;
      const { ctx } = resolved;

      const nul = nulPath(raw);
      if (nul !== null) return fail(def.error, NUL_MESSAGE, { [nul]: NUL_MESSAGE });

      const parsed = def.schema.safeParse(def.level === "staff" || def.level === "owner" ? withoutBusinessId(raw) : raw, IN_PORTUGUESE);
      if (!parsed.success) {
        const fields = zodFieldErrors(parsed.error);
        return fail(def.error, Object.values(fields)[0], fields);
      }
      const input = parsed.data as z.output<S>;

      const refused = await def.precheck?.({ input, ctx });
      if (refused) return refused;

      const runOnce = async (tx: Tx | Db) => {
        const audit: Audit<E> = async (entry) => {
          const business = (ctx as Partial<BusinessContext<A>>).businessId;
          if (!business) throw new Error(`Ação ${def.name}: auditoria sem negócio`);
          await binding.recordAudit(tx, { ...entry, actorId: (ctx as Partial<UserContext<A>>).userId ?? null, businessId: business });
        };
        const result = await def.run({ input, ctx, tx, audit });
        if (!result.ok) throw new Refusal(result);
        if (!answerChanges) return result;
        const changes = await ownChanges(tx);
        return changes.length ? { ...result, changes } : result;
      };

      let result: { ok: true } & R;
      for (let attempt = 1; ; attempt++) {
        try {
          result = (def.transaction === false ? await runOnce(db) : await db.transaction(runOnce)) as { ok: true } & R;
          break;
        } catch (e) {
          if (attempt < MAX_ATTEMPTS && RETRYABLE.has(pgCode(e) ?? "")) continue;
          throw e;
        }
      }

      if (def.afterCommit) {
        try {
          const extra = await def.afterCommit({ input, ctx, result });
          if (extra) result = { ...result, ...extra };
        } catch (e) {
          console.error(`[ação ${def.name}] falha após o commit`, e);
        }
      }
      const paths = typeof def.revalidate === "function" ? def.revalidate(input, result) : (def.revalidate ?? []);
      for (const p of paths) {
        if (typeof p === "string") revalidatePath(p);
        else revalidatePath(p[0], p[1]);
      }
      const { server: _server, ...answered } = result as typeof result & { server?: unknown };
      return answered as { ok: true } & Answer<R>;
    } catch (e) {
      if (e instanceof Refusal) return e.failure;
      const known = explain(e, def as unknown as ActionDefinition<Level, z.ZodType, object>);
      if (known) return known;
      // Next's redirect()/notFound() signal by throwing: let them through.
      if (e && typeof e === "object" && "digest" in e && typeof (e as { digest: unknown }).digest === "string") throw e;
      // The database is away (restart, failover): say so instead of blaming what the user typed.
      if (databaseUnavailable(e)) {
        console.error(`[ação ${def.name}] banco de dados indisponível:`, e instanceof Error ? e.message : e);
        return fail(def.error, UNAVAILABLE);
      }
      console.error(`[ação ${def.name}]`, e);
      return fail(def.error, def.fallback ?? UNEXPECTED);
    }
  };
  Object.defineProperty(action, "pipeline", { value: { name: def.name, level: def.level, writes } satisfies Pipeline });
  return action as Action<L, S, R>;
}

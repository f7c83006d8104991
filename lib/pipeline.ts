/**
 * The action and read pipelines of lib/core (plumbing, which names no feature) bound to this app's
 * caller (lib/auth/context.ts: the session as the database sees it), permission rule
 * (lib/auth/permissions.ts) and audit writer (lib/audit/record.ts). Features make their actions and
 * reads here: `defineAction` in actions.ts, `defineRead` in reads.ts, `Write` for their mutations.
 */
import "server-only";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { getAuthContext, type AuthContext } from "@/lib/auth/context";
import { ACCESS, denial } from "@/lib/auth/permissions";
import * as core from "@/lib/core/actions/define-action";
import { readPipeline } from "@/lib/core/actions/define-read";

/** An audit row as an action writes it (the pipeline adds the actor and the business). */
type AuditFields = Omit<AuditEntry, "actorId" | "businessId">;

export const { defineAction, resolveContext } = core.actionPipeline<AuthContext, AuditFields>({
  caller: getAuthContext,
  denial,
  recordAudit,
  refusals: ACCESS,
});

export const defineRead = readPipeline(resolveContext);

export type UserContext = core.UserContext<AuthContext>;
export type BusinessContext = core.BusinessContext<AuthContext>;
export type Audit = core.Audit<AuditFields>;
/** What a business mutation (lib/<feature>/mutations.ts) works with: `run: ({ input, ...w }) => m(w, input)`. */
export type Write = core.Write<AuthContext, AuditFields>;

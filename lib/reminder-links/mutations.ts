import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { publicWrite } from "@/lib/audit/public-write";
import { setAppointmentStatus } from "@/lib/appointments/mutations";
import { STATUS } from "@/lib/appointments/status";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { recordClientEvent } from "@/lib/notifications/record";
import { callToCancelText, REMINDER_LINK_MESSAGES as MSG, type RefusalCode } from "./messages";
import { linkByHash } from "./queries";
import { linkState } from "./state";
import { hashLinkToken } from "./tokens";

const REFUSALS: Record<Exclude<RefusalCode, "too-late" | "too-many">, string> = {
  invalid: MSG.invalid,
  used: MSG.used,
  "not-active": MSG.notActive,
};

/**
 * The answer of a reminder link: 'Confirmar presença' sets a pending appointment to confirmado,
 * 'Preciso cancelar' cancels it within the business's minimum notice. Through the agenda's own
 * status change (audited as 'Sistema', live on the agenda), with the token locked and spent in the
 * same transaction, and the bell's row (which brings the owners' e-mail).
 */
export async function respondByLink(tx: Tx, token: string, now: Date): Promise<ActionResult<{ purpose: "confirm" | "cancel" }>> {
  const link = await linkByHash(hashLinkToken(token), tx, true);
  if (!link) return refusal("invalid", MSG.error, MSG.invalid);
  const state = linkState(link, now);
  if (state === "too-late") return refusal(state, MSG.error, callToCancelText(link.business.cancelDeadlineHours, link.business.phone));
  if (state !== "ready") return refusal(state, MSG.error, REFUSALS[state as keyof typeof REFUSALS]);
  const w = publicWrite(tx, link.businessId);
  const target = link.purpose === "confirm" ? STATUS.confirmado : STATUS.cancelado;
  if (link.statusId !== target) {
    const r = await setAppointmentStatus(w, link.appointmentId, target);
    if (!r.ok) return fail(MSG.error, r.description ?? MSG.notActive);
  }
  await tx.execute(sql`update appointment_link_tokens set used_at = ${now.toISOString()} where token_hash = ${hashLinkToken(token)}`);
  await recordClientEvent(tx, {
    businessId: link.businessId,
    appointmentId: link.appointmentId,
    kind: link.purpose === "confirm" ? "client_confirmed" : "client_cancelled",
  });
  return ok({ purpose: link.purpose });
}

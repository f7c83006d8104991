import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { appUrl } from "@/lib/core/config/app-url";

/** A reminder link's secret: 256 random bits; only its SHA-256 is stored (appointment_link_tokens). */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The page of one link: /agendar/lembrete/{token} (the WhatsApp template's button base too). */
export function linkPath(token: string): string {
  return `/agendar/lembrete/${encodeURIComponent(token)}`;
}

/** As sent: from APP_URL, never from a request's Host. */
export function linkUrl(token: string): string {
  return `${appUrl()}${linkPath(token)}`;
}

/** The tokens of one reminder's links (the e-mail makes URLs of them; WhatsApp's buttons take the token); `cancel` null: none made. */
export type ReminderLinks = { confirm: string; cancel: string | null };

/**
 * The links of one reminder, each good only for its purpose and until the appointment starts:
 * 'Confirmar presença', and 'Preciso cancelar' unless `cancel` is false (the e-mail sent after the
 * cancel notice has none). Written with the delivery's claim: a send that fails takes its tokens
 * back with it. `expires_at` records the start they were sent for; whether a link still acts is
 * decided by the appointment's start when it is used (state.ts), so a move earlier into the past
 * ends it and a move later keeps it.
 */
export async function createReminderLinks(tx: Tx, a: { businessId: string; appointmentId: string; startsAt: Date; cancel: boolean }): Promise<ReminderLinks> {
  const confirm = newLinkToken();
  const cancel = a.cancel ? newLinkToken() : null;
  const row = (t: { hash: string }, purpose: "confirm" | "cancel") =>
    sql`(${t.hash}, ${a.businessId}, ${a.appointmentId}, ${purpose}, ${a.startsAt.toISOString()})`;
  await tx.execute(sql`
    insert into appointment_link_tokens (token_hash, business_id, appointment_id, purpose, expires_at)
    values ${sql.join([row(confirm, "confirm"), ...(cancel ? [row(cancel, "cancel")] : [])], sql`, `)}`);
  return { confirm: confirm.token, cancel: cancel?.token ?? null };
}

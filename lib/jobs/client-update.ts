import { sql } from "drizzle-orm";
import { db, type Conn, type Tx } from "@/db";
import { sendMail } from "@/emails/mailer";
import { clientUpdateEmail } from "@/emails/client-update";
import { STATUS } from "@/lib/appointments/status";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { deliverMessage, type DeliveryResult } from "@/lib/notifications/deliver";
import { cancelByLinkOpen } from "@/lib/reminder-links/state";
import { createReminderLinks, linkUrl } from "@/lib/reminder-links/tokens";
import { appointmentNotice } from "./queries";
import { sendWhatsAppClientUpdateFor } from "./whatsapp-messages";

/** The ledger's kinds of these messages, e-mail then WhatsApp: the appointment as booked or moved, or cancelled. */
export const CLIENT_UPDATE_KINDS = ["client_update_email", "client_update_whatsapp"] as const;
export const CLIENT_CANCEL_KINDS = ["client_cancel_email", "client_cancel_whatsapp"] as const;

/**
 * The wait before a staff change is told (CLIENT_UPDATE_DELAY_SECONDS, default 180): a move back
 * and forth within it sends one message, with the final time. Read on each call (tests change it).
 */
export function clientUpdateDelaySeconds(env: Record<string, string | undefined> = process.env): number {
  const v = env.CLIENT_UPDATE_DELAY_SECONDS?.trim() ?? "";
  return /^\d+$/.test(v) ? Number(v) : 180;
}

/**
 * Queues the 'client_update' job of an appointment the staff booked, moved or cancelled, in the
 * write's own transaction (a rollback takes it back), unless the business switched these messages
 * off (the 'Lembretes' card's 'Avisar o cliente quando o salão marcar, mudar ou cancelar um horário'). One job
 * per appointment (job key, mode 'replace'): each change pushes it back by the delay, so the job
 * runs once the changes stop and reads the appointment as it is then.
 */
export async function queueClientUpdate(tx: Conn, businessId: string, appointmentId: string): Promise<void> {
  await tx.execute(sql`
    select graphile_worker.add_job('client_update', json_build_object('appointmentId', ${appointmentId}::uuid),
             run_at := now() + make_interval(secs => ${clientUpdateDelaySeconds()}), max_attempts := 8,
             job_key := 'client_update:' || ${appointmentId}, job_key_mode := 'replace')
     where coalesce((select client_change_messages from business_notification_settings where business_id = ${businessId}), true)`);
}

/** Per channel (the ledger's kinds): sent now, sent before (a duplicate), or held back by the business's rules. */
export type ClientUpdateOutcome = { sent: string[]; duplicates: string[]; skipped: string[] };

/** One channel of a client update: its ledger kind, its recipient, and its send in the claim's transaction (its links with it). */
type Channel = { kind: string; recipient: string; send: (tx: Tx) => Promise<void> };

/**
 * The 'client_update' job: the appointment as it is now, told once on each channel — the client's
 * e-mail, and WhatsApp by the reminder's rule (lib/jobs/whatsapp-messages.ts: the business's
 * 'WhatsApp' channel, the server's configuration, the client's phone) with its own template —
 * through the business's rules (lib/notifications/deliver.ts). The ledger's key is the state told
 * (its kind, booked or cancelled, per channel, and its start), so a job whose final state is what
 * the client was already told sends nothing ('duplicates'). A cancellation of a booking never told
 * sends nothing. The links are the reminder's (lib/reminder-links): 'Preciso cancelar' only while
 * cancelling by link is allowed, else the message says to call, with the phone. A channel that
 * fails throws after the others were tried, so the job's retry sends only what is still missing.
 */
export async function runClientUpdate(job: { appointmentId: string }, now = new Date()): Promise<ClientUpdateOutcome> {
  const outcome: ClientUpdateOutcome = { sent: [], duplicates: [], skipped: [] };
  const n = await appointmentNotice(job.appointmentId);
  if (!n || !n.settings.clientChangeMessages) return outcome;
  const cancelled = n.statusId === STATUS.cancelado;
  if (!cancelled && n.statusId !== STATUS.pendente && n.statusId !== STATUS.confirmado) return outcome;
  const startsAt = businessDateTimeToInstant(n.date, n.startTime);
  const kinds = cancelled ? CLIENT_CANCEL_KINDS : CLIENT_UPDATE_KINDS;
  // Told of another state before (on any channel): not this one, which a retry may have half told.
  const [told] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notification_deliveries
     where subject_id = ${n.appointmentId}
       and kind in (${sql.join([...CLIENT_UPDATE_KINDS, ...CLIENT_CANCEL_KINDS, "online_booking_email"].map((k) => sql`${k}`), sql`, `)})
       and not (kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)}) and due_at = ${startsAt.toISOString()})`);
  const toldBefore = told.n > 0;
  // Booked and cancelled before the client heard of it: nothing to tell; already in the past: neither.
  if ((cancelled && !toldBefore) || startsAt.getTime() <= now.getTime()) return outcome;
  const what = cancelled ? "cancelled" : toldBefore ? "moved" : "booked";
  const cancelOpen = !cancelled && cancelByLinkOpen(n, now);

  const channels: Channel[] = [];
  if (n.client.email) {
    const to = n.client.email;
    // Each line's length, in the order of the notice's lines (appointmentNotice), for the .ics.
    const lengths = await db.execute<{ minutes: number | null }>(sql`
      select sv.duration_minutes as minutes from appointment_services s join services sv on sv.id = s.service_id
       where s.appointment_id = ${n.appointmentId} order by sv.name, s.id`);
    const minutes = lengths.map((l) => l.minutes);
    channels.push({
      kind: kinds[0], recipient: to,
      send: async (tx) => {
        const links = cancelled ? null : await createReminderLinks(tx, { businessId: n.businessId, appointmentId: n.appointmentId, startsAt, cancel: cancelOpen });
        await sendMail(clientUpdateEmail(n, to, {
          what, minutes,
          confirm: links ? linkUrl(links.confirm) : null,
          cancel: links?.cancel ? linkUrl(links.cancel) : null,
        }));
      },
    });
  }
  const wa = sendWhatsAppClientUpdateFor(n);
  if (wa) {
    channels.push({
      kind: kinds[1], recipient: wa.to,
      send: async (tx) => {
        // Only the cancel link goes in the text: made only while cancelling by link is allowed.
        const links = cancelOpen ? await createReminderLinks(tx, { businessId: n.businessId, appointmentId: n.appointmentId, startsAt, cancel: true }) : null;
        await wa.send(what, links?.cancel ? linkUrl(links.cancel) : null);
      },
    });
  }

  const failures: unknown[] = [];
  for (const ch of channels) {
    try {
      const r: DeliveryResult = await deliverMessage(
        { businessId: n.businessId, kind: ch.kind, subjectId: n.appointmentId, dueAt: startsAt, recipient: ch.recipient },
        ch.send,
      );
      (r === "sent" ? outcome.sent : r === "skipped" ? outcome.skipped : outcome.duplicates).push(ch.kind);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  return outcome;
}

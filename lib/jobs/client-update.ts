import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { sendMail } from "@/emails/mailer";
import { clientUpdateEmail } from "@/emails/client-update";
import { STATUS } from "@/lib/appointments/status";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { deliverMessage, type DeliveryResult } from "@/lib/notifications/deliver";
import { cancelByLinkOpen } from "@/lib/reminder-links/state";
import { createReminderLinks, linkUrl } from "@/lib/reminder-links/tokens";
import { appointmentNotice } from "./queries";

/** The ledger's kinds of these messages: the appointment as booked or moved, or cancelled. */
export const CLIENT_UPDATE_KIND = "client_update_email";
export const CLIENT_CANCEL_KIND = "client_cancel_email";

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
 * off ('Avisar o cliente sobre agendamentos, mudanças e cancelamentos feitos pelo salão'). One job
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

export type ClientUpdateOutcome = "sent" | "duplicate" | "skipped" | "nothing";

/**
 * The 'client_update' job: the appointment as it is now, told once to the client's e-mail through
 * the business's rules (lib/notifications/deliver.ts). The ledger's key is the state told (its kind,
 * booked or cancelled, and its start), so a job whose final state is what the client was already
 * told sends nothing ('duplicate'). A cancellation of a booking never told sends nothing. The links
 * are the reminder's (lib/reminder-links): 'Preciso cancelar' only while cancelling by link is
 * allowed, else the e-mail says to call, with the phone.
 */
export async function runClientUpdate(job: { appointmentId: string }, now = new Date()): Promise<ClientUpdateOutcome> {
  const n = await appointmentNotice(job.appointmentId);
  if (!n || !n.settings.clientChangeMessages || !n.client.email) return "nothing";
  const cancelled = n.statusId === STATUS.cancelado;
  if (!cancelled && n.statusId !== STATUS.pendente && n.statusId !== STATUS.confirmado) return "nothing";
  const startsAt = businessDateTimeToInstant(n.date, n.startTime);
  const [told] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notification_deliveries
     where subject_id = ${n.appointmentId} and kind in (${CLIENT_UPDATE_KIND}, ${CLIENT_CANCEL_KIND}, 'online_booking_email')`);
  const toldBefore = told.n > 0;
  // Booked and cancelled before the client heard of it: nothing to tell; already in the past: neither.
  if ((cancelled && !toldBefore) || startsAt.getTime() <= now.getTime()) return "nothing";
  const to = n.client.email;
  // Each line's length, in the order of the notice's lines (appointmentNotice), for the .ics.
  const lengths = await db.execute<{ minutes: number | null }>(sql`
    select sv.duration_minutes as minutes from appointment_services s join services sv on sv.id = s.service_id
     where s.appointment_id = ${n.appointmentId} order by sv.name, s.id`);
  const minutes = lengths.map((l) => l.minutes);
  const r: DeliveryResult = await deliverMessage(
    { businessId: n.businessId, kind: cancelled ? CLIENT_CANCEL_KIND : CLIENT_UPDATE_KIND, subjectId: n.appointmentId, dueAt: startsAt, recipient: to },
    async (tx) => {
      const links = cancelled ? null : await createReminderLinks(tx, { businessId: n.businessId, appointmentId: n.appointmentId, startsAt, cancel: cancelByLinkOpen(n, now) });
      await sendMail(clientUpdateEmail(n, to, {
        what: cancelled ? "cancelled" : toldBefore ? "moved" : "booked",
        minutes,
        confirm: links ? linkUrl(links.confirm) : null,
        cancel: links?.cancel ? linkUrl(links.cancel) : null,
      }));
    },
  );
  return r;
}

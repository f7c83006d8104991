import { sendMail } from "@/emails/mailer";
import { reminderEmail } from "@/emails/reminder";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { deliverMessage } from "@/lib/notifications/deliver";
import { cancelByLinkOpen } from "@/lib/reminder-links/state";
import { createReminderLinks, linkUrl, type ReminderLinks } from "@/lib/reminder-links/tokens";
import { appointmentNotice, type AppointmentNotice } from "./queries";
import { reminderVerdict, type ReminderPayload, type ReminderVerdict } from "./rules";
import { sendWhatsAppReminderFor } from "./whatsapp-messages";

/** Per channel: sent now, sent before (a duplicate), or held back by the business's rules (lib/notifications/deliver.ts). */
export type ReminderOutcome = { verdict: ReminderVerdict; sent: string[]; duplicates: string[]; skipped: string[] };

/** One channel of a reminder; `cancel`: whether its 'Preciso cancelar' link is made. */
type Channel = { kind: string; recipient: string; cancel: boolean; send: (tokens: ReminderLinks) => Promise<void> };

/**
 * The reminder's channels. `cancelOpen`: whether cancelling by link is still allowed as it is sent
 * (the business's minimum notice, the rule of the link's page: lib/reminder-links/state.ts). After
 * it, the e-mail has no 'Preciso cancelar' and says to call, with the business's phone. WhatsApp's
 * approved template has its two buttons fixed, so its 'Preciso cancelar' opens the link's page,
 * which says the same (too late by link: call, with the phone) — see docs/features/reminders.md.
 */
function channelsOf(n: AppointmentNotice, cancelOpen: boolean): Channel[] {
  const out: Channel[] = [];
  if (n.settings.channels.includes("email") && n.client.email) {
    const to = n.client.email;
    out.push({
      kind: "reminder_email", recipient: to, cancel: cancelOpen,
      send: (t) => sendMail(reminderEmail(n, to, { confirm: linkUrl(t.confirm), cancel: t.cancel ? linkUrl(t.cancel) : null })),
    });
  }
  // The business's 'WhatsApp' channel, the server's configuration and the client's phone (whatsAppRecipient).
  const wa = sendWhatsAppReminderFor(n);
  if (wa) out.push({ kind: "reminder_whatsapp", recipient: wa.to, cancel: true, send: wa.send });
  return out;
}

/**
 * The 'reminder' job: one appointment's reminder at one lead time. Checked against the appointment
 * as it is now (lib/jobs/rules.ts), then sent once per channel through the business's rules
 * (lib/notifications/deliver.ts), with fresh links written in the claim's transaction (none for a
 * message held back; 'Preciso cancelar' only while cancelling by link is allowed at `now`, above). A channel that fails throws after
 * the others were tried, so the job's retry sends only what is still missing.
 */
export async function runReminder(job: ReminderPayload, now = new Date()): Promise<ReminderOutcome> {
  const notice = await appointmentNotice(job.appointmentId);
  const verdict = reminderVerdict(notice, job, now);
  const outcome: ReminderOutcome = { verdict, sent: [], duplicates: [], skipped: [] };
  if (verdict !== "send" || !notice) return outcome;
  const startsAt = businessDateTimeToInstant(notice.date, notice.startTime);
  const cancelOpen = cancelByLinkOpen(notice, now);
  const failures: unknown[] = [];
  for (const ch of channelsOf(notice, cancelOpen)) {
    try {
      const r = await deliverMessage(
        { businessId: notice.businessId, kind: ch.kind, subjectId: notice.appointmentId, dueAt: new Date(job.due), recipient: ch.recipient },
        async (tx) => ch.send(await createReminderLinks(tx, { businessId: notice.businessId, appointmentId: notice.appointmentId, startsAt, cancel: ch.cancel })),
      );
      (r === "sent" ? outcome.sent : r === "skipped" ? outcome.skipped : outcome.duplicates).push(ch.kind);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  return outcome;
}

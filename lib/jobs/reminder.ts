import { sendMail } from "@/emails/mailer";
import { reminderEmail } from "@/emails/reminder";
import { deliverOnce } from "@/lib/core/jobs/deliver-once";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { createReminderLinks, linkUrl, type ReminderLinks } from "@/lib/reminder-links/tokens";
import { appointmentNotice, type AppointmentNotice } from "./queries";
import { reminderVerdict, type ReminderPayload, type ReminderVerdict } from "./rules";
import { sendWhatsAppReminderFor } from "./whatsapp-reminder";

export type ReminderOutcome = { verdict: ReminderVerdict; sent: string[]; duplicates: string[] };

type Channel = { kind: string; recipient: string; send: (tokens: ReminderLinks) => Promise<void> };

function channelsOf(n: AppointmentNotice): Channel[] {
  const out: Channel[] = [];
  if (n.settings.channels.includes("email") && n.client.email) {
    const to = n.client.email;
    out.push({ kind: "reminder_email", recipient: to, send: (t) => sendMail(reminderEmail(n, to, { confirm: linkUrl(t.confirm), cancel: linkUrl(t.cancel) })) });
  }
  if (n.settings.channels.includes("whatsapp")) {
    const wa = sendWhatsAppReminderFor(n);
    if (wa) out.push({ kind: "reminder_whatsapp", recipient: wa.to, send: wa.send });
  }
  return out;
}

/**
 * The 'reminder' job: one appointment's reminder at one lead time. Checked against the appointment
 * as it is now (lib/jobs/rules.ts), then sent once per channel (lib/core/jobs/deliver-once.ts),
 * with a fresh pair of links written in the claim's transaction. A channel that fails throws after
 * the others were tried, so the job's retry sends only what is still missing.
 */
export async function runReminder(job: ReminderPayload, now = new Date()): Promise<ReminderOutcome> {
  const notice = await appointmentNotice(job.appointmentId);
  const verdict = reminderVerdict(notice, job, now);
  const outcome: ReminderOutcome = { verdict, sent: [], duplicates: [] };
  if (verdict !== "send" || !notice) return outcome;
  const startsAt = businessDateTimeToInstant(notice.date, notice.startTime);
  const failures: unknown[] = [];
  for (const ch of channelsOf(notice)) {
    try {
      const r = await deliverOnce(
        { businessId: notice.businessId, kind: ch.kind, subjectId: notice.appointmentId, dueAt: new Date(job.due), recipient: ch.recipient },
        async (tx) => ch.send(await createReminderLinks(tx, { businessId: notice.businessId, appointmentId: notice.appointmentId, startsAt })),
      );
      (r === "sent" ? outcome.sent : outcome.duplicates).push(ch.kind);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  return outcome;
}

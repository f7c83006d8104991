import { dailySummaryEmail } from "@/emails/daily-summary";
import { sendMail } from "@/emails/mailer";
import { deliverMessage } from "@/lib/notifications/deliver";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { daySummary, ownerRecipients, summaryBusinesses } from "./queries";

/**
 * The 'daily_summary' cron job (07:00 in the business zone, once across instances: graphile-worker's
 * cron keys each run by its time). `at` is the run's scheduled instant: a retried or backfilled run
 * finds its summaries already claimed for that day. Through the business's rules like every message
 * (lib/notifications/deliver.ts): its owner confirmed, within the day's cap.
 */
export async function runDailySummary(at: Date): Promise<number> {
  const date = instantToBusinessParts(at).date;
  let sent = 0;
  const failures: unknown[] = [];
  for (const b of await summaryBusinesses()) {
    const summary = await daySummary(b.id, date);
    for (const owner of await ownerRecipients(b.id, true)) {
      try {
        const r = await deliverMessage(
          { businessId: b.id, kind: "daily_summary", subjectId: owner.userId, dueAt: at, recipient: owner.email },
          () => sendMail(dailySummaryEmail({ to: owner.email, businessName: b.name, date, summary })),
        );
        if (r === "sent") sent++;
      } catch (e) {
        failures.push(e);
      }
    }
  }
  if (failures.length) throw failures[0];
  return sent;
}

import type { Task, TaskList } from "graphile-worker";
import { runDailyBackup } from "./backup";
import { runClientUpdate } from "./client-update";
import { runDailySummary } from "./daily-summary";
import { runOwnerNotice } from "./owner-notice";
import { pollCharge } from "@/lib/pix/mutations";
import { runReminder } from "./reminder";
import { dailyCronAt, type ReminderPayload } from "./rules";
import { runOfferExpire, runWaitlistMatch, type ExpirePayload, type MatchPayload } from "./waitlist";

const reminder: Task = async (payload) => {
  await runReminder(payload as ReminderPayload);
};

const clientUpdate: Task = async (payload) => {
  await runClientUpdate(payload as { appointmentId: string });
};

const ownerNotice: Task = async (payload) => {
  await runOwnerNotice(payload as { notificationId: string });
};

const waitlistMatch: Task = async (payload) => {
  await runWaitlistMatch(payload as MatchPayload);
};

const waitlistOfferExpire: Task = async (payload) => {
  await runOfferExpire(payload as ExpirePayload);
};

/** A PSP's Pix charge asked again (the webhook may be late or lost): lib/pix/mutations.ts. */
const pixPoll: Task = async (payload) => {
  await pollCharge((payload as { chargeId: string }).chargeId);
};

const dailySummary: Task = async (payload) => {
  const cron = (payload as { _cron?: { ts: string } })._cron;
  await runDailySummary(cron ? new Date(cron.ts) : new Date());
};

const dbBackup: Task = async (payload) => {
  const cron = (payload as { _cron?: { ts: string } })._cron;
  await runDailyBackup(cron ? new Date(cron.ts) : new Date());
};

/** Every job the app runs, by the name SQL adds it with (migration 0023's triggers). */
export const JOB_TASKS: TaskList = {
  reminder, owner_notice: ownerNotice, daily_summary: dailySummary, db_backup: dbBackup,
  waitlist_match: waitlistMatch, waitlist_offer_expire: waitlistOfferExpire, client_update: clientUpdate, pix_poll: pixPoll,
};

/**
 * The recurring jobs: the morning summary at 07:00 in the business zone; on the embedded database
 * (`embedded`: scripts/start.ts sets EMBEDDED_PG_DATA), the backup at 03:00 in the business zone.
 */
export function jobsCrontab(now = new Date(), embedded = !!process.env.EMBEDDED_PG_DATA): string {
  const lines = [`${dailyCronAt(7, now)} daily_summary ?fill=4h&max=3`];
  if (embedded) lines.push(`${dailyCronAt(3, now)} db_backup ?fill=4h&max=3`);
  return lines.join("\n");
}

import type { Task, TaskList } from "graphile-worker";
import { runDailySummary } from "./daily-summary";
import { runOwnerNotice } from "./owner-notice";
import { runReminder } from "./reminder";
import { dailyCronAt, type ReminderPayload } from "./rules";

const reminder: Task = async (payload) => {
  await runReminder(payload as ReminderPayload);
};

const ownerNotice: Task = async (payload) => {
  await runOwnerNotice(payload as { notificationId: string });
};

const dailySummary: Task = async (payload) => {
  const cron = (payload as { _cron?: { ts: string } })._cron;
  await runDailySummary(cron ? new Date(cron.ts) : new Date());
};

/** Every job the app runs, by the name SQL adds it with (migration 0023's triggers). */
export const JOB_TASKS: TaskList = { reminder, owner_notice: ownerNotice, daily_summary: dailySummary };

/** The recurring jobs: the morning summary at 07:00 in the business zone. */
export function jobsCrontab(now = new Date()): string {
  return `${dailyCronAt(7, now)} daily_summary ?fill=4h&max=3`;
}

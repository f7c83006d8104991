/** What the jobs decide, as plain functions (lib/jobs/rules.test.ts). */
import { STATUS } from "@/lib/appointments/status";
import { BUSINESS_TZ } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import type { AppointmentNotice } from "./queries";

export type ReminderPayload = { appointmentId: string; businessId: string; lead: number; due: string };

/** When a reminder `leadMinutes` before the appointment is due (the trigger of migration 0023 computes the same). */
export function reminderDueAt(date: string, time: string, leadMinutes: number): Date {
  return new Date(businessDateTimeToInstant(date, time).getTime() - leadMinutes * 60_000);
}

export type ReminderVerdict = "send" | "gone" | "not-active" | "switched-off" | "moved" | "started";

/**
 * Whether a reminder job still has something to send when it runs. The trigger moves or removes
 * jobs with the appointment, but a job already running when the appointment changed (or one a
 * reschedule raced) is checked again here against what the appointment is now.
 */
export function reminderVerdict(notice: AppointmentNotice | null, job: ReminderPayload, now: Date): ReminderVerdict {
  if (!notice || notice.businessId !== job.businessId) return "gone";
  if (notice.statusId !== STATUS.pendente && notice.statusId !== STATUS.confirmado) return "not-active";
  if (!notice.settings.remindersEnabled || !notice.settings.leadMinutes.includes(job.lead)) return "switched-off";
  if (reminderDueAt(notice.date, notice.startTime, job.lead).getTime() !== new Date(job.due).getTime()) return "moved";
  if (businessDateTimeToInstant(notice.date, notice.startTime).getTime() <= now.getTime()) return "started";
  return "send";
}

/** A lead time as the message says it: '30 minutos', '1 hora', '24 horas'. */
export function leadText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutos`;
  const h = minutes / 60;
  return h === 1 ? "1 hora" : `${h} horas`;
}

/**
 * graphile-worker's cron reads UTC: the crontab line for `hour`:00 in the business zone, from the
 * zone's offset on `now` (America/Cuiaba keeps UTC−4 all year since 2019).
 */
export function dailyCronAt(hour: number, now: Date = new Date()): string {
  const local = new Date(now.toLocaleString("en-US", { timeZone: BUSINESS_TZ }));
  const utc = new Date(now.toLocaleString("en-US", { timeZone: "UTC" }));
  const offsetHours = Math.round((utc.getTime() - local.getTime()) / 3_600_000);
  return `0 ${(((hour + offsetHours) % 24) + 24) % 24} * * *`;
}


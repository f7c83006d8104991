/**
 * A professional's working day for one weekday, in minutes, for the availability rule: the same
 * resolution the Restrições dialog shows (lib/appointments/rules/weekly-schedule.ts: defaults, then the
 * business hours of that weekday, then the professional's own schedule, then their breaks).
 */
import type { WorkingDay } from "@/lib/appointments/rules/availability";
import type { BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { restrictionDay } from "@/lib/appointments/rules/weekly-schedule";
import { toMinutes } from "@/lib/core/time/overlap";

export function workingDayFor(
  dow: number,
  business: BusinessHoursRow | null,
  own: { isWorking: boolean; startTime: string | null; endTime: string | null } | null,
  ownBreaks: readonly { startTime: string; endTime: string; label: string | null }[],
): WorkingDay {
  const day = restrictionDay(dow, business, own && { dayOfWeek: dow, ...own }, ownBreaks.map((b) => ({ dayOfWeek: dow, ...b })));
  return {
    isWorking: day.isWorking,
    start: toMinutes(day.start),
    end: toMinutes(day.end),
    breaks: day.breaks.map((b) => ({ start: toMinutes(b.start), end: toMinutes(b.end) })),
  };
}

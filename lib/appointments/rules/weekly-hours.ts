/**
 * The business's weekly opening hours as the Horários de Funcionamento screen edits them: seven
 * days, Sunday first, each open or closed with its opening and closing times. Pure.
 */
import type { BusinessHoursRow } from "./business-day";
import { toMinutes } from "@/lib/core/time/overlap";
import { isTimeOfDay, normaliseTime } from "@/lib/core/time/time-of-day";

/** Day names, index = day_of_week (0 = Sunday), spec section 9. */
export const WEEKDAY_NAMES = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"] as const;

/** Spec section 9: the working window when no hours are configured. */
export const DEFAULT_OPEN_TIME = "08:00";
export const DEFAULT_CLOSE_TIME = "19:00";

export const HOURS_RANGE_MESSAGES = {
  invalidTime: "Informe um horário válido (HH:MM).",
  closeBeforeOpen: "O horário de fechamento deve ser depois do de abertura.",
} as const;

/** One day of the form: times are "HH:MM" even on a closed day (kept so reopening restores them). */
export type DayHours = { dayOfWeek: number; isOpen: boolean; openTime: string; closeTime: string };

const hhmm = (t: string | null, fallback: string) => (t && isTimeOfDay(t, { endOfDay: true }) ? normaliseTime(t, { endOfDay: true }) : fallback);

/**
 * The form for the saved rows: a day with no record is open 08:00–19:00 (spec section 9); a saved
 * day keeps its times, and a closed day (no times stored) shows the default window for when it reopens.
 */
export function weekForm(rows: readonly BusinessHoursRow[]): DayHours[] {
  return WEEKDAY_NAMES.map((_, dayOfWeek) => {
    const row = rows.find((r) => r.dayOfWeek === dayOfWeek);
    return {
      dayOfWeek,
      isOpen: row ? row.isOpen : true,
      openTime: hhmm(row?.openTime ?? null, DEFAULT_OPEN_TIME),
      closeTime: hhmm(row?.closeTime ?? null, DEFAULT_CLOSE_TIME),
    };
  });
}

/** What is stored for a day: closed days store no times (spec section 3). */
export function storedDay(day: DayHours): BusinessHoursRow {
  return day.isOpen
    ? { dayOfWeek: day.dayOfWeek, isOpen: true, openTime: normaliseTime(day.openTime), closeTime: normaliseTime(day.closeTime, { endOfDay: true }) }
    : { dayOfWeek: day.dayOfWeek, isOpen: false, openTime: null, closeTime: null };
}

/** Which field of an opening–closing pair is wrong and why, or null when it is a valid range of one day. */
export function openingRangeError(openTime: string, closeTime: string): { field: "openTime" | "closeTime"; message: string } | null {
  if (!isTimeOfDay(openTime)) return { field: "openTime", message: HOURS_RANGE_MESSAGES.invalidTime };
  if (!isTimeOfDay(closeTime, { endOfDay: true })) return { field: "closeTime", message: HOURS_RANGE_MESSAGES.invalidTime };
  return toMinutes(closeTime) > toMinutes(openTime) ? null : { field: "closeTime", message: HOURS_RANGE_MESSAGES.closeBeforeOpen };
}

/** Whether two forms say the same thing (times of closed days don't count: they are not stored). */
export function sameWeek(a: readonly DayHours[], b: readonly DayHours[]): boolean {
  const key = (d: DayHours) => (d.isOpen ? `${d.dayOfWeek} ${hhmm(d.openTime, d.openTime)}-${hhmm(d.closeTime, d.closeTime)}` : `${d.dayOfWeek} closed`);
  return a.length === b.length && a.every((day, i) => key(day) === key(b[i]));
}

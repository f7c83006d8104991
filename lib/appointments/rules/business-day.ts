/**
 * Whether the business is open on a date, and between which times: the specific holidays of the
 * business first, then Brazil's national holidays (closed unless 'Funciona em feriados' is on),
 * then the weekly hours. A weekday without a record is open without limits (spec section 9).
 */
import { dayOfWeek } from "@/lib/core/time/business-date";
import type { Interval } from "@/lib/core/time/overlap";
import { toMinutes } from "@/lib/core/time/overlap";
import { nationalHolidayOn } from "./national-holidays";

export type BusinessHoursRow = { dayOfWeek: number; isOpen: boolean; openTime: string | null; closeTime: string | null };
export type HolidayRow = { holidayDate: string; holidayName: string; isWorking: boolean; openTime: string | null; closeTime: string | null };
export type BusinessCalendar = { hours: readonly BusinessHoursRow[]; holidays: readonly HolidayRow[]; worksOnHolidays: boolean };

export type BusinessDay =
  | { open: true; /** null: no opening hours set for the day (no limit). */ window: Interval | null; holiday: string | null }
  | { open: false; reason: "holiday" | "closed"; holiday: string | null };

function window(open: string | null, close: string | null): Interval | null {
  return open && close ? { start: toMinutes(open), end: toMinutes(close) } : null;
}

export function businessDay(date: string, cal: BusinessCalendar): BusinessDay {
  const weekly = cal.hours.find((h) => h.dayOfWeek === dayOfWeek(date));
  const weeklyWindow = weekly?.isOpen ? window(weekly.openTime, weekly.closeTime) : null;
  const own = cal.holidays.find((h) => h.holidayDate === date);
  if (own) {
    if (!own.isWorking) return { open: false, reason: "holiday", holiday: own.holidayName };
    return { open: true, window: window(own.openTime, own.closeTime) ?? weeklyWindow, holiday: own.holidayName };
  }
  const national = nationalHolidayOn(date);
  if (national && !cal.worksOnHolidays) return { open: false, reason: "holiday", holiday: national.name };
  if (weekly && !weekly.isOpen) return { open: false, reason: "closed", holiday: national?.name ?? null };
  return { open: true, window: weeklyWindow, holiday: national?.name ?? null };
}

import { TZDate } from "@date-fns/tz";
import { BUSINESS_TZ, addDays, parseDateOnly, toDateOnly, utcMs } from "./business-date";
import { parseTimeOfDay } from "./time-of-day";

/** Instants and the business zone's wall clock (calendar-date arithmetic is lib/core/time/business-date.ts). */
function businessInstant(date: string, h: number, min: number, s: number, ms: number): Date {
  const { year, month, day } = parseDateOnly(date);
  return new Date(new TZDate(year, month - 1, day, h, min, s, ms, BUSINESS_TZ).getTime());
}

/** Wall-clock date + time in the business zone → the UTC instant. */
export function businessDateTimeToInstant(date: string, time: string): Date {
  const { hours, minutes, seconds } = parseTimeOfDay(time);
  return businessInstant(date, hours, minutes, seconds, 0);
}

export function startOfBusinessDay(date: string): Date {
  return businessInstant(date, 0, 0, 0, 0);
}

export function endOfBusinessDay(date: string): Date {
  return businessInstant(date, 23, 59, 59, 999);
}

export function instantToBusinessParts(d: Date): { date: string; time: string } {
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid Date");
  const z = new TZDate(d.getTime(), BUSINESS_TZ);
  const date = toDateOnly(utcMs({ year: z.getFullYear(), month: z.getMonth() + 1, day: z.getDate() }));
  const time = `${String(z.getHours()).padStart(2, "0")}:${String(z.getMinutes()).padStart(2, "0")}`;
  return { date, time };
}

export function todayInBusiness(now: Date = new Date()): string {
  return instantToBusinessParts(now).date;
}

export function isToday(dateOnly: string, now: Date = new Date()): boolean {
  return dateOnly === todayInBusiness(now);
}

export function isTomorrow(dateOnly: string, now: Date = new Date()): boolean {
  return dateOnly === addDays(todayInBusiness(now), 1);
}

/**
 * The one business day the availability rule reads, built from what the database returns
 * (lib/appointments/day-context.ts loads it in two queries). Pure, so the slot tests build days the
 * same way the server does: the business calendar → businessDay(); each professional's own schedule
 * and breaks → workingDayFor() (the Restrições resolution); their booked blocks → busy.
 */
import type { ProfessionalDay, WorkingDay } from "@/lib/appointments/rules/availability";
import { businessDay, type BusinessCalendar, type BusinessDay } from "@/lib/appointments/rules/business-day";
import { dayOfWeek } from "@/lib/core/time/business-date";
import { workingDayFor } from "./working-day";

export type DayProfessional = ProfessionalDay & { name: string; offers: Map<string, string | null> };

/** Everything the availability rule needs about one business day: the business, every professional. */
export type DayContext = {
  date: string;
  business: BusinessDay;
  professionals: DayProfessional[];
};

/** One professional as the day query returns it (times as PostgreSQL writes them). */
export type ProfessionalDayRow = {
  id: string;
  name: string;
  active: boolean;
  /** [service id, price as text or null] of each service they offer. */
  offers: [string, string | null][] | null;
  /** Their own schedule row for the weekday, if saved. */
  schedule: { isWorking: boolean; startTime: string | null; endTime: string | null } | null;
  breaks: { startTime: string; endTime: string; label: string | null }[] | null;
  /** Booked blocks that day, in minutes since midnight, clipped to the day. */
  busy: [number, number][] | null;
  /** Time off that day, the same way. */
  time_off?: [number, number][] | null;
};

/** Rows in the order the day lists professionals (by name, then id). */
export function buildDayContext(date: string, calendar: BusinessCalendar, rows: readonly ProfessionalDayRow[]): DayContext {
  const dow = dayOfWeek(date);
  const weekly = calendar.hours.find((h) => h.dayOfWeek === dow) ?? null;
  const professionals: DayProfessional[] = rows.map((p) => {
    const day: WorkingDay = workingDayFor(dow, weekly, p.schedule, p.breaks ?? []);
    return {
      id: p.id,
      name: p.name,
      active: p.active,
      day,
      busy: (p.busy ?? []).map(([start, end]) => ({ start, end })),
      timeOff: (p.time_off ?? []).map(([start, end]) => ({ start, end })),
      offers: new Map(p.offers ?? []),
    };
  });
  return { date, business: businessDay(date, calendar), professionals };
}

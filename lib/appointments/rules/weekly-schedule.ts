/**
 * A professional's week of restrictions (spec section 4): the defaults (Monday to Friday
 * 09:00–18:00 with 'Almoço' 12:00–13:00, Saturday off 09:00–13:00, Sunday off 09:00–18:00),
 * overridden first by the business hours, then by the professional's own schedule, then their
 * breaks. The Restrições dialog shows it and the agenda's availability rule reads it
 * (lib/appointments/working-day.ts), so both always agree. Pure; times are "HH:MM".
 */
import type { BusinessHoursRow } from "./business-day";
import { toMinutes } from "@/lib/core/time/overlap";
import { normaliseTime } from "@/lib/core/time/time-of-day";

/** Spec section 9: the week starts on Sunday (0). */
export const WEEKDAY_LABELS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;
export const WEEKDAY_NAMES = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"] as const;

/** What 'Adicionar pausa' adds. */
export const NEW_BREAK = { start: "10:00", end: "10:15", label: "Pausa" } as const;
/** The label a break gets when none is typed (the column's default). */
export const DEFAULT_BREAK_LABEL = "Intervalo";
const LUNCH = { start: "12:00", end: "13:00", label: "Almoço" } as const;

export type BreakTime = { start: string; end: string; label: string };
export type DayRestriction = { dayOfWeek: number; isWorking: boolean; start: string; end: string; breaks: BreakTime[] };

/** A saved professional_weekly_schedules row (times as PostgreSQL gives them, or null). */
export type OwnScheduleRow = { dayOfWeek: number; isWorking: boolean; startTime: string | null; endTime: string | null };
/** A saved professional_breaks row. */
export type OwnBreakRow = { dayOfWeek: number; startTime: string; endTime: string; label: string | null };

const hhmm = (t: string) => normaliseTime(t, { endOfDay: true });

/** The spec's day before anything is saved. */
export function defaultDay(dayOfWeek: number): DayRestriction {
  if (dayOfWeek === 0) return { dayOfWeek, isWorking: false, start: "09:00", end: "18:00", breaks: [] };
  if (dayOfWeek === 6) return { dayOfWeek, isWorking: false, start: "09:00", end: "13:00", breaks: [] };
  return { dayOfWeek, isWorking: true, start: "09:00", end: "18:00", breaks: [{ ...LUNCH }] };
}

const byStart = (a: BreakTime, b: BreakTime) => toMinutes(a.start) - toMinutes(b.start) || toMinutes(a.end) - toMinutes(b.end);

/**
 * One weekday. `ownBreaks` are that day's saved breaks. A day the professional saved (a schedule
 * row or breaks) keeps exactly their breaks, none included; an unsaved day keeps the default lunch
 * only where it fits inside the hours the business gave it. A day off has no breaks.
 */
export function restrictionDay(
  dayOfWeek: number,
  business: BusinessHoursRow | null,
  own: OwnScheduleRow | null,
  ownBreaks: readonly OwnBreakRow[],
): DayRestriction {
  let day = defaultDay(dayOfWeek);
  if (business) {
    day = {
      ...day,
      isWorking: business.isOpen,
      start: business.isOpen && business.openTime ? hhmm(business.openTime) : day.start,
      end: business.isOpen && business.closeTime ? hhmm(business.closeTime) : day.end,
    };
  }
  if (own) {
    day = {
      ...day,
      isWorking: own.isWorking,
      start: own.startTime ? hhmm(own.startTime) : day.start,
      end: own.endTime ? hhmm(own.endTime) : day.end,
    };
  }
  if (own || ownBreaks.length > 0) {
    day.breaks = ownBreaks.map((b) => ({ start: hhmm(b.startTime), end: hhmm(b.endTime), label: b.label?.trim() || DEFAULT_BREAK_LABEL }));
  } else {
    const [s, e] = [toMinutes(day.start), toMinutes(day.end)];
    day.breaks = day.breaks.filter((b) => toMinutes(b.start) >= s && toMinutes(b.end) <= e);
  }
  day.breaks = day.isWorking ? [...day.breaks].sort(byStart) : [];
  return day;
}

/** The seven days, Sunday first, as the Restrições dialog shows them. */
export function weeklyRestrictions(
  businessHours: readonly BusinessHoursRow[],
  own: readonly OwnScheduleRow[],
  breaks: readonly OwnBreakRow[],
): DayRestriction[] {
  return WEEKDAY_LABELS.map((_, dow) =>
    restrictionDay(
      dow,
      businessHours.find((h) => h.dayOfWeek === dow) ?? null,
      own.find((s) => s.dayOfWeek === dow) ?? null,
      breaks.filter((b) => b.dayOfWeek === dow),
    ),
  );
}

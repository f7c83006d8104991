/**
 * The day sections of the agenda (spec: today and the next 6 days always, plus every later day
 * with appointments, sorted), built in the business zone from 'today' there.
 */
import { formatLongDate } from "@/lib/format/date";
import { addDays, nextDays } from "@/lib/time/business-time";

export const ALWAYS_SHOWN_DAYS = 7;

/**
 * The dates of the sections from `from` to `to` (inclusive): every day of the always-shown week
 * that falls in the range, plus the dates that have appointments; ascending, without duplicates.
 */
export function agendaDays(today: string, from: string, to: string, withAppointments: Iterable<string>): string[] {
  const days = new Set<string>();
  for (const d of nextDays(today, ALWAYS_SHOWN_DAYS)) if (d >= from && d <= to) days.add(d);
  for (const d of withAppointments) if (d >= from && d <= to) days.add(d);
  return [...days].sort();
}

/** 'Hoje', 'Amanhã' or the long pt-BR date ('segunda-feira, 23 de novembro de 2026'). */
export function dayHeading(date: string, today: string): string {
  if (date === today) return "Hoje";
  if (date === addDays(today, 1)) return "Amanhã";
  return formatLongDate(date);
}

/** '1 agendamento' / '3 agendamentos'. */
export function appointmentCountText(n: number): string {
  return `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;
}

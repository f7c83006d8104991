/**
 * The day sections of the agenda (spec: today and the next 6 days always, plus every later day
 * with appointments, sorted), built in the business zone from 'today' there.
 */
import { formatLongDate } from "@/lib/core/format/date";
import { addDays, daysBetween, nextDays } from "@/lib/core/time/business-date";
import { fromMinutes } from "@/lib/core/time/overlap";
import type { BusinessDay } from "./business-day";

export const ALWAYS_SHOWN_DAYS = 7;

/**
 * The dates of the sections from `from` to `to` (inclusive): every day of the always-shown week
 * that falls in the range, plus the dates that have appointments; ascending, without duplicates.
 */
export function sectionDates(today: string, from: string, to: string, withAppointments: Iterable<string>): string[] {
  const days = new Set<string>();
  for (const d of nextDays(today, ALWAYS_SHOWN_DAYS)) if (d >= from && d <= to) days.add(d);
  for (const d of withAppointments) if (d >= from && d <= to) days.add(d);
  return [...days].sort();
}

/**
 * About how many cards come with the page: more than a screenful at four to a row (a salon's
 * next two or three days). Later days load as their sections come near the screen, the rest of a
 * busy chain's today with 'Mostrar mais'. Server rendering costs by the card: 60 cost the chain's
 * agenda ~4.5 ms more of Node per view than 24 (21 against 16.5 ms).
 */
export const CARDS_PER_LOAD = 24;

/**
 * Whether a day shows its first CARDS_PER_LOAD cards and 'Mostrar mais' before the rest: the day
 * the page's cards ran out on, and any busy day read later (as it nears the screen or is asked
 * for). A chain's day has some 300 cards: three such days scrolled near at once took the browser
 * ~600 ms to draw, and a click on the screen then waited for it (`npm run bench`, interactions).
 * A day that came whole with the page stays whole.
 */
export function dayStartsCapped(day: { partial: boolean; cameWithPage: boolean; count: number }): boolean {
  return day.partial || (!day.cameWithPage && day.count > CARDS_PER_LOAD);
}

/** The longest window of days one load may ask for (the range action refuses longer ones). */
export const MAX_LOAD_DAYS = 62;

/**
 * The days to load together, from the first of `dates`: that one always, then the next ones while
 * their cards stay within `limit` and the window within MAX_LOAD_DAYS (the sections need not be
 * consecutive: a day picked with 'Ir para o dia' may be years after the others).
 */
export function daysToLoad(dates: string[], counts: Record<string, number>, limit = CARDS_PER_LOAD): string[] {
  const out: string[] = [];
  let cards = 0;
  for (const d of dates) {
    const n = counts[d] ?? 0;
    if (out.length && (cards + n > limit || daysBetween(out[0], d) > MAX_LOAD_DAYS)) break;
    out.push(d);
    cards += n;
  }
  return out;
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

/**
 * What a day section says about the business that day: a holiday's name with 'fechado' or its
 * hours ('Natal · fechado', 'Véspera de Natal · 09:00–12:00'), 'Fechado' on a weekday it closes;
 * nothing on an ordinary open day.
 */
export function dayHoursNote(day: BusinessDay): { text: string; closed: boolean } | null {
  if (!day.open) return { text: day.holiday ? `${day.holiday} · fechado` : "Fechado", closed: true };
  if (!day.holiday) return null;
  const hours = day.window ? `${fromMinutes(day.window.start)}–${fromMinutes(day.window.end)}` : "aberto";
  return { text: `${day.holiday} · ${hours}`, closed: false };
}

/**
 * 'Repetir' (issue 36, part 1): the dates of a recurring appointment. Pure and free of libraries
 * (the dialog runs it too): every 1, 2, 3 or 4 weeks, or every month on the same weekday (the nth
 * weekday of the month: the 3rd Tuesday; a month without a 5th such weekday is skipped), ending on
 * a date ('Até') or after N times ('Vezes'), at most MAX_OCCURRENCES dates, the first included.
 */
import { addDays, dayOfWeek, parseDateOnly, toDateOnly, utcMs } from "@/lib/core/time/business-date";

export const MAX_OCCURRENCES = 52;

export const FREQUENCIES = ["week1", "week2", "week3", "week4", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The select's options, 'Não repetir' first. */
export const REPEAT_OPTIONS: readonly { value: Frequency | "none"; label: string }[] = [
  { value: "none", label: "Não repetir" },
  { value: "week1", label: "Toda semana" },
  { value: "week2", label: "A cada 2 semanas" },
  { value: "week3", label: "A cada 3 semanas" },
  { value: "week4", label: "A cada 4 semanas" },
  { value: "monthly", label: "Todo mês no mesmo dia da semana" },
];

export type RecurrenceEnd = { kind: "until"; date: string } | { kind: "count"; count: number };
export type Recurrence = { frequency: Frequency; end: RecurrenceEnd };

export const RECURRENCE_TEXT = {
  tooMany: `No máximo ${MAX_OCCURRENCES} agendamentos por série. Escolha uma data final mais próxima ou menos vezes.`,
  untilBeforeStart: "A data final deve ser depois da data do agendamento.",
  countTooSmall: "Informe pelo menos 2 vezes.",
} as const;

/** 'Somente este' / 'Este e os seguintes' (a series' occurrences on or after the one chosen). */
export type SeriesScope = "one" | "following";

/** One date of a series as the preview sees it: bookable, or why not (Portuguese, for the dialog's list). */
export type SeriesOccurrence = { date: string; ok: boolean; reason: string | null };

export type OccurrencesResult = { ok: true; dates: string[] } | { ok: false; error: string };

/** The nth (1-5) `weekday` (0 = Sunday) of the month, or null when that month has no such day. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): string | null {
  const first = toDateOnly(utcMs({ year, month, day: 1 }));
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  const date = addDays(first, offset + (nth - 1) * 7);
  return parseDateOnly(date).month === month ? date : null;
}

/** Which of its weekday `date` is in its month: 1 for the first Tuesday … 5 for the fifth. */
export function weekdayOrdinal(date: string): number {
  return Math.ceil(parseDateOnly(date).day / 7);
}

/** The k-th candidate after `start` (k ≥ 1); null for a month without that weekday. */
function candidate(start: string, frequency: Frequency, k: number): string | null {
  if (frequency !== "monthly") return addDays(start, 7 * Number(frequency.slice(4)) * k);
  const { year, month } = parseDateOnly(start);
  const m = month - 1 + k;
  return nthWeekdayOfMonth(year + Math.floor(m / 12), (m % 12) + 1, dayOfWeek(start), weekdayOrdinal(start));
}

/** The series' dates from `start` (included), or why it can't be made. */
export function occurrences(start: string, recurrence: Recurrence): OccurrencesResult {
  parseDateOnly(start);
  const { end, frequency } = recurrence;
  if (end.kind === "count") {
    if (!Number.isInteger(end.count) || end.count < 2) return { ok: false, error: RECURRENCE_TEXT.countTooSmall };
    if (end.count > MAX_OCCURRENCES) return { ok: false, error: RECURRENCE_TEXT.tooMany };
  } else {
    parseDateOnly(end.date);
    if (end.date <= start) return { ok: false, error: RECURRENCE_TEXT.untilBeforeStart };
  }
  const dates = [start];
  // A month without the 5th weekday is skipped, so months are walked further than dates are taken;
  // every 5th weekday comes at least once in 5 months, so this bound is never reached by a valid series.
  for (let k = 1; k <= MAX_OCCURRENCES * 6; k++) {
    const next = candidate(start, frequency, k);
    if (next === null) continue;
    if (end.kind === "until" && next > end.date) break;
    if (dates.length === MAX_OCCURRENCES) return { ok: false, error: RECURRENCE_TEXT.tooMany };
    dates.push(next);
    if (end.kind === "count" && dates.length === end.count) break;
  }
  return { ok: true, dates };
}

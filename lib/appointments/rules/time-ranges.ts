/**
 * Checks of wall-clock ranges typed in the catalog screens (opening hours, working hours, breaks,
 * holiday hours). Pure; the messages are the ones shown next to the fields.
 */
import { toMinutes } from "@/lib/core/time/overlap";
import { isTimeOfDay } from "@/lib/core/time/time-of-day";

export const RANGE_MESSAGES = {
  invalidTime: "Horário inválido",
  endBeforeStart: "O horário final deve ser depois do inicial",
  breakOutside: "A pausa deve ficar dentro do horário de trabalho",
  breaksOverlap: "As pausas não podem se sobrepor",
} as const;

export type TimeRange = { start: string; end: string };

/** null when `start`–`end` is a valid, non-empty range of one day ("24:00" allowed as an end). */
export function rangeError(range: TimeRange): string | null {
  if (!isTimeOfDay(range.start) || !isTimeOfDay(range.end, { endOfDay: true })) return RANGE_MESSAGES.invalidTime;
  return toMinutes(range.end) > toMinutes(range.start) ? null : RANGE_MESSAGES.endBeforeStart;
}

/**
 * The first problem of a day's breaks inside its working range: each break valid, inside the day,
 * and not overlapping another (back to back is fine). `index` says which break.
 */
export function breaksError(day: TimeRange, breaks: readonly TimeRange[]): { index: number; message: string } | null {
  for (let i = 0; i < breaks.length; i++) {
    const own = rangeError(breaks[i]);
    if (own) return { index: i, message: own };
    if (toMinutes(breaks[i].start) < toMinutes(day.start) || toMinutes(breaks[i].end) > toMinutes(day.end)) {
      return { index: i, message: RANGE_MESSAGES.breakOutside };
    }
  }
  const order = breaks.map((b, i) => ({ i, s: toMinutes(b.start), e: toMinutes(b.end) })).sort((a, b) => a.s - b.s);
  for (let k = 1; k < order.length; k++) {
    if (order[k].s < order[k - 1].e) return { index: order[k].i, message: RANGE_MESSAGES.breaksOverlap };
  }
  return null;
}

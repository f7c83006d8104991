import { parseTimeOfDay } from "./time-of-day";

export type Interval = { start: number; end: number };

/** Default length assumed for a service (or an appointment) whose duration is unknown. */
export const DEFAULT_DURATION_MINUTES = 60;

/** "HH:MM" or "HH:MM:SS" → minutes since midnight (seconds are dropped). "24:00" is end of day. */
export function toMinutes(time: string): number {
  const { hours, minutes } = parseTimeOfDay(time, { endOfDay: true });
  return hours * 60 + minutes;
}

/** Minutes since midnight → "HH:MM". Not wrapped at 24h, so an end of day stays "24:00". */
export function fromMinutes(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Invalid minutes: ${n}`);
  return `${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`;
}

export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Sorted union of the intervals; touching intervals are joined and empty ones dropped. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const { start, end } of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}

/** The parts of `i` outside every interval of `cut`, in order. */
export function subtractIntervals(i: Interval, cut: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let start = i.start;
  for (const c of mergeIntervals(cut)) {
    if (c.end <= start || c.start >= i.end) continue;
    if (c.start > start) out.push({ start, end: c.start });
    start = Math.max(start, c.end);
  }
  if (start < i.end) out.push({ start, end: i.end });
  return out;
}

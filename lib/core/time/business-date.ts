/**
 * The business's calendar dates: YYYY-MM-DD strings, days in America/Cuiaba, and their arithmetic.
 * No time-zone library: a date is a day, not an instant (instants are lib/core/time/business-time.ts), so
 * the pages that only show and count days ship none to the browser.
 */
export const BUSINESS_TZ = "America/Cuiaba";

const DAY_MS = 86_400_000;
const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DateParts = { year: number; month: number; day: number };

/** Parses a strict YYYY-MM-DD calendar date (month 1-12); throws RangeError on anything else. */
export function parseDateOnly(dateOnly: string): DateParts {
  const m = DATE_ONLY_RE.exec(dateOnly);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // Round-tripping through UTC rejects impossible dates such as 2026-02-30.
    if (toDateOnly(utcMs({ year, month, day })) === dateOnly) return { year, month, day };
  }
  throw new RangeError(`Invalid date (expected YYYY-MM-DD): ${dateOnly}`);
}

/** Whether `value` is a real YYYY-MM-DD date (a URL's `?dia=`). */
export function isDateOnly(value: string): boolean {
  try {
    parseDateOnly(value);
    return true;
  } catch {
    return false;
  }
}

// Date-only arithmetic runs on UTC midnights so it never depends on the process TZ.
export function utcMs({ year, month, day }: DateParts): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

export function toDateOnly(ms: number): string {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, "0");
  const m = String(d.getUTCMonth() + 1).padStart(2, "0");
  const day = String(d.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}


export function addDays(dateOnly: string, n: number): string {
  return toDateOnly(utcMs(parseDateOnly(dateOnly)) + n * DAY_MS);
}

/** Whole calendar days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(parseDateOnly(b)) - utcMs(parseDateOnly(a))) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(dateOnly: string): number {
  return new Date(utcMs(parseDateOnly(dateOnly))).getUTCDay();
}

/** `count` consecutive dates starting at (and including) `start`. */
export function nextDays(start: string, count: number): string[] {
  parseDateOnly(start);
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => addDays(start, i));
}

export function monthRange(dateOnly: string): { first: string; last: string } {
  const { year, month } = parseDateOnly(dateOnly);
  return {
    first: toDateOnly(utcMs({ year, month, day: 1 })),
    // Day 0 of the next month is the last day of this one.
    last: toDateOnly(utcMs({ year, month: month + 1, day: 0 })),
  };
}

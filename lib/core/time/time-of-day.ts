/**
 * The one parser of wall-clock times ("HH:MM", "H:MM" or "HH:MM:SS", as inputs and PostgreSQL's
 * `time` give them). "24:00" exists only as the end of a day; seconds are kept for instants and
 * dropped for minute arithmetic.
 */
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

export type TimeOfDay = { hours: number; minutes: number; seconds: number };

export function parseTimeOfDay(text: string, opts: { endOfDay?: boolean } = {}): TimeOfDay {
  const m = TIME_RE.exec(typeof text === "string" ? text.trim() : "");
  const hours = Number(m?.[1]);
  const minutes = Number(m?.[2]);
  const seconds = Number(m?.[3] ?? 0);
  const endOfDay = opts.endOfDay && hours === 24 && minutes === 0 && seconds === 0;
  if (!m || minutes > 59 || seconds > 59 || (hours > 23 && !endOfDay)) {
    throw new RangeError(`Invalid time (expected HH:MM or HH:MM:SS): ${text}`);
  }
  return { hours, minutes, seconds };
}

/** Whether `text` is a valid time of day (for zod refinements). */
export function isTimeOfDay(text: string, opts: { endOfDay?: boolean } = {}): boolean {
  try {
    parseTimeOfDay(text, opts);
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM" of any accepted form ("9:00:00" → "09:00"). */
export function normaliseTime(text: string, opts: { endOfDay?: boolean } = {}): string {
  const { hours, minutes } = parseTimeOfDay(text, opts);
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

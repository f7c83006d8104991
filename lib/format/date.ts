import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { BUSINESS_TZ, parseDateOnly } from "@/lib/time/business-time";

export type DateInput = Date | string;

const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_ONLY_RE = /^(\d{4})-(\d{2})$/;
const ZONED_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const NAIVE_TIMESTAMP_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;

function wallClock(date: string, h = 0, min = 0, s = 0, ms = 0): TZDate {
  const { year, month, day } = parseDateOnly(date);
  if (h > 23 || min > 59 || s > 59) throw new RangeError("Invalid time");
  return new TZDate(year, month - 1, day, h, min, s, ms, BUSINESS_TZ);
}

/**
 * Everything is rendered in the business zone, whatever the process TZ.
 * A YYYY-MM-DD string is a wall-clock date (never shifted); a timestamp without an offset is
 * read as business wall-clock time rather than the server's local time.
 */
function toBusinessDate(d: DateInput): TZDate | null {
  try {
    if (d instanceof Date) return Number.isNaN(d.getTime()) ? null : new TZDate(d.getTime(), BUSINESS_TZ);
    const s = d.trim();
    if (DATE_ONLY_RE.test(s)) return wallClock(s);
    const naive = NAIVE_TIMESTAMP_RE.exec(s);
    if (naive) {
      const [, date, h, min, sec, ms] = naive;
      return wallClock(date, Number(h), Number(min), Number(sec ?? 0), Number((ms ?? "0").padEnd(3, "0")));
    }
    // Anything else needs an explicit zone, or Date.parse would fall back to the server's TZ.
    if (!ZONED_RE.test(s)) return null;
    // Postgres-style "2026-11-23 02:30:00+00" is not ISO; normalise before parsing.
    const iso = s
      .replace(" ", "T")
      .replace(/([+-]\d{2}):?(\d{2})?$/, (_, h: string, m?: string) => `${h}:${m ?? "00"}`);
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? null : new TZDate(ms, BUSINESS_TZ);
  } catch {
    return null;
  }
}

const TIME_TOKENS_RE = /[aBbHhKkmSsXxOoZzTt]/;

// Invalid input renders as "" so a bad value never crashes a page.
function fmt(d: DateInput, pattern: string): string {
  // A calendar date in a pattern without time: a plain local Date names the same day, weekday and
  // month at a sixth of a zoned date's cost (the agenda renders a long date per day section).
  if (typeof d === "string" && DATE_ONLY_RE.test(d.trim()) && !TIME_TOKENS_RE.test(pattern.replace(/'[^']*'/g, ""))) {
    try {
      const { year, month, day } = parseDateOnly(d.trim());
      const local = new Date(2000, 0, 1);
      local.setFullYear(year, month - 1, day);
      return format(local, pattern, { locale: ptBR });
    } catch {
      return "";
    }
  }
  const z = toBusinessDate(d);
  return z ? format(z, pattern, { locale: ptBR }) : "";
}

/** "23/11/2026" */
export function formatDate(d: DateInput): string {
  return fmt(d, "dd/MM/yyyy");
}

/** "23/11/2026 às 14:30" */
export function formatDateTime(d: DateInput): string {
  return fmt(d, "dd/MM/yyyy 'às' HH:mm");
}

// One formatter, made once: an export formats 100,000 of these (date-fns with a zoned date costs
// ~25 µs each, this ~2 µs). en-GB writes dd/MM/yyyy, HH:mm:ss with a 24-hour clock.
const SECONDS = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TZ, day: "2-digit", month: "2-digit", year: "numeric",
  hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
});

/** "23/11/2026 14:30:05" */
export function formatDateTimeSeconds(d: DateInput): string {
  const ms = d instanceof Date ? d.getTime() : ZONED_RE.test(d.trim()) ? Date.parse(d.trim().replace(" ", "T")) : NaN;
  if (!Number.isNaN(ms)) return SECONDS.format(ms).replace(", ", " ");
  return fmt(d, "dd/MM/yyyy HH:mm:ss");
}

/** "segunda-feira, 23 de novembro de 2026" */
export function formatLongDate(dateOnly: DateInput): string {
  return fmt(dateOnly, "EEEE, d 'de' MMMM 'de' yyyy");
}

/** "novembro de 2026" from "2026-11", "2026-11-23" or an instant. */
export function formatMonthName(value: DateInput): string {
  const month = typeof value === "string" ? MONTH_ONLY_RE.exec(value.trim()) : null;
  return fmt(month ? `${month[1]}-${month[2]}-01` : value, "MMMM 'de' yyyy");
}

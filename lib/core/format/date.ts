import { BUSINESS_TZ, parseDateOnly } from "@/lib/core/time/business-date";

/*
 * Built on Intl rather than date-fns' format: the browser and Node already carry the Portuguese
 * names and the zone rules, and date-fns with its pt-BR locale was ~7 KB of compressed JavaScript
 * on every page that shows a date.
 */

export type DateInput = Date | string;

const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_ONLY_RE = /^(\d{4})-(\d{2})$/;
const ZONED_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const NAIVE_TIMESTAMP_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** A moment as the business zone's wall clock shows it. */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const BUSINESS_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TZ, year: "numeric", month: "numeric", day: "numeric",
  hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23",
});

function wallClockOf(ms: number): WallClock {
  const p: Record<string, number> = {};
  for (const { type, value } of BUSINESS_PARTS.formatToParts(ms)) if (type !== "literal") p[type] = Number(value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/**
 * Everything is rendered in the business zone, whatever the process TZ.
 * A YYYY-MM-DD string is a wall-clock date (never shifted); a timestamp without an offset is
 * read as business wall-clock time rather than the server's local time.
 */
function toWallClock(d: DateInput): WallClock | null {
  try {
    if (d instanceof Date) return Number.isNaN(d.getTime()) ? null : wallClockOf(d.getTime());
    const s = d.trim();
    if (DATE_ONLY_RE.test(s)) return { ...parseDateOnly(s), hour: 0, minute: 0, second: 0 };
    const naive = NAIVE_TIMESTAMP_RE.exec(s);
    if (naive) {
      const [hour, minute, second] = [Number(naive[2]), Number(naive[3]), Number(naive[4] ?? 0)];
      if (hour > 23 || minute > 59 || second > 59) return null;
      return { ...parseDateOnly(naive[1]), hour, minute, second };
    }
    // Anything else needs an explicit zone, or Date.parse would fall back to the server's TZ.
    if (!ZONED_RE.test(s)) return null;
    // Postgres-style "2026-11-23 02:30:00+00" is not ISO; normalise before parsing.
    const iso = s
      .replace(" ", "T")
      .replace(/([+-]\d{2}):?(\d{2})?$/, (_, h: string, m?: string) => `${h}:${m ?? "00"}`);
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? null : wallClockOf(ms);
  } catch {
    return null;
  }
}

const two = (n: number) => String(n).padStart(2, "0");
const dmy = (w: WallClock) => `${two(w.day)}/${two(w.month)}/${String(w.year).padStart(4, "0")}`;
const hm = (w: WallClock) => `${two(w.hour)}:${two(w.minute)}`;

// Names of a wall-clock day: its noon in UTC, named in UTC, is that same calendar day.
const LONG_DATE = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const MONTH_NAME = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", month: "long", year: "numeric" });
const noonUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, 12);

// Invalid input renders as "" so a bad value never crashes a page.
function fmt(d: DateInput, render: (w: WallClock) => string): string {
  const w = toWallClock(d);
  return w ? render(w) : "";
}

/** "23/11/2026" */
export function formatDate(d: DateInput): string {
  return fmt(d, dmy);
}

/** "23/11/2026 às 14:30" */
export function formatDateTime(d: DateInput): string {
  return fmt(d, (w) => `${dmy(w)} às ${hm(w)}`);
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
  return fmt(d, (w) => `${dmy(w)} ${hm(w)}:${two(w.second)}`);
}

/** "segunda-feira, 23 de novembro de 2026" */
export function formatLongDate(dateOnly: DateInput): string {
  return fmt(dateOnly, (w) => LONG_DATE.format(noonUtc(w)));
}

/** "novembro de 2026" from "2026-11", "2026-11-23" or an instant. */
export function formatMonthName(value: DateInput): string {
  const month = typeof value === "string" ? MONTH_ONLY_RE.exec(value.trim()) : null;
  return fmt(month ? `${month[1]}-${month[2]}-01` : value, (w) => MONTH_NAME.format(noonUtc(w)));
}

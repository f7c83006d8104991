/**
 * The dashboard's rules (spec section 9). The page's figures are aggregated in SQL
 * (lib/dashboard/queries.ts, which follows these definitions line by line); these functions are the
 * definitions over rows, and the occupancy's capacity, which comes from the agenda's own day rules.
 */
import type { Interval } from "@/lib/core/time/overlap";
import { mergeIntervals } from "@/lib/core/time/overlap";
// Confirmado counts for revenue and occupancy (spec section 4).
import { isBilled, STATUS } from "@/lib/appointments/status";
import type { WorkingDay } from "./availability";
import type { BusinessDay } from "./business-day";
import { serviceMinutes } from "./appointment-lines";

/** One service of one appointment, with the assigned professional's price for it (null when none). */
export type ServiceRow = { statusId: number; price: string | number | null; durationMinutes: number | null };

const toNumber = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

// Money is added in whole cents, as PostgreSQL's numeric does, so no binary fraction creeps in.
const toCents = (n: number) => Math.round(n * 100);

/** Revenue: the professional's price of each service of the confirmed and concluded appointments (no price adds nothing). */
export function revenueOf(rows: readonly ServiceRow[]): number {
  return rows.reduce((sum, r) => (isBilled(r.statusId) ? sum + toCents(toNumber(r.price) ?? 0) : sum), 0) / 100;
}

/** Average service value: the mean of the professionals' prices that are set, to the cent; null without any. */
export function averageServiceValue(prices: readonly (string | number | null)[]): number | null {
  const set = prices.map(toNumber).filter((n): n is number => n !== null);
  // Half a cent rounds away from zero, like round(avg(price), 2).
  return set.length ? Math.round(set.reduce((sum, n) => sum + toCents(n), 0) / set.length) / 100 : null;
}

/** Minutes of services in the confirmed appointments (60 for a service without a duration). */
export function bookedMinutes(rows: readonly ServiceRow[]): number {
  return rows.reduce((sum, r) => (r.statusId === STATUS.confirmado ? sum + serviceMinutes(r.durationMinutes) : sum), 0);
}

/**
 * The minutes a professional can be booked on a day, by the same rule the agenda books with
 * (lib/appointments/rules/availability.ts): nothing when the business is closed or they don't work; else
 * their working hours inside the business's opening hours, less their breaks.
 */
export function availableMinutes(day: WorkingDay, business: BusinessDay): number {
  if (!business.open || !day.isWorking) return 0;
  let range: Interval = { start: day.start ?? 0, end: day.end ?? 24 * 60 };
  if (business.window) range = { start: Math.max(range.start, business.window.start), end: Math.min(range.end, business.window.end) };
  if (range.end <= range.start) return 0;
  const breaks = mergeIntervals(day.breaks).reduce(
    (sum, b) => sum + Math.max(0, Math.min(b.end, range.end) - Math.max(b.start, range.start)),
    0,
  );
  return Math.max(0, range.end - range.start - breaks);
}

/** Occupancy: booked over available minutes, rounded, capped at 100 %, 0 without capacity. */
export function occupancyPercent(booked: number, available: number): number {
  if (!(available > 0) || !(booked > 0)) return 0;
  return Math.min(100, Math.round((booked / available) * 100));
}

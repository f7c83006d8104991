/**
 * What the benchmark asks of the chain (bench/dataset.ts), shared by the HTTP runs and the floor
 * runs so both do the same work: fresh booking slots with every fifth attempt taking a slot that
 * was just booked (a conflict, as at a busy reception), moves to free days, and search terms.
 */
import { addDays } from "@/lib/core/time/business-date";
import { DATASET as D, GROUPS, SLOT_HOURS } from "./dataset";

export type Booking = { date: string; time: string; professional: number; service: string; client: number; conflict: boolean };

/** The chain's ids: md5 of fixed keys shaped as version-4 UUIDs (pg_temp.u in bench/generate.ts). */
export function benchId(key: string, md5: (s: string) => string): string {
  const h = md5(key);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Booking attempt k from `firstDay` days ahead (after the generated appointments and the chain's
 * closed days): professional k mod 30, hourly slots of the day, the next day when a day is full.
 * Every fifth attempt repeats the slot of the attempt before it with another client: refused.
 */
export function booking(k: number, today: string, firstDay: number, closed: Set<string>): Booking {
  const conflict = k % 5 === 4;
  const fresh = conflict ? k - 1 - Math.floor(k / 5) : k - Math.floor(k / 5);
  const perDay = D.professionals * SLOT_HOURS.length;
  let day = firstDay + Math.floor(fresh / perDay);
  let date = addDays(today, day);
  while (closed.has(date)) date = addDays(today, ++day);
  const professional = fresh % D.professionals;
  const hour = SLOT_HOURS[Math.floor(fresh / D.professionals) % SLOT_HOURS.length];
  const group = Math.floor(professional / 10);
  return {
    date, time: `${String(hour).padStart(2, "0")}:00`, professional, service: `svc-0-${group}-0`,
    client: conflict ? (D.clients / 2 + k) % D.clients : k % D.clients, conflict,
  };
}

/**
 * Free-times request k of the public booking page: one of the next 7 days, one service of each
 * professional group in turn, any professional — as clients clicking through days do.
 */
export function slotsQuery(k: number, today: string, md5: (s: string) => string): { date: string; service: string } {
  return { date: addDays(today, 1 + (k % 7)), service: benchId(`svc-0-${k % GROUPS.length}-0`, md5) };
}

export const SEARCH_TERMS = ["ana", "silva", "souza", "9912", "conceição", "rafa", "lima", "cliente12", "JÉSSICA", "martins"];

export const BUDGETS_MS = {
  agenda: 150, grid: 150, client: 100, feed: 100, booking: 60, move: 60, close: 80, allocation: 150, dashboard: 200, clients: 100, audit: 150, slots: 100, closing: 150, csv: 3000,
} as const;

export const CLOSED_DAYS = (today: string) => new Set([addDays(today, D.daysAhead + 20), addDays(today, D.daysAhead + 100)]);
export { GROUPS };

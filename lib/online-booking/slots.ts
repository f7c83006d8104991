/**
 * The public page's free start times and who takes them. Pure, over the same day the agenda checks
 * against (lib/appointments/day-builder.ts) and the same availability rule
 * (lib/appointments/rules/availability.ts), so the page never offers what the agenda would refuse.
 *
 * One online booking is done by one professional: all the chosen services back to back, busy for
 * the sum of their durations (60 minutes for a service without one), as the agenda counts a
 * professional's services in one appointment. 'Qualquer profissional' is the first professional,
 * by name, who offers every chosen service and is free for that time.
 */
import { businessDay, type BusinessCalendar } from "@/lib/appointments/rules/business-day";
import { hoursProblem, isAvailable, type ProfessionalDay } from "@/lib/appointments/rules/availability";
import type { BusinessDay } from "@/lib/appointments/rules/business-day";
import { appointmentMinutes, professionalSpans, totalMinutes, type Line } from "@/lib/appointments/rules/appointment-lines";
import { addDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { fromMinutes, toMinutes } from "@/lib/core/time/overlap";

export const SLOT_STEP_MINUTES = 15;

/** 'Qualquer profissional' in the form and the URL of the slots list. */
export const ANY_PROFESSIONAL = "any";

export type SlotProfessional = ProfessionalDay & { offers: { has(serviceId: string): boolean } };
export type SlotDay = { business: BusinessDay; professionals: readonly SlotProfessional[] };

export type SlotRequest = {
  /** The chosen services with their durations (null: none set, 60 minutes). */
  services: readonly { id: string; durationMinutes: number | null }[];
  /** A professional's id, or ANY_PROFESSIONAL. */
  professional: string;
};

/** Whose day a request needs loaded (loadDayContext's `only`): the chosen one, or all for 'any'. */
export function professionalsToLoad(professional: string): string[] | undefined {
  return professional === ANY_PROFESSIONAL ? undefined : [professional];
}

/** Who may take the booking at all: active, offering every chosen service; one of them when one was chosen. */
export function eligibleProfessionals(day: SlotDay, req: SlotRequest): SlotProfessional[] {
  return day.professionals.filter(
    (p) =>
      p.active &&
      (req.professional === ANY_PROFESSIONAL || p.id === req.professional) &&
      req.services.length > 0 &&
      req.services.every((s) => p.offers.has(s.id)),
  );
}

/** The booking's length: the services one after another. */
export function bookingMinutes(req: SlotRequest): number {
  return totalMinutes(req.services);
}

/** The professional who takes the booking at `start` (minutes since midnight), or null when nobody can. */
export function professionalAt(day: SlotDay, req: SlotRequest, start: number): string | null {
  const slot = { start, end: start + bookingMinutes(req) };
  return eligibleProfessionals(day, req).find((p) => isAvailable(p, day.business, slot))?.id ?? null;
}

/**
 * Every 15 minutes from midnight, "HH:MM", the starts of a visit of `minutes` (ending by midnight)
 * that `fits` lets through; `after` as freeStartTimes's.
 */
function startTimes(minutes: number, fits: (slot: { start: number; end: number }) => boolean, after: number | null): string[] {
  const times: string[] = [];
  for (let start = 0; start + minutes <= 24 * 60; start += SLOT_STEP_MINUTES) {
    if (after !== null && start <= after) continue;
    if (fits({ start, end: start + minutes })) times.push(fromMinutes(start));
  }
  return times;
}

/**
 * The free start times of the day, every 15 minutes from midnight, "HH:MM". `after`: minutes since
 * midnight of now when the day is today in the business zone (times up to it are gone), else null.
 */
export function freeStartTimes(day: SlotDay, req: SlotRequest, after: number | null = null): string[] {
  if (!day.business.open) return [];
  const pros = eligibleProfessionals(day, req);
  if (!pros.length) return [];
  return startTimes(bookingMinutes(req), (slot) => pros.some((p) => isAvailable(p, day.business, slot)), after);
}

/**
 * The agenda's 'Reagendar' when each service keeps its professional (an appointment of several, or
 * of none): the start times at which the whole visit is inside the hours and each professional it
 * names is free for their own services, as the server checks a move (the same availability rule;
 * a professional who no longer offers one of their services frees no time). One professional for
 * every service is freeStartTimes's request.
 */
export function freeStartTimesKept(day: SlotDay, lines: readonly Line[], after: number | null = null): string[] {
  if (!day.business.open) return [];
  const loads = [...professionalSpans(lines)].map(([id, span]) => ({ pro: day.professionals.find((p) => p.id === id), span }));
  const offered = lines.every((l) => !l.professionalId || day.professionals.find((p) => p.id === l.professionalId)?.offers.has(l.serviceId));
  if (!offered || loads.some((l) => !l.pro)) return [];
  return startTimes(appointmentMinutes(lines), (slot) =>
    !hoursProblem(day.business, slot) && loads.every((l) => isAvailable(l.pro!, day.business, { start: slot.start + l.span.start, end: slot.start + l.span.end })), after);
}

/**
 * What the page gets for a day: its free start times ("HH:MM"), whether the business is closed that
 * day, and whether its waitlist may be offered (no free time, but someone asked for works that day).
 */
export type SlotsAnswer = { date: string; times: string[]; closed: boolean; waitlist: boolean };

/**
 * Whether the request could be booked that day at all — some start time free were nobody booked:
 * the business open, and someone asked for working then (not their day off, not on time off the
 * whole day, long enough for the services), by the same rule as freeStartTimes. A full day of
 * such a day is worth waiting for; a day nobody works is not (the waitlist isn't offered).
 */
export function couldBook(day: SlotDay, req: SlotRequest, after: number | null = null): boolean {
  const empty: SlotDay = { ...day, professionals: day.professionals.map((p) => ({ ...p, busy: [] })) };
  return freeStartTimes(empty, req, after).length > 0;
}

/**
 * The `after` of freeStartTimes for `date` at the instant `now`, in the business zone whatever the
 * server's: today → the current minute; a past date → the whole day; a later date → null.
 */
export function pastCutoff(date: string, now: Date): number | null {
  const local = instantToBusinessParts(now);
  if (date < local.date) return 24 * 60;
  return date === local.date ? toMinutes(local.time) : null;
}

/** The dates a client may book: today to `windowDays` days ahead (the agenda's window), in the business zone. */
export function bookableDates(today: string, windowDays: number): { first: string; last: string } {
  return { first: today, last: addDays(today, Math.max(0, windowDays)) };
}

/** The dates of the window on which the business is closed (weekly closing day or holiday). */
export function closedDates(calendar: BusinessCalendar, first: string, last: string): string[] {
  const closed: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (!businessDay(d, calendar).open) closed.push(d);
  return closed;
}

/** Whether `date` is inside the window. */
export function withinWindow(date: string, window: { first: string; last: string }): boolean {
  return date >= window.first && date <= window.last;
}

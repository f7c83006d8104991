/**
 * The waitlist's rules, as plain functions (rules.test.ts). Which time of a date an entry is
 * offered comes from the public page's own free times (lib/online-booking/slots.ts over the day the
 * agenda checks against: hours, holidays, each professional's schedule, breaks, time off and booked
 * blocks), so an offer never names a time the booking would refuse; the live offers of other
 * entries count as busy, so one slot is offered to one entry at a time.
 */
import { bookingMinutes, freeStartTimes, professionalAt, type SlotDay, type SlotRequest } from "@/lib/online-booking/slots";
import { toMinutes } from "@/lib/core/time/overlap";
import { STATUS } from "@/lib/appointments/status";

const CANCELLED_STATUS: number = STATUS.cancelado;

/** How long a 'Quero este horário' link holds its slot before the next entry is offered it. */
export const OFFER_MINUTES = 30;

/** At most this many days in one entry ('Dias'). */
export const MAX_ENTRY_DAYS = 14;

/** A live offer as it holds a professional's time on the date being matched. */
export type HeldSlot = { professionalId: string; start: number; end: number };

/** The day with the live offers as busy time of their professionals (nothing else changes). */
export function withHeld<D extends SlotDay>(day: D, held: readonly HeldSlot[]): D {
  if (!held.length) return day;
  return {
    ...day,
    professionals: day.professionals.map((p) => {
      const mine = held.filter((h) => h.professionalId === p.id).map((h) => ({ start: h.start, end: h.end }));
      return mine.length ? { ...p, busy: [...p.busy, ...mine] } : p;
    }),
  };
}

export type Fit = { time: string; professionalId: string; minutes: number };

/**
 * The first time an entry can be offered on `day`: a free start time (every 15 minutes, none up to
 * `after` — now, on today) inside the entry's range of start times ('Das' to 'Até', both included),
 * not one the entry already let expire (`declined`, "HH:MM"), with the professional who takes it —
 * the chosen one, or for 'Qualquer profissional' the first free by name, as the public page books.
 */
export function firstFit(
  day: SlotDay,
  req: SlotRequest,
  range: { from: string; until: string },
  after: number | null,
  declined: ReadonlySet<string> = new Set(),
): Fit | null {
  const from = toMinutes(range.from);
  const until = toMinutes(range.until);
  for (const time of freeStartTimes(day, req, after)) {
    const start = toMinutes(time);
    if (start < from || start > until || declined.has(time)) continue;
    const professionalId = professionalAt(day, req, start);
    if (professionalId) return { time, professionalId, minutes: bookingMinutes(req) };
  }
  return null;
}

export type OfferState = "live" | "claimed" | "expired" | "superseded";

/** What an offer's link can still do at `now`. */
export function offerState(offer: { status: "offered" | "claimed" | "expired" | "superseded"; expiresAt: Date }, now: Date): OfferState {
  if (offer.status === "claimed") return "claimed";
  if (offer.status === "superseded") return "superseded";
  if (offer.status === "expired" || offer.expiresAt.getTime() <= now.getTime()) return "expired";
  return "live";
}

/**
 * What the offer's page shows to whoever opens its link: 'mine' — this link claimed the offer (only
 * its own token can claim it, so holding the link is the proof), with the booking as it is now;
 * 'mine-cancelled' — it did, and the salon has since cancelled that booking; 'filled' — someone else
 * took the time or the offer ended; 'expired'; 'live' — it can still be claimed.
 */
export type OfferPage = "live" | "mine" | "mine-cancelled" | "filled" | "expired";

export function offerPage(
  offer: { status: "offered" | "claimed" | "expired" | "superseded"; expiresAt: Date; appointment: { statusId: number } | null },
  now: Date,
): OfferPage {
  const state = offerState(offer, now);
  if (state === "claimed") {
    if (!offer.appointment) return "filled";
    return offer.appointment.statusId === CANCELLED_STATUS ? "mine-cancelled" : "mine";
  }
  return state === "superseded" ? "filled" : state;
}

/** The dates an entry may ask for: distinct, sorted, from `today` on, inside the booking window's `last`. */
export function entryDatesProblem(dates: readonly string[], today: string, last: string): "past" | "outside" | null {
  if (dates.some((d) => d < today)) return "past";
  if (dates.some((d) => d > last)) return "outside";
  return null;
}

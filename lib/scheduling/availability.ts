/**
 * When a professional can take a booking: the one availability rule used by the new-appointment
 * dialog, the services editor, the automatic assignment, the server's check and the public booking
 * page. Pure: the caller loads the business day, the professional's resolved day and their busy
 * blocks; times are minutes since midnight, a slot is half-open [start, end).
 */
import type { Interval } from "@/lib/time/overlap";
import { intervalsOverlap } from "@/lib/time/overlap";
import type { BusinessDay } from "./business-day";

/** A professional's working day, resolved from the defaults, the business hours and their own schedule. */
export type WorkingDay = { isWorking: boolean; start: number | null; end: number | null; breaks: readonly Interval[] };

export type ProfessionalDay = {
  id: string;
  active: boolean;
  day: WorkingDay;
  /** Their booked blocks on that date (other appointments; cancelled ones excluded). */
  busy: readonly Interval[];
};

export type Unavailable = "inactive" | "closed" | "outside_business_hours" | "off" | "outside_working_hours" | "break" | "busy";

/** Portuguese reasons, for tooltips and the dialogs' badges. */
export const UNAVAILABLE_TEXT: Record<Unavailable, string> = {
  inactive: "Profissional inativo",
  closed: "Estabelecimento fechado",
  outside_business_hours: "Fora do horário de funcionamento",
  off: "Não trabalha neste dia",
  outside_working_hours: "Fora do horário de trabalho",
  break: "Em pausa",
  busy: "Já possui atendimento",
};

const within = (slot: Interval, range: Interval) => slot.start >= range.start && slot.end <= range.end;

/** Why `pro` can't take `slot` on a day the business is `business`, or null when they can. */
export function unavailability(pro: ProfessionalDay, business: BusinessDay, slot: Interval): Unavailable | null {
  if (!pro.active) return "inactive";
  if (!business.open) return "closed";
  if (slot.end > 24 * 60 || (business.window && !within(slot, business.window))) return "outside_business_hours";
  const d = pro.day;
  if (!d.isWorking) return "off";
  if (d.start !== null && d.end !== null && !within(slot, { start: d.start, end: d.end })) return "outside_working_hours";
  if (d.breaks.some((b) => intervalsOverlap(b, slot))) return "break";
  if (pro.busy.some((b) => intervalsOverlap(b, slot))) return "busy";
  return null;
}

export function isAvailable(pro: ProfessionalDay, business: BusinessDay, slot: Interval): boolean {
  return unavailability(pro, business, slot) === null;
}

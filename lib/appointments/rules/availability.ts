/**
 * When a professional can take a booking: the one availability rule used by the new-appointment
 * dialog, the services editor, the automatic assignment, the server's check and the public booking
 * page. Pure: the caller loads the business day, the professional's resolved day and their busy
 * blocks; times are minutes since midnight, a slot is half-open [start, end).
 */
import type { Interval } from "@/lib/core/time/overlap";
import { fromMinutes, intervalsOverlap } from "@/lib/core/time/overlap";
import type { BusinessDay } from "./business-day";

/** A professional's working day, resolved from the defaults, the business hours and their own schedule. */
export type WorkingDay = { isWorking: boolean; start: number | null; end: number | null; breaks: readonly Interval[] };

export type ProfessionalDay = {
  id: string;
  active: boolean;
  day: WorkingDay;
  /** Their booked blocks on that date (other appointments; cancelled ones excluded). */
  busy: readonly Interval[];
  /** Their time off ('Folgas e férias') on that date, clipped to it. */
  timeOff?: readonly Interval[];
};

export type Unavailable = "inactive" | "closed" | "outside_business_hours" | "off" | "time_off" | "outside_working_hours" | "break" | "busy";

/** Portuguese reasons, for tooltips and the dialogs' badges. */
export const UNAVAILABLE_TEXT: Record<Unavailable, string> = {
  inactive: "Profissional inativo",
  closed: "Estabelecimento fechado",
  outside_business_hours: "Fora do horário de funcionamento",
  off: "Não trabalha neste dia",
  time_off: "De folga",
  outside_working_hours: "Fora do horário de trabalho",
  break: "Em pausa",
  busy: "Já possui atendimento",
};

const within = (slot: Interval, range: Interval) => slot.start >= range.start && slot.end <= range.end;

/** Why the business itself can't take an appointment spanning `slot`. */
export type HoursProblem = "closed" | "outside_business_hours";

/**
 * The hours rule ('A agenda não aceita agendamentos fora deles'): the whole appointment inside the
 * day's opening hours, on a day the business opens, and before midnight. Every booking path asks
 * it — with a professional or without one ('Sem profissional'), by staff or online, new or moved.
 */
export function hoursProblem(business: BusinessDay, slot: Interval): HoursProblem | null {
  if (!business.open) return "closed";
  if (slot.end > 24 * 60 || (business.window && !within(slot, business.window))) return "outside_business_hours";
  return null;
}

/**
 * 'Encaixe fora do horário': the day as the override sees it — open, without limits. Only the
 * business's hours are lifted; each professional's own day, breaks and bookings still count.
 */
export function liftHours(business: BusinessDay): BusinessDay {
  return { open: true, window: null, holiday: business.holiday };
}

/** The texts of the hours rule and its override, shared by the server's refusals and the screens. */
/** A booking its professional's time off now covers (saved over it): on the card and the grid's block until moved. */
export const TIME_OFF_MARK = {
  label: "Em folga",
  title: (names: readonly string[]) =>
    `${names.join(" e ")} ${names.length > 1 ? "estão" : "está"} de folga neste horário. Remarque o agendamento ou troque o profissional.`,
} as const;

export const OUTSIDE_HOURS_TEXT = {
  title: "Fora do horário de funcionamento",
  /** The override's checkbox (and the toast action after a refused move). */
  override: "Encaixe fora do horário",
  /** The agenda card's badge of an appointment booked with the override. */
  badge: "Encaixe",
  /** The agenda card's mark of one the hours no longer cover (the allocation viewer's words). */
  mark: "Fora do horário",
  hint: 'Para agendar mesmo assim, use "Encaixe fora do horário".',
} as const;

const clock = (m: number) => fromMinutes(m % (24 * 60));

/** Why an appointment spanning `slot` is refused on a day the business is `business`, in Portuguese. */
export function hoursProblemText(business: BusinessDay, slot: Interval): string {
  const { hint } = OUTSIDE_HOURS_TEXT;
  if (!business.open) {
    return business.holiday
      ? `O estabelecimento está fechado neste dia (feriado: ${business.holiday}). ${hint}`
      : `O estabelecimento está fechado neste dia. ${hint}`;
  }
  const span = `das ${clock(slot.start)} às ${clock(slot.end)}`;
  if (!business.window) return `O atendimento ${span} passa da meia-noite. ${hint}`;
  const hours = `${business.holiday ? `${business.holiday}: ` : ""}${fromMinutes(business.window.start)} às ${fromMinutes(business.window.end)}`;
  return `O atendimento ${span} fica fora do horário de funcionamento deste dia (${hours}). ${hint}`;
}

/** Why `pro` can't take `slot` on a day the business is `business`, or null when they can. */
export function unavailability(pro: ProfessionalDay, business: BusinessDay, slot: Interval): Unavailable | null {
  if (!pro.active) return "inactive";
  const hours = hoursProblem(business, slot);
  if (hours) return hours;
  const d = pro.day;
  if (!d.isWorking) return "off";
  if (pro.timeOff?.some((t) => intervalsOverlap(t, slot))) return "time_off";
  if (d.start !== null && d.end !== null && !within(slot, { start: d.start, end: d.end })) return "outside_working_hours";
  if (d.breaks.some((b) => intervalsOverlap(b, slot))) return "break";
  if (pro.busy.some((b) => intervalsOverlap(b, slot))) return "busy";
  return null;
}

export function isAvailable(pro: ProfessionalDay, business: BusinessDay, slot: Interval): boolean {
  return unavailability(pro, business, slot) === null;
}

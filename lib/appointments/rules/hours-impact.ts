/**
 * What the hours rule (lib/appointments/rules/availability.ts) says about appointments already booked:
 * the agenda card's mark ('Encaixe' for one booked outside the hours on purpose, 'Fora do horário'
 * for one the hours no longer cover), and which appointments a change of the hours or a new
 * holiday would leave outside, so the screen can list them and ask before saving. Pure.
 */
import { appointmentSlot, type Line } from "./appointment-lines";
import { hoursProblem } from "./availability";
import { businessDay, type BusinessCalendar, type BusinessDay } from "./business-day";

const CANCELLED = 3;

export type BookedAppointment = {
  /** HH:MM */
  time: string;
  statusId: number;
  /** Booked with 'Encaixe fora do horário': outside the hours on purpose. */
  outsideHours: boolean;
  lines: readonly Pick<Line, "durationMinutes">[];
};

export type HoursMark = "encaixe" | "outside";

/**
 * The card's mark on a day the business is `day`: 'encaixe' for a deliberate one, 'outside' for a
 * live appointment (today or later) the hours don't cover, else none. A past day keeps no mark: its
 * hours then were what they were.
 */
export function hoursMark(a: BookedAppointment & { date: string }, day: BusinessDay, today: string): HoursMark | null {
  if (a.outsideHours) return "encaixe";
  if (a.statusId === CANCELLED || a.date < today) return null;
  return hoursProblem(day, appointmentSlot(a.time, a.lines)) ? "outside" : null;
}

/** Whether the hours of `day` leave the appointment outside (a deliberate 'Encaixe' never is). */
function leftOutside(a: BookedAppointment, day: BusinessDay): boolean {
  return !a.outsideHours && a.statusId !== CANCELLED && hoursProblem(day, appointmentSlot(a.time, a.lines)) !== null;
}

/**
 * The appointments that the calendar `after` leaves outside the hours and `before` did not: what a
 * new holiday or shorter weekly hours would do to them. Those already outside stay out of the list
 * (the change is not what put them there), as do cancelled ones and every 'Encaixe'.
 */
export function newlyOutside<A extends BookedAppointment & { date: string }>(
  appointments: readonly A[], before: BusinessCalendar, after: BusinessCalendar,
): A[] {
  const days = new Map<string, [BusinessDay, BusinessDay]>();
  const dayOf = (date: string) => {
    let d = days.get(date);
    if (!d) days.set(date, (d = [businessDay(date, before), businessDay(date, after)]));
    return d;
  };
  return appointments.filter((a) => {
    const [was, will] = dayOf(a.date);
    return leftOutside(a, will) && !leftOutside(a, was);
  });
}

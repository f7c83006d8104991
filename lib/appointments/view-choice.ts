/**
 * The agenda's two views ('Cartões', the spec's screen, at /appointments, and 'Grade', at
 * /appointments/grade): the middleware keeps the last one visited (or named with ?vista=) in a
 * cookie, and /appointments sends a device whose last was the grade there (no script needed).
 */
export const APPOINTMENTS_VIEW_COOKIE = "agenda_vista";
export const APPOINTMENTS_VIEWS = ["cartoes", "grade"] as const;
export type AppointmentsViewName = (typeof APPOINTMENTS_VIEWS)[number];

export function appointmentsViewOf(value: string | null | undefined): AppointmentsViewName | null {
  return (APPOINTMENTS_VIEWS as readonly string[]).includes(value ?? "") ? (value as AppointmentsViewName) : null;
}

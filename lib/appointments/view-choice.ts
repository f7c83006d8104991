/**
 * The agenda's two views ('Cartões', the spec's screen, at /appointments, and 'Grade', at
 * /appointments/grade): the middleware keeps the last one visited (or named with ?vista=) in a
 * cookie, and /appointments sends a device whose last was the grade there (no script needed).
 */
export const AGENDA_VIEW_COOKIE = "agenda_vista";
export const AGENDA_VIEWS = ["cartoes", "grade"] as const;
export type AgendaViewName = (typeof AGENDA_VIEWS)[number];

export function agendaViewOf(value: string | null | undefined): AgendaViewName | null {
  return (AGENDA_VIEWS as readonly string[]).includes(value ?? "") ? (value as AgendaViewName) : null;
}

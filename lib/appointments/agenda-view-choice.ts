/**
 * The agenda's two views ('Cartões', the spec's screen, and 'Grade'): ?vista= names one, and the
 * middleware keeps the last one named in a cookie, so /appointments opens in it next time on this
 * device (no script needed: a link does it).
 */
export const AGENDA_VIEW_COOKIE = "agenda_vista";
export const AGENDA_VIEWS = ["cartoes", "grade"] as const;
export type AgendaViewName = (typeof AGENDA_VIEWS)[number];

export function agendaViewOf(value: string | null | undefined): AgendaViewName | null {
  return (AGENDA_VIEWS as readonly string[]).includes(value ?? "") ? (value as AgendaViewName) : null;
}

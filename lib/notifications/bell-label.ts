/** The bell's accessible name, with the unread count: kept apart so the bell's first load ships no other text. */
export function bellLabel(unread: number): string {
  return unread ? `Notificações, ${unread} não ${unread === 1 ? "lida" : "lidas"}` : "Notificações";
}

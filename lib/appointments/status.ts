/**
 * How a status looks on the agenda (spec section 2): the badge (confirmado green outline,
 * cancelado destructive, otherwise secondary), the card's bottom bar (green, red, yellow for
 * pendente or anything else) and the name. A missing or unknown status shows as pendente.
 */
export type StatusMeta = { id: number; label: string; badge: "success" | "destructive" | "secondary"; bar: string };

const META: Record<number, StatusMeta> = {
  1: { id: 1, label: "Pendente", badge: "secondary", bar: "bg-warning" },
  2: { id: 2, label: "Confirmado", badge: "success", bar: "bg-success" },
  3: { id: 3, label: "Cancelado", badge: "destructive", bar: "bg-destructive" },
  4: { id: 4, label: "Concluído", badge: "secondary", bar: "bg-warning" },
};

export function statusMeta(statusId: number | null | undefined): StatusMeta {
  return META[statusId ?? 1] ?? META[1];
}

/** Names as the data may carry them, in either language (spec section 3). */
export function statusIdFromName(name: string | null | undefined): number {
  const n = (name ?? "").trim().toLowerCase();
  if (["confirmado", "confirmed"].includes(n)) return 2;
  if (["cancelado", "canceled", "cancelled"].includes(n)) return 3;
  if (["concluido", "concluído", "completed", "done"].includes(n)) return 4;
  return 1;
}

/** The statuses the card's menu offers; 'Concluído' only when the appointment already has it. */
export function statusChoices(current: number): StatusMeta[] {
  return current === 4 ? [META[1], META[2], META[3], META[4]] : [META[1], META[2], META[3]];
}

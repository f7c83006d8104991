/**
 * How a status looks, everywhere it shows (the agenda card's bar and menu, the Visor de Alocação's
 * blocks and legend, the public booking page): its name, the agenda badge of spec section 2
 * (confirmado green outline, cancelado destructive, otherwise secondary) and its colour. A missing
 * or unknown status shows as pendente.
 *
 * Each status has its own colour token (`--status-<key>` in app/globals.css, 4.5:1 or better on
 * the card in both themes; status-colors.test.ts checks both), so 'Concluído' no longer shares
 * pendente's yellow. The colour never stands alone: the status name is written beside it.
 */
export type StatusKey = "pendente" | "confirmado" | "cancelado" | "concluido";

/** Utility classes of one status colour, written out whole so Tailwind generates them. */
export type StatusTone = {
  /** A filled area: the card's bottom bar, the menu's and the legend's dots. */
  bar: string;
  border: string;
  text: string;
  /** A light wash of the colour behind text in the foreground colour (the Visor's blocks). */
  tint: string;
};

export type StatusMeta = { id: number; key: StatusKey; label: string; badge: "success" | "destructive" | "secondary" } & StatusTone;

export const STATUS_TONES: Record<StatusKey, StatusTone> = {
  pendente: { bar: "bg-status-pendente", border: "border-status-pendente", text: "text-status-pendente", tint: "bg-status-pendente/15" },
  confirmado: { bar: "bg-status-confirmado", border: "border-status-confirmado", text: "text-status-confirmado", tint: "bg-status-confirmado/15" },
  cancelado: { bar: "bg-status-cancelado", border: "border-status-cancelado", text: "text-status-cancelado", tint: "bg-status-cancelado/10" },
  concluido: { bar: "bg-status-concluido", border: "border-status-concluido", text: "text-status-concluido", tint: "bg-status-concluido/15" },
};

const META: Record<number, StatusMeta> = {
  1: { id: 1, key: "pendente", label: "Pendente", badge: "secondary", ...STATUS_TONES.pendente },
  2: { id: 2, key: "confirmado", label: "Confirmado", badge: "success", ...STATUS_TONES.confirmado },
  3: { id: 3, key: "cancelado", label: "Cancelado", badge: "destructive", ...STATUS_TONES.cancelado },
  4: { id: 4, key: "concluido", label: "Concluído", badge: "secondary", ...STATUS_TONES.concluido },
};

/** Every status, by id. */
export const STATUSES: readonly StatusMeta[] = Object.values(META);

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

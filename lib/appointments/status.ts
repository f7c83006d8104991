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
/**
 * The status ids, the one definition (spec: 1 pendente, 2 confirmado, 3 cancelado, 4 concluido are
 * seeded rows of appointment_status; 5 faltou, the no-show, is ours: migration 0024). SQL that
 * filters on a status writes the id from here with `STATUS_SQL` (a literal, so partial indexes over
 * it still match).
 */
export const STATUS = { pendente: 1, confirmado: 2, cancelado: 3, concluido: 4, faltou: 5 } as const;

export type StatusKey = keyof typeof STATUS;
export type StatusId = (typeof STATUS)[StatusKey];

/** Utility classes of one status colour, written out whole so Tailwind generates them. */
export type StatusTone = {
  /** A filled area: the card's bottom bar, the menu's and the legend's dots. */
  bar: string;
  border: string;
  text: string;
  /** A light wash of the colour behind text in the foreground colour (the Visor's blocks). */
  tint: string;
  /** The same wash mixed into the card's colour, opaque (the agenda grid's blocks, over the rows' lines): app/globals.css. */
  wash: string;
};

export type StatusMeta = { id: number; key: StatusKey; label: string; badge: "success" | "destructive" | "secondary" } & StatusTone;

export const STATUS_TONES: Record<StatusKey, StatusTone> = {
  pendente: { bar: "bg-status-pendente", border: "border-status-pendente", text: "text-status-pendente", tint: "bg-status-pendente/15", wash: "block-wash-pendente" },
  confirmado: { bar: "bg-status-confirmado", border: "border-status-confirmado", text: "text-status-confirmado", tint: "bg-status-confirmado/15", wash: "block-wash-confirmado" },
  cancelado: { bar: "bg-status-cancelado", border: "border-status-cancelado", text: "text-status-cancelado", tint: "bg-status-cancelado/10", wash: "block-wash-cancelado" },
  concluido: { bar: "bg-status-concluido", border: "border-status-concluido", text: "text-status-concluido", tint: "bg-status-concluido/15", wash: "block-wash-concluido" },
  faltou: { bar: "bg-status-faltou", border: "border-status-faltou", text: "text-status-faltou", tint: "bg-status-faltou/15", wash: "block-wash-faltou" },
};

const META: Record<number, StatusMeta> = {
  [STATUS.pendente]: { id: STATUS.pendente, key: "pendente", label: "Pendente", badge: "secondary", ...STATUS_TONES.pendente },
  [STATUS.confirmado]: { id: STATUS.confirmado, key: "confirmado", label: "Confirmado", badge: "success", ...STATUS_TONES.confirmado },
  [STATUS.cancelado]: { id: STATUS.cancelado, key: "cancelado", label: "Cancelado", badge: "destructive", ...STATUS_TONES.cancelado },
  [STATUS.concluido]: { id: STATUS.concluido, key: "concluido", label: "Concluído", badge: "secondary", ...STATUS_TONES.concluido },
  [STATUS.faltou]: { id: STATUS.faltou, key: "faltou", label: "Faltou", badge: "secondary", ...STATUS_TONES.faltou },
};

/** Every status, by id. */
export const STATUSES: readonly StatusMeta[] = Object.values(META);

export function statusMeta(statusId: number | null | undefined): StatusMeta {
  return META[statusId ?? STATUS.pendente] ?? META[STATUS.pendente];
}

/** The status's name as the audit rows write it ('pendente', 'confirmado', …). */
export function statusName(statusId: number | null | undefined): StatusKey {
  return statusMeta(statusId).key;
}

/** The card's menu: the spec's three, then the outcomes of a visit that has started. */
export const STATUS_MENU: readonly StatusMeta[] = [META[STATUS.pendente], META[STATUS.confirmado], META[STATUS.cancelado], META[STATUS.concluido], META[STATUS.faltou]];

/** What a visit came to: 'Concluído' or 'Faltou'. Only for one that has started; never cancelled by a link. */
export function isOutcome(statusId: number): boolean {
  return statusId === STATUS.concluido || statusId === STATUS.faltou;
}

/** Whether the visit's services count as revenue: confirmado or concluído (docs/features/reports.md, 'Revenue counts confirmado and concluído'). */
export function isBilled(statusId: number): boolean {
  return statusId === STATUS.confirmado || statusId === STATUS.concluido;
}

/** The status menu's note, and the refusal, when an outcome is asked for before the start. */
export const NOT_STARTED_TEXT = "Concluído e Faltou ficam disponíveis a partir do horário do agendamento.";

/** Whether the menu and the server take `statusId` for a visit that has (not) started yet. */
export function statusAllowed(statusId: number, started: boolean): boolean {
  return started || !isOutcome(statusId);
}

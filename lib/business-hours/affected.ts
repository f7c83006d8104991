/**
 * A new holiday or shorter weekly hours over appointments already booked: the refusal that lists
 * them (the server saves such a change only with `confirm: true`) and its texts. Apart from the
 * schemas and the server code, so the screens that show the list ship neither.
 */
import type { ActionFailure } from "@/lib/core/actions/result";
import { formatDate } from "@/lib/core/format/date";

export const AFFECTED_CODE = "affected-appointments";

/** How many of them the refusal names; the count covers the rest. */
export const AFFECTED_LIST_LIMIT = 30;

export type AffectedAppointment = { id: string; clientName: string; date: string; time: string };

export type AffectedRefusal = ActionFailure & { code: typeof AFFECTED_CODE; affected: AffectedAppointment[]; total: number };

export const AFFECTED_TEXT = {
  title: "Agendamentos fora do horário",
  keep: 'Eles continuam na agenda, marcados como "Fora do horário". Remarque-os ou avise os clientes.',
  back: "Voltar",
} as const;

/** '1 agendamento ficaria' / '7 agendamentos ficariam' fora do horário de funcionamento. */
export function affectedCountText(n: number): string {
  return n === 1
    ? "1 agendamento ficaria fora do horário de funcionamento"
    : `${n} agendamentos ficariam fora do horário de funcionamento`;
}

/**
 * The refusal of a change that leaves `all` outside the hours (the first AFFECTED_LIST_LIMIT of them
 * named); `count` says what happens to them (a professional's time off says it its own way).
 */
export function affectedRefusal(error: string, all: readonly AffectedAppointment[], count: (n: number) => string = affectedCountText): AffectedRefusal {
  return {
    ok: false,
    code: AFFECTED_CODE,
    error,
    description: `${count(all.length)}. Confirme para salvar mesmo assim.`,
    affected: all.slice(0, AFFECTED_LIST_LIMIT),
    total: all.length,
  };
}

/** The refusal's list when `failure` is one, else null (the screens branch on the code, never on texts). */
export function affectedOf(failure: ActionFailure): AffectedRefusal | null {
  const f = failure as Partial<AffectedRefusal>;
  return f.code === AFFECTED_CODE && Array.isArray(f.affected) ? (failure as AffectedRefusal) : null;
}

/** One line of the list: 'Ana Souza — 10:30', or with the date when the change spans many days ('… — 08/12/2026 às 10:30'). */
export function affectedLine(a: AffectedAppointment, withDate: boolean): string {
  return `${a.clientName} — ${withDate ? `${formatDate(a.date)} às ` : ""}${a.time}`;
}

/** The success toast's note of what the change left outside the hours (none: nothing to add). */
export function affectedAfterText(n = 0): string | undefined {
  if (n === 0) return undefined;
  return n === 1
    ? '1 agendamento ficou fora do horário e está marcado na agenda como "Fora do horário".'
    : `${n} agendamentos ficaram fora do horário e estão marcados na agenda como "Fora do horário".`;
}

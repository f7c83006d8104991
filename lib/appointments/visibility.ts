/**
 * Whose appointments a member sees and changes: the one rule of the 'otherAgendas' grant ('Ver a
 * agenda dos outros profissionais', lib/auth/permissions.ts). The owner, an administrator and an
 * employee holding it: every professional's ("all"). An employee without it: only the appointments
 * of the professional linked to them ('Profissional vinculado', the team page's 'Permissões';
 * user_business_roles.professional_id), none when no professional is linked.
 *
 * An appointment is a professional's when one of its services is with them. Every agenda read puts
 * `seesAppointment` in its SQL (never a filter in the browser); every write on an appointment goes
 * through `lockAppointment` (mutations.ts), which refuses one the caller can't see, and a write may
 * give a service only to the caller's own professional (`mayAssign`).
 *
 * The membership is read from the database on every request (lib/auth/claims.ts), so a change of the
 * grant or of the link holds from the member's next call.
 */
import { sql, type SQL } from "drizzle-orm";
import { holdsGrant, type Grant } from "@/lib/auth/permissions";
import type { BusinessRole } from "@/lib/auth/roles";

export type AgendaScope = "all" | { professionalId: string | null };

type Member = { role: BusinessRole; grants: readonly Grant[]; professionalId?: string | null };

/** A member's scope in the business (`undefined`: no member, the public booking page's writes: all). */
export function agendaScope(member: Member | undefined | null): AgendaScope {
  if (!member || holdsGrant(member, "otherAgendas")) return "all";
  return { professionalId: member.professionalId ?? null };
}

/** The agenda's plain-words note for a member who sees no professional at all. */
export const NO_LINKED_PROFESSIONAL =
  "Você vê só a agenda do seu profissional, e nenhum está vinculado a você. Peça ao proprietário do negócio.";

/** The agenda's note for a member who sees one professional's appointments. */
export const ONLY_LINKED_PROFESSIONAL = (name: string) => `Você vê só a agenda de ${name}.`;

/**
 * The condition on an appointment (alias `a`, or the column given) for the reads' WHERE: true for
 * "all", its having a service with the linked professional otherwise (false with none linked).
 */
export function seesAppointment(scope: AgendaScope, appointmentId: SQL = sql`a.id`): SQL {
  if (scope === "all") return sql`true`;
  if (!scope.professionalId) return sql`false`;
  return sql`exists (select 1 from appointment_services vs where vs.appointment_id = ${appointmentId} and vs.professional_id = ${scope.professionalId})`;
}

/** Whether the caller may see an appointment with these services' professionals. */
export function seesLines(scope: AgendaScope, lines: readonly { professionalId: string | null }[]): boolean {
  return scope === "all" || (!!scope.professionalId && lines.some((l) => l.professionalId === scope.professionalId));
}

/** Whether the caller may give a service to `professionalId` (null: none yet, chosen by the server). */
export function mayAssign(scope: AgendaScope, professionalId: string | null): boolean {
  return scope === "all" || (!!scope.professionalId && professionalId === scope.professionalId);
}

/**
 * 'Gerenciar Serviços e Profissionais' on a shared appointment by a member who sees one professional:
 * they may change their own professional's lines only. Every line with another professional stays
 * as it was (same service, same professional), and a new line is theirs.
 */
export function keepsOthersLines(
  scope: AgendaScope,
  before: readonly { serviceId: string; professionalId: string | null }[],
  after: readonly { serviceId: string; professionalId: string | null }[],
): boolean {
  if (scope === "all") return true;
  if (!scope.professionalId) return false;
  const others = (lines: typeof before) =>
    lines.filter((l) => l.professionalId !== scope.professionalId).map((l) => `${l.serviceId}:${l.professionalId}`).sort().join(",");
  return others(before) === others(after);
}

/** The one professional the caller sees, or null when they see all (the grid's column, the booking dialog's lock). */
export function onlyProfessional(scope: AgendaScope): string | null | undefined {
  return scope === "all" ? undefined : scope.professionalId;
}

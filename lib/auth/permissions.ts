/**
 * Who may do what: the one table of access levels, read by middleware and the page guards (a
 * route's guard, lib/routes.ts), the action pipeline (an action's level), the route handlers
 * (`authorize`), the sidebar (which entries a caller sees) and the authorization matrix test. Pure:
 * middleware (edge) imports it.
 */
import { isOwnerLevel, type BusinessRole } from "./roles";

export type Level = "public" | "user" | "home" | "client" | "admin" | "staff" | "owner";

type Rule = {
  /** A session is needed. */
  signedIn: boolean;
  /**
   * Platform admins: "only" they may; "elsewhere" they work in /admin, so pages send them there
   * (an action or route handler doesn't ask); "any" is no matter.
   */
  platformAdmin: "only" | "elsewhere" | "any";
  /** What the caller must be in the business concerned (the current one for pages, the named one for calls). */
  business: "none" | "member" | "owner";
};

export const PERMISSIONS: Record<Level, Rule> = {
  /** Anyone: /auth, the public booking page, sign-up and reset links. */
  public: { signedIn: false, platformAdmin: "any", business: "none" },
  /** Anyone signed in, for their own account (accept an invitation, 'Sair'). */
  user: { signedIn: true, platformAdmin: "any", business: "none" },
  /** `/`: anyone signed in, routed on to where they work. */
  home: { signedIn: true, platformAdmin: "elsewhere", business: "none" },
  /** Client screens: signed in, not a platform admin. */
  client: { signedIn: true, platformAdmin: "elsewhere", business: "none" },
  /** /admin and its actions. */
  admin: { signedIn: true, platformAdmin: "only", business: "none" },
  /** The agenda, clients, services, professionals, hours: any member of the business. */
  staff: { signedIn: true, platformAdmin: "elsewhere", business: "member" },
  /** Reports, Meus Dados, the team: the business's owner or administrator. */
  owner: { signedIn: true, platformAdmin: "elsewhere", business: "owner" },
};

/**
 * What an employee may do beyond booking, granted by the owner per member (the membership row's
 * `grants`, migration 0035; the team page's 'Permissões'). A staff action, read or page may need one
 * besides its level; an owner or administrator holds them all. A new membership holds
 * DEFAULT_GRANTS, the column's default: what employees could do before grants existed (the spec's
 * all-staff management pages and every professional's agenda; the calendar links were the owner's).
 * Without `otherAgendas` an employee sees and changes only the appointments of the professional
 * linked to them (lib/appointments/visibility.ts).
 */
export const GRANTS = ["deleteClients", "catalog", "hours", "calendarLinks", "otherAgendas"] as const;
export type Grant = (typeof GRANTS)[number];
export const DEFAULT_GRANTS: readonly Grant[] = ["deleteClients", "catalog", "hours", "otherAgendas"];

export const GRANT_LABELS: Record<Grant, { label: string; description: string }> = {
  deleteClients: { label: "Excluir clientes", description: "Apagar um cliente e o seu histórico." },
  catalog: { label: "Editar serviços e preços", description: "Criar, editar e excluir serviços e profissionais, com os seus preços." },
  hours: { label: "Editar horários e feriados", description: "Horários de funcionamento, feriados e janela de agendamento." },
  calendarLinks: { label: "Gerenciar links da agenda (iCal)", description: "Gerar e revogar o link da agenda (iCal) de cada profissional." },
  otherAgendas: {
    label: "Ver a agenda dos outros profissionais",
    description: "Ver e mudar os horários de todos os profissionais. Sem ela, só os do profissional vinculado.",
  },
};

/** Who asks, as far as a permission cares. `businessRole`: in the business concerned, null for none. */
export type Caller = {
  signedIn: boolean;
  isAdmin: boolean;
  businessRole: BusinessRole | null;
  /** An employee's grants in that business (an owner's and an administrator's don't matter: they hold all). */
  grants?: readonly Grant[];
};

export type Denial = "not_signed_in" | "not_admin" | "admin_elsewhere" | "no_business" | "not_owner" | "not_granted";

/**
 * Why `caller` may not reach something of `level` (needing `grant`, when it names one), or null when
 * they may. A page also sends a platform admin away from the business screens (`on: "page"`); a call
 * only checks the business.
 */
export function denial(level: Level, caller: Caller, on: "page" | "call", grant?: Grant): Denial | null {
  const rule = PERMISSIONS[level];
  if (!rule.signedIn) return null;
  if (!caller.signedIn) return "not_signed_in";
  if (rule.platformAdmin === "only") return caller.isAdmin ? null : "not_admin";
  if (rule.platformAdmin === "elsewhere" && caller.isAdmin && on === "page") return "admin_elsewhere";
  if (rule.business === "none") return null;
  if (!caller.businessRole) return "no_business";
  if (rule.business === "owner" && !isOwnerLevel(caller.businessRole)) return "not_owner";
  if (grant && !isOwnerLevel(caller.businessRole) && !caller.grants?.includes(grant)) return "not_granted";
  return null;
}

/**
 * Whether a member (their role and grants in the business) holds `grant`: what a screen asks to
 * leave out a button the server would refuse (the server checks again).
 */
export function holdsGrant(member: { role: BusinessRole; grants: readonly Grant[] }, grant: Grant): boolean {
  return !denial("staff", { signedIn: true, isAdmin: false, businessRole: member.role, grants: member.grants }, "call", grant);
}

/** What a refused call (an action, a route handler) answers. */
export const ACCESS = {
  notSignedIn: "Sessão expirada. Faça login novamente.",
  forbidden: "Você não tem permissão para esta ação.",
  noBusiness: "Selecione um negócio",
  /** A page the member may not open (a grant they don't hold): shown in its place, not a redirect. */
  pageDenied: "Você não tem permissão para abrir esta página. Peça ao proprietário do negócio.",
} as const;

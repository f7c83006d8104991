import { z } from "zod";
import { GRANTS, type Grant } from "@/lib/auth/permissions";

export const INVITE_MESSAGES = {
  required: "Email é obrigatório",
  invalid: "Email inválido",
  tooLong: "Email deve ter no máximo 255 caracteres",
  member: "Este usuário já faz parte da sua equipe.",
  pending: "Já existe um convite pendente para este email.",
  failed: "Não foi possível enviar o convite.",
  confirmFirst: "Confirme seu e-mail para enviar convites.",
  dailyLimit: "Limite diário de convites atingido. Tente novamente amanhã.",
} as const;

/** The team screen's toasts (title 'Erro' with the spec's message below it). */
export const TEAM_MESSAGES = {
  error: "Erro",
  removeFailed: "Não foi possível remover o membro.",
  deleteInvitationFailed: "Não foi possível excluir o convite.",
  grantsFailed: "Não foi possível salvar as permissões.",
  professionalNotFound: "Este profissional não existe mais neste negócio. Recarregue a página.",
  professionalTaken: "Este profissional já está vinculado a outro membro da equipe.",
} as const;

/** Trims and lower-cases an invitation e-mail (spec section 5). */
export function normaliseInviteEmail(value: string): string {
  return value.trim().toLowerCase();
}

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invitation e-mail rule, shared by the dialog (on change and blur) and the server action. */
export const inviteEmailSchema = z
  .string()
  .transform(normaliseInviteEmail)
  .pipe(
    z
      .string()
      .min(1, INVITE_MESSAGES.required)
      .max(255, INVITE_MESSAGES.tooLong)
      .regex(BASIC_EMAIL, INVITE_MESSAGES.invalid),
  );

/** The first message for a typed e-mail, or null when it is acceptable. */
export function inviteEmailError(value: string): string | null {
  const r = inviteEmailSchema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? INVITE_MESSAGES.invalid);
}

export const inviteMemberSchema = z.object({ email: inviteEmailSchema });
export const removeMemberSchema = z.object({ memberId: z.uuid({ message: TEAM_MESSAGES.removeFailed }) });
export const deleteInvitationSchema = z.object({ invitationId: z.uuid({ message: TEAM_MESSAGES.deleteInvitationFailed }) });
/** 'Nenhum' in the 'Profissional vinculado' select (a select's value can't be empty). */
export const NO_PROFESSIONAL = "nenhum";

/** 'Permissões' of an employee: each grant on or off (the dialog's switches); the ones off are withheld. */
export const memberGrantsSchema = z.object({
  memberId: z.uuid({ message: TEAM_MESSAGES.grantsFailed }),
  grants: z.strictObject(Object.fromEntries(GRANTS.map((g) => [g, z.boolean()])) as Record<Grant, z.ZodBoolean>),
  /** 'Profissional vinculado': one of the business's professionals, or NO_PROFESSIONAL ('Nenhum'). */
  professionalId: z.union([z.literal(NO_PROFESSIONAL), z.uuid({ message: TEAM_MESSAGES.professionalNotFound })]),
});

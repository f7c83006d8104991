import { z } from "zod";

export const INVITE_ERRORS = {
  title: "Erro",
  acceptTitle: "Erro ao aceitar convite",
  acceptDescription: "Verifique se o convite ainda é válido.",
  acceptFailed: "Não foi possível aceitar o convite. Verifique se ele ainda é válido.",
  declineFailed: "Não foi possível recusar o convite.",
  signupTitle: "Erro no cadastro",
  accountExistsTitle: "Confirme seu email ou faça login",
  accountExists: "Finalize o login para aceitar o convite.",
} as const;

export const SIGNUP_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  passwordRequired: "Senha é obrigatória",
  passwordMin: "Senha deve ter pelo menos 8 caracteres",
  passwordMix: "A senha deve incluir letras e números",
  confirmRequired: "Confirme sua senha",
  mismatch: "Senhas não coincidem",
} as const;

/** Employee sign-up (spec section 5); the first message per field is shown under it. */
export const employeeSignupSchema = z
  .object({
    fullName: z.string().trim().min(1, SIGNUP_MESSAGES.nameRequired).min(2, SIGNUP_MESSAGES.nameMin).max(200),
    password: z
      .string()
      .min(1, SIGNUP_MESSAGES.passwordRequired)
      .min(8, SIGNUP_MESSAGES.passwordMin)
      .max(200)
      .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), SIGNUP_MESSAGES.passwordMix),
    confirmPassword: z.string().min(1, SIGNUP_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: SIGNUP_MESSAGES.mismatch });

export type EmployeeSignupInput = z.input<typeof employeeSignupSchema>;
export type EmployeeSignupData = z.output<typeof employeeSignupSchema>;

/** The live checklist beside the form; 'Criar conta' is enabled only when every item holds. */
export function signupChecklist(v: EmployeeSignupInput) {
  return [
    { key: "length", label: "Mínimo de 8 caracteres", ok: v.password.length >= 8 },
    { key: "letters", label: "Contém letras", ok: /\p{L}/u.test(v.password) },
    { key: "numbers", label: "Contém números", ok: /\d/.test(v.password) },
    { key: "match", label: "Senhas coincidem", ok: v.password.length > 0 && v.password === v.confirmPassword },
    { key: "name", label: "Nome completo válido", ok: v.fullName.trim().length >= 2 },
  ];
}

const invitationId = z.string().max(100);

/** The sign-up form's fields and the invitation it came through. */
export const employeeSignupActionSchema = z.intersection(employeeSignupSchema, z.object({ invitationId }));
export const acceptInvitationSchema = z.object({ invitationId, proof: z.enum(["list", "link"]).default("list") });
export const declineInvitationSchema = z.object({ invitationId });

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

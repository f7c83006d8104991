/** The invitations' texts and the sign-up checklist. Apart from the schemas, so the sign-up screen ships no zod to the browser. */
import type { EmployeeSignupInput } from "./schemas";

export const INVITE_ERRORS = {
  title: "Erro",
  acceptTitle: "Erro ao aceitar convite",
  acceptDescription: "Verifique se o convite ainda é válido.",
  acceptFailed: "Não foi possível aceitar o convite. Verifique se ele ainda é válido.",
  declineFailed: "Não foi possível recusar o convite.",
  signupTitle: "Erro no cadastro",
  accountExistsTitle: "Confirme seu email ou faça login",
  accountExists: "Finalize o login para aceitar o convite.",
  /** A sign-up through a link without its secret: the account exists, the address is still to be confirmed. */
  unconfirmedTitle: "Confirme seu e-mail",
  unconfirmed: (email: string, businessName: string) =>
    `Sua conta foi criada. Enviamos um link de confirmação para ${email}: confirme seu e-mail e entre para aceitar o convite de ${businessName}.`,
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

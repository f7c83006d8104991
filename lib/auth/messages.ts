/** Texts of the account flows (spec section 8), shared by server code and client components. */
export const INVALID_RESET_MESSAGE = "Este link de redefinição de senha é inválido ou expirou.";
export const INVALID_CONFIRMATION_MESSAGE = "Este link de confirmação é inválido ou expirou.";

export const AUTH_MESSAGES = {
  unexpected: "Ocorreu um erro inesperado.",
  signUpError: "Erro no cadastro",
  alreadyRegistered: "Você já possui um negócio cadastrado.",
  forgotError: "Erro ao enviar email",
  resetError: "Erro ao redefinir senha",
  invalidLink: "Link inválido",
  resendError: "Não foi possível reenviar",
  mailFailed: "Não foi possível enviar o e-mail. Tente novamente.",
  alreadyConfirmed: "Seu e-mail já está confirmado.",
  /** Shown where an action needs a confirmed address. */
  confirmFirst: "Confirme seu e-mail para continuar. Enviamos o link para a sua caixa de entrada.",
  confirmError: "Erro ao confirmar e-mail",
  choosePassword: "Este link foi aberto em outro navegador. Escolha uma senha para confirmar o e-mail.",
  emailConfirmed: "E-mail confirmado!",
  signOutError: "Erro ao sair",
  logoutError: "Erro no logout",
} as const;

/** The refusal code of a confirmation from a browser that did not ask for the link, without a password. */
export const PASSWORD_REQUIRED = "password-required";

/** The refusal code of a reset link that is unknown, used or expired: the screen goes back to /auth. */
export const INVALID_LINK = "invalid-link";

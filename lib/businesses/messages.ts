/** The business screens' texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const BUSINESS_MESSAGES = {
  createError: "Erro ao criar negócio",
  linkError: "Erro ao vincular usuário ao negócio",
  createUnexpected: "Erro inesperado ao criar negócio",
  updateFailed: "Não foi possível atualizar os dados.",
} as const;

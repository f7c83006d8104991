/**
 * The Conversas report's texts (spec sections 2 and 8) and the WhatsApp integration card's, with their
 * choices. Apart from the schemas, so code that only shows them ships no zod to the browser.
 */
export const CONVERSATION_MESSAGES = {
  loadError: "Erro ao carregar conversas",
  empty: "Nenhuma conversa encontrada.",
} as const;

export const API_KEY_MESSAGES = {
  title: "Integração com WhatsApp",
  nameRequired: "Informe um nome para a chave.",
  nameTooLong: "O nome pode ter no máximo 60 caracteres.",
  createError: "Erro ao criar chave",
  revokeError: "Erro ao revogar chave",
  created: "Chave criada",
  createdDescription: "Copie a chave agora: ela não será mostrada de novo.",
  revoked: "Chave revogada",
  revokedDescription: "O bot que usava esta chave não consegue mais enviar conversas.",
  notFound: "Chave não encontrada.",
  tooMany: "Este negócio já tem 10 chaves ativas. Revogue uma antes de criar outra.",
  loadError: "Não foi possível carregar as chaves de API.",
} as const;

export const MAX_ACTIVE_API_KEYS = 10;

export const CONVERSATION_FILTERS = ["all", "bot", "human"] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];
export const CONVERSATION_FILTER_LABELS: Record<ConversationFilter, string> = {
  all: "Todas",
  bot: "Apenas bot",
  human: "Apenas humano",
};

export const CONVERSATIONS_PAGE_SIZE = 25;

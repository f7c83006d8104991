import { z } from "zod";
import { param, type SearchParams } from "@/lib/data/list";

/** The Conversas report's texts (spec sections 2 and 8) and the WhatsApp integration card's. */
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

/** ?filter= (all when absent or unknown). */
export function conversationFilterFrom(searchParams: SearchParams): ConversationFilter {
  const v = param(searchParams, "filter");
  return (CONVERSATION_FILTERS as readonly string[]).includes(v) ? (v as ConversationFilter) : "all";
}

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(60, API_KEY_MESSAGES.nameTooLong),
});
export type CreateApiKeyFields = z.input<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ id: z.uuid(API_KEY_MESSAGES.notFound) });

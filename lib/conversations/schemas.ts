import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { param, type SearchParams } from "@/lib/core/data/list";
import { API_KEY_MESSAGES, CONVERSATION_FILTERS, type ConversationFilter } from "./messages";

/** ?filter= (all when absent or unknown). */
export function conversationFilterFrom(searchParams: SearchParams): ConversationFilter {
  const v = param(searchParams, "filter");
  return (CONVERSATION_FILTERS as readonly string[]).includes(v) ? (v as ConversationFilter) : "all";
}

export const createApiKeySchema = z.object({
  name: singleLine(z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(60, API_KEY_MESSAGES.nameTooLong)),
});
export type CreateApiKeyFields = z.input<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ id: z.uuid(API_KEY_MESSAGES.notFound) });

"use server";

import { defineAction } from "@/lib/pipeline";
import { createApiKey, revokeApiKey } from "./api-keys";
import { API_KEY_MESSAGES } from "./messages";
import { createApiKeySchema, revokeApiKeySchema } from "./schemas";

/** Owner only: a new key for the business's WhatsApp bot, returned once. */
export const createApiKeyAction = defineAction({
  name: "conversations.apiKeys.create",
  level: "owner",
  schema: createApiKeySchema,
  error: API_KEY_MESSAGES.createError,
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => createApiKey(w, input.name),
});

export const revokeApiKeyAction = defineAction({
  name: "conversations.apiKeys.revoke",
  level: "owner",
  schema: revokeApiKeySchema,
  error: API_KEY_MESSAGES.revokeError,
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => revokeApiKey(w, input.id),
});

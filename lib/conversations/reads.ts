import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { CONVERSATION_FILTERS, CONVERSATION_MESSAGES } from "./messages";
import { conversationStats, searchConversations } from "./queries";

/** The Conversas page's data for its search, filter and page: owners only, like the page. */
export const conversationsRead = defineRead({
  name: "conversations",
  level: "owner",
  live: { tables: ["conversations"] },
  schema: z.object({
    q: z.string().trim().max(200).default(""),
    filter: z.enum(CONVERSATION_FILTERS).default("all"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  error: CONVERSATION_MESSAGES.loadError,
  run: async ({ input, ctx }) => {
    const [stats, list] = await Promise.all([conversationStats(ctx.businessId), searchConversations(ctx.businessId, input.q, input.filter, input.page)]);
    return { stats, list };
  },
});

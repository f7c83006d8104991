import "server-only";
import { defineRead } from "@/lib/pipeline";
import { CLIENT_MESSAGES } from "./messages";
import { duplicateClients } from "./queries";
import { duplicateQuerySchema } from "./schemas";

/**
 * 'Novo Cliente' and 'Criar novo', while the phone or e-mail is typed: the clients of the business
 * who already have them (the check the save repeats, createClient), so the form shows them and offers
 * to use them before anything is saved.
 */
export const clientDuplicatesRead = defineRead({
  name: "clients.duplicates",
  level: "staff",
  live: false,
  schema: duplicateQuerySchema,
  error: CLIENT_MESSAGES.loadError,
  run: async ({ input, ctx, conn }) => ({ clients: await duplicateClients(ctx.businessId, input, conn) }),
});

import { answerConversationPost, API_ERRORS, tooManyRequests } from "@/lib/conversations/api-handler";
import { defineRoute } from "@/lib/core/http/define-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The business's WhatsApp bot posts its conversations here (lib/conversations/api-handler.ts). Its
 * API key is the credential, checked and counted by the handler (a bot sends no session).
 */
export const POST = defineRoute({
  name: "POST /api/conversations",
  access: "public",
  tooMany: tooManyRequests,
  error: API_ERRORS.unexpected,
  handler: (call) => answerConversationPost(call),
});

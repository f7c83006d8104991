import { defineRoute } from "@/lib/core/http/define-route";
import { PIX_WEBHOOK } from "@/lib/core/rate-limit/policies";
import { answerPixWebhook, WEBHOOK_TEXTS } from "@/lib/pix/webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The PSPs' Pix webhook (the standard API posts to the registered URL + "/pix"): lib/pix/webhook.ts. */
export const POST = defineRoute<{ businessId: string }>({
  name: "POST /api/pix/webhook/[businessId]/pix",
  access: "public",
  rateLimit: { limit: PIX_WEBHOOK.business, key: ({ params }) => params.businessId },
  error: WEBHOOK_TEXTS.error,
  handler: (call) => answerPixWebhook(call),
});

import { handleConversationPost } from "@/lib/conversations/api-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The business's WhatsApp bot posts its conversations here (lib/conversations/api-handler.ts). */
export function POST(req: Request): Promise<Response> {
  return handleConversationPost(req);
}

import { handleFeedGet } from "@/lib/calendar-feeds/feed-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A professional's calendar feed, for calendar apps that subscribe to it (lib/calendar-feeds/feed-handler.ts). */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return handleFeedGet(req, (await params).token);
}

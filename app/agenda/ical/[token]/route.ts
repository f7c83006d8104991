import { answerFeed } from "@/lib/calendar-feeds/feed-handler";
import { CALENDAR_FEED_MESSAGES } from "@/lib/calendar-feeds/messages";
import { defineRoute } from "@/lib/core/http/define-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * A professional's calendar feed, for calendar apps that subscribe to it: the secret address is
 * the credential (lib/calendar-feeds/feed-handler.ts, which also counts its limits).
 */
export const GET = defineRoute<{ token: string }>({
  name: "GET /agenda/ical/[token]",
  access: "public",
  error: CALENDAR_FEED_MESSAGES.feedError,
  handler: (call) => answerFeed(call),
});

import "server-only";
import { answering, jsonError, tooMany } from "@/lib/core/http/responses";
import { clientAddressFrom } from "@/lib/core/net/client-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { CALENDAR_FEED } from "@/lib/core/rate-limit/policies";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { contentEtag, contentHash, httpDate, notModified } from "./conditional";
import { buildFeed, feedWindow } from "./ical";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { feedAppointments, findFeed, noteContent } from "./queries";
import { isFeedTokenShaped } from "./tokens";

/** Calendars may keep the feed a minute; a change shows on the next poll after that. */
export const FEED_CACHE_CONTROL = "private, max-age=60";

/**
 * GET /agenda/ical/{token}: the professional's calendar (lib/calendar-feeds/ical.ts), for whoever
 * holds the address: no session, no cookie. An unknown, revoked or malformed token answers the one
 * 404 (nothing tells them apart) and counts against the caller's address; a known one counts against
 * its feed. ETag (the body's hash) and Last-Modified (when that content was first served) answer
 * If-None-Match / If-Modified-Since with 304. Queries: the token (one), the rate limit (one), the
 * appointments (one), and one write when the content changed since it was last served.
 */
export async function handleFeedGet(req: Request, token: string, now = new Date()): Promise<Response> {
  return answering("agenda ical", MSG.feedError, async () => {
    const feed = isFeedTokenShaped(token) ? await findFeed(token) : null;
    if (!feed) {
      const verdict = await hit(CALENDAR_FEED.badToken, subjectKey("ical-bad", clientAddressFrom(req.headers)));
      if (!verdict.ok) return tooMany(verdict, tooManyAttempts(verdict.retryAfterMs));
      return jsonError(404, MSG.feedNotFound, { headers: { "X-Robots-Tag": "noindex" } });
    }
    const verdict = await hit(CALENDAR_FEED.feed, feed.feedId);
    if (!verdict.ok) return tooMany(verdict, tooManyAttempts(verdict.retryAfterMs));

    const { from, to } = feedWindow(todayInBusiness(now));
    const body = buildFeed(feed, await feedAppointments(feed.businessId, feed.professionalId, from, to));
    const etag = contentEtag(body);
    const changedAt = await noteContent(feed, contentHash(etag));
    const headers = {
      "Cache-Control": FEED_CACHE_CONTROL,
      ETag: etag,
      "Last-Modified": httpDate(changedAt),
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    };
    if (notModified(req.headers, etag, changedAt)) return new Response(null, { status: 304, headers });
    return new Response(body, {
      status: 200,
      headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="agenda.ics"' },
    });
  });
}

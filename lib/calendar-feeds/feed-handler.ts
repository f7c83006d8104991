import "server-only";
import { refuse, type RouteCall, type RouteRefusal } from "@/lib/core/http/define-route";
import { subjectKey } from "@/lib/core/rate-limit";
import { CALENDAR_FEED } from "@/lib/core/rate-limit/policies";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { contentEtag, contentHash, httpDate, notModified } from "./conditional";
import { buildFeed, feedWindow } from "./ical";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { businessLastChange, feedAppointments, feedTimeOff, findFeed, noteContent } from "./queries";
import { isFeedTokenShaped } from "./tokens";

/** Calendars may keep the feed a minute; a change shows on the next poll after that. */
export const FEED_CACHE_CONTROL = "private, max-age=60";

/**
 * The last calendar built for each feed, with what it was built from: served again while the
 * business's change log has not moved and the window has not moved on a day. A busy professional's
 * feed is a thousand events (tens of milliseconds of CPU to build), polled by every calendar that
 * subscribed, and it changes only when the business does. Per instance; each keys by the database's
 * seq, read before the appointments, so none serves a calendar older than a change it can see.
 */
const built = new Map<string, { from: string; seq: number; body: string; etag: string }>();
const MAX_BUILT = 64;

async function calendarOf(feed: NonNullable<Awaited<ReturnType<typeof findFeed>>>, now: Date) {
  const { from, to } = feedWindow(todayInBusiness(now));
  const seq = await businessLastChange(feed.businessId);
  const kept = built.get(feed.feedId);
  if (kept && kept.from === from && kept.seq === seq) return kept;
  const [appointments, timeOff] = await Promise.all([
    feedAppointments(feed.businessId, feed.professionalId, from, to),
    feedTimeOff(feed.businessId, feed.professionalId, from, to),
  ]);
  const body = buildFeed(feed, appointments, timeOff);
  const fresh = { from, seq, body, etag: contentEtag(body) };
  built.delete(feed.feedId);
  built.set(feed.feedId, fresh);
  // The oldest built goes first (a Map iterates in insertion order).
  if (built.size > MAX_BUILT) built.delete(built.keys().next().value!);
  return fresh;
}

/**
 * GET /agenda/ical/{token} (through defineRoute: app/agenda/ical/[token]/route.ts): the
 * professional's calendar (lib/calendar-feeds/ical.ts), for whoever holds the address: no session,
 * no cookie. An unknown, revoked or malformed token answers the one 404 (nothing tells them apart)
 * and counts against the caller's address; a known one counts against its feed. ETag (the body's
 * hash) and Last-Modified (when that content was first served) answer If-None-Match /
 * If-Modified-Since with 304. Queries: the token (one), the rate limit (one), the business's last
 * change (one), the appointments and the time off (two, unless the calendar built last is still current), and one
 * write when the content changed since it was last served.
 */
export async function answerFeed({ req, params, address, limit }: RouteCall<{ token: string }, null>, now = new Date()): Promise<Response | RouteRefusal> {
  const feed = isFeedTokenShaped(params.token) ? await findFeed(params.token) : null;
  if (!feed) {
    // The limits are counted after the lookup: only then is it known whose count a request is.
    const refused = await limit(CALENDAR_FEED.badToken, subjectKey("ical-bad", address));
    return refused ?? refuse("not-found", MSG.feedNotFound, { headers: { "X-Robots-Tag": "noindex" } });
  }
  const refused = await limit(CALENDAR_FEED.feed, feed.feedId);
  if (refused) return refused;

  const { body, etag } = await calendarOf(feed, now);
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
}

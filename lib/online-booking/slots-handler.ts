import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { db } from "@/db";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { loadDayContext } from "@/lib/appointments/day-context";
import { refuse, type RouteCall, type RouteRefusal } from "@/lib/core/http/define-route";
import { json } from "@/lib/core/http/responses";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { bookingContext } from "./queries";
import { ONLINE_MESSAGES as MSG } from "./messages";
import { slotsQuerySchema } from "./schemas";
import { bookableDates, couldBook, type SlotsAnswer, freeStartTimes, pastCutoff, professionalsToLoad, withinWindow } from "./slots";

export type { SlotsAnswer };

/**
 * Free times change only when someone books, and a booking is checked again in its transaction: a
 * list a few seconds old costs at most a 'Esse horário acabou de ser reservado' — so browsers and
 * shared caches may keep it 5 seconds. Refusals are never cached.
 */
export const SLOTS_CACHE_CONTROL = "public, max-age=5";

/**
 * GET /api/agendar/{slug}/horarios?date=YYYY-MM-DD&services=id,id&professional=any|id — the public
 * page's free times of one day, from the agenda's own availability rule. The slug decides the
 * business; service and professional ids count only among its own. Counted per address by its
 * route (app/api/agendar/[slug]/horarios/route.ts). Queries: the slug with the chosen services
 * (one), the day (two).
 */
export async function answerSlots({ req, params }: RouteCall<{ slug: string }, null>, now = new Date()): Promise<Response | RouteRefusal> {
  const query = new URL(req.url).searchParams;
  const parsed = slotsQuerySchema.safeParse({
    date: query.get("date") ?? "",
    services: query.get("services") ?? "",
    professional: query.get("professional") ?? "",
  }, IN_PORTUGUESE);
  if (!parsed.success) return refuse("invalid", MSG.slotsError, { fieldErrors: zodFieldErrors(parsed.error) });
  const q = parsed.data;
  const found = await bookingContext(params.slug, q.services);
  if (!found?.business.enabled) return refuse("not-found", MSG.unavailableDescription);
  if (found.services.length !== q.services.length) return refuse("invalid", MSG.serviceGone);
  if (!withinWindow(q.date, bookableDates(todayInBusiness(now), found.business.windowDays))) return refuse("invalid", MSG.outsideWindow);
  const day = await loadDayContext(db, found.business.id, q.date, null, professionalsToLoad(q.professional));
  const wish = { services: found.services, professional: q.professional };
  const after = pastCutoff(q.date, now);
  const times = freeStartTimes(day, wish, after);
  const answer: SlotsAnswer = { date: q.date, times, closed: !day.business.open, waitlist: times.length === 0 && couldBook(day, wish, after) };
  return json(200, answer, { "Cache-Control": SLOTS_CACHE_CONTROL });
}

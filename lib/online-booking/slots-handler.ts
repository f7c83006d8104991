import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { db } from "@/db";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { loadDayContext } from "@/lib/appointments/day-context";
import { answering, json, jsonError, tooMany } from "@/lib/core/http/responses";
import { clientAddressFrom } from "@/lib/core/net/client-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { bookingContext } from "./queries";
import { ONLINE_MESSAGES as MSG } from "./messages";
import { slotsQuerySchema } from "./schemas";
import { bookableDates, freeStartTimes, pastCutoff, professionalsToLoad, withinWindow } from "./slots";

/** What the page gets: the day's free start times ("HH:MM"), and whether the business is closed that day. */
export type SlotsAnswer = { date: string; times: string[]; closed: boolean };

/**
 * Free times change only when someone books, and a booking is checked again in its transaction: a
 * list a few seconds old costs at most a 'Esse horário acabou de ser reservado' — so browsers and
 * shared caches may keep it 5 seconds. Refusals are never cached.
 */
export const SLOTS_CACHE_CONTROL = "public, max-age=5";

/**
 * GET /api/agendar/{slug}/horarios?date=YYYY-MM-DD&services=id,id&professional=any|id — the public
 * page's free times of one day, from the agenda's own availability rule. The slug decides the
 * business; service and professional ids count only among its own. Counted per address.
 * Queries: the slug with the chosen services (one), the day (two).
 */
export async function handleSlotsGet(req: Request, slug: string, now = new Date()): Promise<Response> {
  const limit = await hit(ONLINE_BOOKING.slots, subjectKey("online-slots", clientAddressFrom(req.headers)));
  if (!limit.ok) return tooMany(limit, tooManyAttempts(limit.retryAfterMs));
  const params = new URL(req.url).searchParams;
  const parsed = slotsQuerySchema.safeParse({
    date: params.get("date") ?? "",
    services: params.get("services") ?? "",
    professional: params.get("professional") ?? "",
  }, IN_PORTUGUESE);
  if (!parsed.success) return jsonError(422, MSG.slotsError, { fieldErrors: zodFieldErrors(parsed.error) });
  const q = parsed.data;
  return answering("agendamento online: horários", MSG.slotsError, async () => {
    const found = await bookingContext(slug, q.services);
    if (!found?.business.enabled) return jsonError(404, MSG.unavailableDescription);
    if (found.services.length !== q.services.length) return jsonError(422, MSG.serviceGone);
    if (!withinWindow(q.date, bookableDates(todayInBusiness(now), found.business.windowDays))) return jsonError(422, MSG.outsideWindow);
    const day = await loadDayContext(db, found.business.id, q.date, null, professionalsToLoad(q.professional));
    const times = freeStartTimes(day, { services: found.services, professional: q.professional }, pastCutoff(q.date, now));
    const answer: SlotsAnswer = { date: q.date, times, closed: !day.business.open };
    return json(200, answer, { "Cache-Control": SLOTS_CACHE_CONTROL });
  });
}

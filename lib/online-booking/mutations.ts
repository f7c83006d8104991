import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { businessOnlineBooking, onlineBookingTokens } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionFailure, type ActionResult } from "@/lib/core/actions/result";
import { loadDayContext } from "@/lib/appointments/day-context";
import { createAppointment, setAppointmentStatus } from "@/lib/appointments/mutations";
import { CLIENT_BUSY_CODE, OUTSIDE_HOURS_CODE, PROFESSIONAL_BUSY_CODE } from "@/lib/appointments/messages";
import { isOutcome, STATUS } from "@/lib/appointments/status";
import { publicWrite } from "@/lib/audit/public-write";
import { findOrCreateClientByPhone } from "@/lib/clients/by-phone";
import { recordClientEvent } from "@/lib/notifications/record";
import { PG, pgCode, pgConstraint } from "@/lib/core/db/errors";
import { formatPhone } from "@/lib/core/format/phone";
import { isAvailable } from "@/lib/appointments/rules/availability";
import { instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { toMinutes } from "@/lib/core/time/overlap";
import { canCancel } from "./deadline";
import { bookingByTokenHash, bookingContext } from "./queries";
import { ONLINE_MESSAGES as MSG, SLOT_TAKEN_CODE, tooLateText } from "./messages";
import { type BookingInput } from "./schemas";
import { bookableDates, bookingMinutes, eligibleProfessionals, pastCutoff, professionalsToLoad, SLOT_STEP_MINUTES, withinWindow, type SlotRequest } from "./slots";
import { hashBookingToken, newBookingToken } from "./tokens";

export type Booked = { token: string; appointmentId: string };

/** Rolls a savepoint back with the refusal that caused it. */
class Refused extends Error {
  constructor(readonly failure: ActionFailure) {
    super(failure.error);
  }
}

const slotTaken = () => refusal(SLOT_TAKEN_CODE, MSG.slotTakenTitle, MSG.slotTaken);

/** Whether a refusal of bookOnProfessionals is a time taken meanwhile (rather than, say, a service gone): by its code. */
export const isSlotTaken = (r: ActionFailure) => r.code === SLOT_TAKEN_CODE;

/**
 * Books from the public page, in the pipeline's one transaction: the slug's business (switched
 * on), a day inside its window and a free start time of the slots list, the client found by phone
 * or created, the per-client cap, then the agenda's own createAppointment (source 'online',
 * pendente) with every service on one professional — the chosen one, or for 'Qualquer
 * profissional' each free one in turn (by name) until one holds: a savepoint per try, so a
 * professional booked by someone else a moment ago (23P01) moves on to the next. Any refusal rolls
 * everything back (the new client too): nothing half-created remains.
 */
export async function bookOnline(tx: Tx, input: BookingInput, now: Date): Promise<ActionResult<Booked>> {
  const found = await bookingContext(input.slug, input.serviceIds, tx);
  if (!found?.business.enabled) return fail(MSG.unavailable, MSG.unavailableDescription);
  const { business, services } = found;
  if (services.length !== input.serviceIds.length) return fail(MSG.bookError, MSG.serviceGone);
  if (!withinWindow(input.date, bookableDates(todayInBusiness(now), business.windowDays))) return fail(MSG.bookError, MSG.outsideWindow);

  const start = toMinutes(input.time);
  const after = pastCutoff(input.date, now);
  if (start % SLOT_STEP_MINUTES !== 0 || (after !== null && start <= after)) return slotTaken();

  const request: SlotRequest = { services, professional: input.professionalId };
  const day = await loadDayContext(tx, business.id, input.date, null, professionalsToLoad(input.professionalId));
  const eligible = eligibleProfessionals(day, request);
  if (!eligible.length) return fail(MSG.bookError, input.professionalId === "any" ? MSG.serviceGone : MSG.professionalGone);
  const slot = { start, end: start + bookingMinutes(request) };
  const free = eligible.filter((p) => isAvailable(p, day.business, slot));
  if (!free.length) return slotTaken();

  const client = await findOrCreateClientByPhone(tx, {
    businessId: business.id,
    phone: formatPhone(input.phone),
    name: input.name,
    email: input.email,
    actorId: null,
    describe: (name) => `Cliente "${name}" criado pelo agendamento online`,
    sameName: true,
  });
  // Under the phone's lock (held until commit), so two bookings from one phone can't both pass.
  const local = instantToBusinessParts(now);
  const [{ n }] = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from appointments
     where client_id = ${client.id} and business_id = ${business.id} and source = 'online'
       and status_id in (${STATUS.pendente}, ${STATUS.confirmado})
       and date + time > ${`${local.date} ${local.time}`}::timestamp`);
  // Neutral: the page must not tell a stranger how many bookings a phone has.
  if (n >= business.maxFutureBookings) return fail(MSG.bookError, MSG.capReached);

  const booked = await bookOnProfessionals(tx, {
    businessId: business.id, clientId: client.id, date: input.date, time: input.time, serviceIds: services.map((s) => s.id),
    professionalIds: free.map((p) => p.id),
  });
  if (!booked.ok) return booked;
  const { token, hash } = newBookingToken();
  await tx.insert(onlineBookingTokens).values({ businessId: business.id, appointmentId: booked.id, tokenHash: hash, bookerName: input.name });
  await recordClientEvent(tx, { businessId: business.id, appointmentId: booked.id, kind: "online_booking" });
  return ok({ token, appointmentId: booked.id });
}

/**
 * The booking transaction of the public page, shared by the waitlist's 'Quero este horário'
 * (lib/waitlist/mutations.ts): the agenda's own createAppointment (source 'online', pendente,
 * audited as 'Sistema') with every service on one professional — each of `professionalIds` in turn
 * until one holds: a savepoint per try, so a professional booked by someone else a moment ago
 * (23P01) moves on to the next. A taken time answers slotTaken(); the client's own appointment near
 * it too (the page tells nobody about a phone's appointments).
 */
export async function bookOnProfessionals(
  tx: Tx,
  b: { businessId: string; clientId: string; date: string; time: string; serviceIds: readonly string[]; professionalIds: readonly string[] },
): Promise<ActionResult<{ id: string }>> {
  for (const pro of b.professionalIds) {
    try {
      const created = await tx.transaction(async (sp) => {
        const r = await createAppointment(
          publicWrite(sp, b.businessId),
          { client: { kind: "existing", id: b.clientId }, date: b.date, time: b.time, lines: b.serviceIds.map((serviceId) => ({ serviceId, professionalId: pro })) },
          "online",
        );
        if (!r.ok) throw new Refused(r);
        return r;
      });
      return ok({ id: created.id });
    } catch (e) {
      if (e instanceof Refused) {
        // The client's own appointment near this time answers like a taken time: the page tells
        // nobody about a phone's appointments (the staff see both on the agenda).
        if (e.failure.code === CLIENT_BUSY_CODE) return slotTaken();
        if (e.failure.code === PROFESSIONAL_BUSY_CODE) continue;
        // The hours changed since the times were listed: that time is simply gone.
        if (e.failure.code === OUTSIDE_HOURS_CODE) return slotTaken();
        return fail(MSG.bookError, e.failure.description ?? MSG.bookFallback);
      }
      if (pgCode(e) === PG.exclusionViolation) {
        if (pgConstraint(e) === "appointments_client_no_overlap") return slotTaken();
        continue;
      }
      throw e;
    }
  }
  return slotTaken();
}

/**
 * Cancels through the private link: the token's own appointment only, once, until the owner's
 * deadline before the start; through the agenda's status change (audited, frees the slot, live).
 */
export async function cancelByToken(tx: Tx, token: string, now: Date): Promise<ActionResult> {
  const view = await bookingByTokenHash(hashBookingToken(token), tx, true);
  if (!view) return fail(MSG.cancelError, MSG.linkInvalid);
  if (view.linkUsedAt) return fail(MSG.cancelError, MSG.linkUsed);
  if (view.statusId === STATUS.cancelado) return fail(MSG.cancelError, MSG.alreadyCancelled);
  if (isOutcome(view.statusId)) return fail(MSG.cancelError, MSG.notCancellable);
  if (!canCancel(view, now)) return fail(MSG.cancelError, tooLateText(view.business.cancelDeadlineHours));
  const r = await setAppointmentStatus(publicWrite(tx, view.businessId), view.appointmentId, STATUS.cancelado);
  if (!r.ok) return fail(MSG.cancelError, r.description ?? MSG.notCancellable);
  await tx.update(onlineBookingTokens).set({ cancelledAt: now }).where(eq(onlineBookingTokens.id, view.tokenId));
  await recordClientEvent(tx, { businessId: view.businessId, appointmentId: view.appointmentId, kind: "online_cancelled" });
  return ok();
}

type Settings = { slug: string; enabled: boolean; cancelDeadlineHours: number; maxFutureBookings: number };

/** The owner's card. A slug another business has is refused by name; the unique index is the final word. */
export async function saveOnlineSettings(w: Write, input: Settings): Promise<ActionResult> {
  const [taken] = await w.tx
    .select({ id: businessOnlineBooking.businessId })
    .from(businessOnlineBooking)
    .where(and(eq(businessOnlineBooking.slug, input.slug), ne(businessOnlineBooking.businessId, w.ctx.businessId)));
  if (taken) return fail(MSG.saveError, MSG.slugTaken, { slug: MSG.slugTaken });
  const rows = await w.tx
    .update(businessOnlineBooking)
    .set({ ...input, updatedBy: w.ctx.userId, updatedAt: new Date() })
    .where(eq(businessOnlineBooking.businessId, w.ctx.businessId))
    .returning({ id: businessOnlineBooking.businessId });
  if (!rows.length) {
    await w.tx.insert(businessOnlineBooking).values({ businessId: w.ctx.businessId, ...input, updatedBy: w.ctx.userId });
  }
  return ok();
}

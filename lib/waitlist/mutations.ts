import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { waitlistEntries } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { findOrCreateClientByPhone } from "@/lib/clients/by-phone";
import { formatPhone } from "@/lib/core/format/phone";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { bookingContext } from "@/lib/online-booking/queries";
import { bookableDates, ANY_PROFESSIONAL, couldBook, pastCutoff, professionalsToLoad } from "@/lib/online-booking/slots";
import { loadDayContext } from "@/lib/appointments/day-context";
import { ONLINE_MESSAGES } from "@/lib/online-booking/messages";
import { bookOnProfessionals, isSlotTaken } from "@/lib/online-booking/mutations";
import { recordClientEvent } from "@/lib/notifications/record";
import { queueClientUpdate } from "@/lib/jobs/client-update";
import { WAITLIST_MESSAGES as MSG } from "./messages";
import { offerByHash } from "./queries";
import { entryDatesProblem, offerState } from "./rules";
import type { JoinInput, StaffEntryInput } from "./schemas";
import { hashOfferToken } from "./tokens";

/** Why a claim did not book, for the page (codes; the texts are the issue's). */
export type ClaimRefusal = "invalid" | "filled" | "expired";

/** Whether `professionalId` is an active professional of the business who offers every one of `serviceIds`. */
async function offersAll(tx: Tx, businessId: string, professionalId: string, serviceIds: readonly string[]): Promise<boolean> {
  const [r] = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from professional_services ps join professionals p on p.id = ps.professional_id
     where p.id = ${professionalId} and p.business_id = ${businessId} and p.active
       and ps.service_id = any(${`{${serviceIds.join(",")}}`}::uuid[])`);
  return r.n === serviceIds.length;
}

/** Whether each of `serviceIds` is an active service of the business. */
async function activeServices(tx: Tx, businessId: string, serviceIds: readonly string[]): Promise<boolean> {
  const [r] = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from services where business_id = ${businessId} and active and id = any(${`{${serviceIds.join(",")}}`}::uuid[])`);
  return r.n === serviceIds.length;
}

const DATE_TEXT = { past: MSG.pastDay, outside: MSG.outsideWindow } as const;

/**
 * 'Entrar na lista de espera' from the public page: the slug's business (switched on), its active
 * services, the professional (one who offers them all) or 'Qualquer profissional', dates inside the
 * booking window on which someone asked for works (couldBook: never a closed day, a holiday or the
 * professional's day off). The entry's trigger queues a match of each date (one may already have a time).
 * What the client typed proves nothing: the entry only leads to an offer e-mailed to that address.
 */
export async function joinWaitlist(tx: Tx, input: JoinInput, now: Date): Promise<ActionResult<{ id: string }>> {
  const found = await bookingContext(input.slug, input.serviceIds, tx);
  if (!found?.business.enabled) return fail(ONLINE_MESSAGES.unavailable, ONLINE_MESSAGES.unavailableDescription);
  const { business, services } = found;
  if (services.length !== input.serviceIds.length) return fail(MSG.joinError, ONLINE_MESSAGES.serviceGone);
  const window = bookableDates(todayInBusiness(now), business.windowDays);
  const problem = entryDatesProblem(input.dates, window.first, window.last);
  if (problem) return fail(MSG.joinError, DATE_TEXT[problem], { dates: DATE_TEXT[problem] });
  const professionalId = input.professionalId === ANY_PROFESSIONAL ? null : input.professionalId;
  if (professionalId && !(await offersAll(tx, business.id, professionalId, input.serviceIds))) return fail(MSG.joinError, ONLINE_MESSAGES.professionalGone);
  // No waiting for a day nobody asked for works: closed, a holiday, their day off or time off.
  const req = { services, professional: input.professionalId };
  for (const date of input.dates) {
    const day = await loadDayContext(tx, business.id, date, null, professionalsToLoad(input.professionalId));
    if (!couldBook(day, req, pastCutoff(date, now))) {
      const text = MSG.noWaitDay(`${date.slice(8, 10)}/${date.slice(5, 7)}`);
      return fail(MSG.joinError, text, { dates: text });
    }
  }
  const [row] = await tx
    .insert(waitlistEntries)
    .values({
      businessId: business.id, name: input.name, phone: formatPhone(input.phone), email: input.email, serviceIds: input.serviceIds,
      professionalId, dates: input.dates, timeFrom: input.timeFrom, timeUntil: input.timeUntil, source: "online",
    })
    .returning({ id: waitlistEntries.id });
  return ok({ id: row.id });
}

/** 'Adicionar à lista de espera' on the agenda (audited). A client id counts only among the business's own. */
export async function addEntry(w: Write, input: StaffEntryInput): Promise<ActionResult<{ id: string }>> {
  const { businessId } = w.ctx;
  const tx = w.tx as Tx;
  if (!(await activeServices(tx, businessId, input.serviceIds))) return fail(MSG.saveError, ONLINE_MESSAGES.serviceGone);
  const professionalId = input.professionalId === ANY_PROFESSIONAL ? null : input.professionalId;
  if (professionalId && !(await offersAll(tx, businessId, professionalId, input.serviceIds))) return fail(MSG.saveError, ONLINE_MESSAGES.professionalGone);
  if (input.dates.some((d) => d < todayInBusiness())) return fail(MSG.saveError, MSG.pastDay, { dates: MSG.pastDay });
  if (input.clientId) {
    const [c] = await tx.execute<{ id: string }>(sql`select id from clients where id = ${input.clientId} and business_id = ${businessId}`);
    if (!c) return fail(MSG.saveError, "Cliente não encontrado.");
  }
  const [row] = await tx
    .insert(waitlistEntries)
    .values({
      businessId, clientId: input.clientId, name: input.name, phone: input.phone, email: input.email, serviceIds: input.serviceIds, professionalId,
      dates: input.dates, timeFrom: input.timeFrom, timeUntil: input.timeUntil, source: "staff", createdBy: w.ctx.userId,
    })
    .returning({ id: waitlistEntries.id });
  await w.audit({
    action: "CREATE", entity: "waitlist_entry", entityId: row.id, description: `"${input.name}" adicionado à lista de espera`,
    newValues: { name: input.name, phone: input.phone, email: input.email, dates: input.dates, timeFrom: input.timeFrom, timeUntil: input.timeUntil },
  });
  return ok({ id: row.id });
}

/** 'Remover': the entry leaves the list (audited); a live offer of it ends (its link then says the time was filled). */
export async function removeEntry(w: Write, id: string): Promise<ActionResult> {
  const tx = w.tx as Tx;
  const [e] = await tx.execute<{ name: string; status: string }>(sql`
    select name, status from waitlist_entries where id = ${id} and business_id = ${w.ctx.businessId} for update`);
  if (!e || e.status === "removido") return fail(MSG.removeError, MSG.notFound);
  await tx.execute(sql`update waitlist_offers set status = 'superseded' where entry_id = ${id} and status = 'offered'`);
  await tx.execute(sql`update waitlist_entries set status = 'removido', updated_at = now() where id = ${id}`);
  await w.audit({
    action: "DELETE", entity: "waitlist_entry", entityId: id, description: `"${e.name}" removido da lista de espera`,
    oldValues: { name: e.name, status: e.status },
  });
  return ok();
}

/**
 * 'Quero este horário': in the pipeline's one transaction, the offer's row (and its entry's) locked,
 * so racing claims of one link take turns; a live offer is marked claimed first (its own block then
 * ends no offer, migration 0031), then the slot is booked through the public page's booking
 * transaction (bookOnProfessionals: the agenda's createAppointment, every rule, the exclusion
 * constraints, audited as 'Sistema'), the entry agendado, the bell's row. The first valid claim books;
 * every later one — or one after the time was booked by hand — answers 'Esse horário acabou de ser
 * preenchido'; an expired link says so.
 */
export async function claimOffer(tx: Tx, token: string, now: Date): Promise<ActionResult<{ offerId: string; appointmentId: string }>> {
  const offer = await offerByHash(hashOfferToken(token), tx, true);
  if (!offer) return refusal("invalid", MSG.claimError, MSG.invalid);
  const state = offerState(offer, now);
  if (state === "claimed" || state === "superseded") return refusal("filled", MSG.filled, MSG.filledDescription);
  if (state === "expired") return refusal("expired", MSG.expired, MSG.expiredDescription);
  const filled = () => refusal("filled", MSG.filled, MSG.filledDescription);
  if (offer.services.length !== offer.entry.serviceIds.length || offer.services.some((s) => !s.active)) {
    return fail(MSG.claimError, ONLINE_MESSAGES.serviceGone);
  }

  await tx.execute(sql`update waitlist_offers set status = 'claimed', claimed_at = ${now.toISOString()} where id = ${offer.offerId}`);
  const clientId =
    offer.entry.clientId ??
    (await findOrCreateClientByPhone(tx, {
      businessId: offer.businessId,
      phone: offer.entry.phone,
      name: offer.entry.name,
      email: offer.entry.email,
      actorId: null,
      describe: (name) => `Cliente "${name}" criado pela lista de espera`,
      sameName: true,
    })).id;
  const booked = await bookOnProfessionals(tx, {
    businessId: offer.businessId, clientId, date: offer.date, time: offer.time,
    serviceIds: offer.entry.serviceIds, professionalIds: [offer.professionalId],
  });
  if (!booked.ok) return isSlotTaken(booked) ? filled() : fail(MSG.claimError, booked.description);
  await tx.execute(sql`update waitlist_offers set appointment_id = ${booked.id} where id = ${offer.offerId}`);
  await tx.execute(sql`
    update waitlist_entries set status = 'agendado', client_id = ${clientId}, appointment_id = ${booked.id}, updated_at = now()
     where id = ${offer.entryId}`);
  await recordClientEvent(tx, { businessId: offer.businessId, appointmentId: booked.id, kind: "online_booking" });
  // The claim is confirmed to the client like the salon's booking (lib/jobs/client-update.ts).
  await queueClientUpdate(tx, offer.businessId, booked.id);
  return ok({ offerId: offer.offerId, appointmentId: booked.id });
}

/**
 * 'Agendar' from the panel booked the entry by hand (Novo Agendamento, its own action and audit):
 * the entry is agendado with that appointment, which must be the business's own; a live offer ends.
 */
export async function markBooked(w: Write, id: string, appointmentId: string): Promise<ActionResult> {
  const tx = w.tx as Tx;
  const [a] = await tx.execute<{ id: string }>(sql`select id from appointments where id = ${appointmentId} and business_id = ${w.ctx.businessId}`);
  const [e] = await tx.execute<{ name: string; status: string }>(sql`
    select name, status from waitlist_entries where id = ${id} and business_id = ${w.ctx.businessId} for update`);
  if (!a || !e || e.status === "removido") return fail(MSG.saveError, MSG.notFound);
  await tx.execute(sql`update waitlist_offers set status = 'superseded' where entry_id = ${id} and status = 'offered'`);
  await tx.execute(sql`update waitlist_entries set status = 'agendado', appointment_id = ${appointmentId}, updated_at = now() where id = ${id}`);
  await w.audit({
    action: "UPDATE", entity: "waitlist_entry", entityId: id, description: `"${e.name}" agendado pela lista de espera`,
    oldValues: { status: e.status }, newValues: { status: "agendado", appointmentId },
  });
  return ok();
}

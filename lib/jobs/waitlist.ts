import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, type Tx } from "@/db";
import { sendMail } from "@/emails/mailer";
import { plainName, plainService } from "@/emails/plain-name";
import { waitlistOfferEmail } from "@/emails/waitlist-offer";
import { loadDayContext } from "@/lib/appointments/day-context";
import { firstName } from "@/lib/core/format/name";
import { formatLongDate } from "@/lib/core/format/date";
import { deliverMessageIn } from "@/lib/notifications/deliver";
import { sendWhatsAppOffer, whatsAppConfig, whatsAppNumber } from "@/lib/notifications/whatsapp";
import { ANY_PROFESSIONAL, pastCutoff } from "@/lib/online-booking/slots";
import { firstFit, OFFER_MINUTES, withHeld, type HeldSlot } from "@/lib/waitlist/rules";
import { newOfferToken, offerUrl } from "@/lib/waitlist/tokens";

export type MatchPayload = { businessId: string; date: string };
export type ExpirePayload = { offerId: string };

type EntryRow = {
  id: string; name: string; phone: string; email: string | null; service_ids: string[]; professional_id: string | null;
  time_from: string; time_until: string; declined: string[] | null;
};

export type MadeOffer = { offerId: string; entryId: string; time: string; professionalId: string; sent: string[] };

/** At most this many offers in one run (a burst of cancellations on a long list): the rest in the next. */
const MAX_OFFERS_PER_RUN = 50;

/**
 * The 'waitlist_match' job of one business's date, queued by the triggers of migration 0031 when a
 * professional's time frees (a cancel, a delete, a move), when an offer ends, or when an entry is
 * made. Offers, in the queue's order (created_at), each waiting entry the first time that fits it
 * (lib/waitlist/rules.ts firstFit over the public page's own day and availability rule, with the
 * live offers held), one offer at a time, until no entry fits. Each offer is made, claimed in the
 * delivery ledger and sent in ONE transaction (under the date's advisory lock): a send that fails
 * leaves no offer, and the job's retry makes it again; a retry after a commit finds the entry
 * 'oferecido' and offers nothing twice. A message the business's rules hold back (an owner who never
 * confirmed the address, the day's cap: lib/notifications/deliver.ts) makes no offer and ends the run.
 */
export async function runWaitlistMatch(job: MatchPayload, now = new Date()): Promise<MadeOffer[]> {
  const made: MadeOffer[] = [];
  for (let i = 0; i < MAX_OFFERS_PER_RUN; i++) {
    const offer = await db.transaction((tx) => offerNext(tx, job, now));
    if (!offer) break;
    made.push(offer);
  }
  return made;
}

async function offerNext(tx: Tx, job: MatchPayload, now: Date): Promise<MadeOffer | null> {
  const { businessId, date } = job;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('waitlist_match'), hashtext(${`${businessId}:${date}`}))`);
  // Offers past their time end here too (their expire job may not have run yet).
  await expireOverdue(tx, businessId, date, now);
  const after = pastCutoff(date, now);
  if (after !== null && after >= 24 * 60) return null;
  const entries = await tx.execute<EntryRow>(sql`
    select e.id, e.name, e.phone, e.email, e.service_ids::text[] as service_ids, e.professional_id,
           to_char(e.time_from, 'HH24:MI') as time_from, to_char(e.time_until, 'HH24:MI') as time_until,
           (select array_agg(to_char(o.time, 'HH24:MI')) from waitlist_offers o
             where o.entry_id = e.id and o.date = ${date}::date and o.status = 'expired') as declined
      from waitlist_entries e
     where e.business_id = ${businessId} and e.status = 'aguardando' and e.dates @> array[${date}::date]
     order by e.created_at, e.id`);
  if (!entries.length) return null;
  const wa = whatsAppConfig();
  const reachable = entries.filter((e) => e.email || (wa?.waitlistTemplate && whatsAppNumber(e.phone)));
  if (!reachable.length) return null;

  const [day, held, services, business] = await Promise.all([
    loadDayContext(tx, businessId, date),
    tx.execute<{ professional_id: string; start: number; minutes: number }>(sql`
      select professional_id, extract(epoch from time)::int / 60 as start, minutes
        from waitlist_offers where business_id = ${businessId} and date = ${date}::date and status = 'offered'`),
    tx.execute<{ id: string; name: string; duration_minutes: number | null }>(sql`
      select id, name, duration_minutes from services where business_id = ${businessId} and active`),
    tx.execute<{ name: string; phone: string | null; address: string | null }>(sql`select name, phone, address from businesses where id = ${businessId}`),
  ]);
  const holds: HeldSlot[] = held.map((h) => ({ professionalId: h.professional_id, start: h.start, end: h.start + h.minutes }));
  const held_day = withHeld(day, holds);
  const byId = new Map(services.map((s) => [s.id, s]));

  for (const e of reachable) {
    // A service since made inactive or deleted: the entry can't be booked as asked; it waits (the staff see it).
    if (!e.service_ids.every((id) => byId.has(id))) continue;
    const req = { services: e.service_ids.map((id) => ({ id, durationMinutes: byId.get(id)!.duration_minutes })), professional: e.professional_id ?? ANY_PROFESSIONAL };
    const fit = firstFit(held_day, req, { from: e.time_from, until: e.time_until }, after, new Set(e.declined ?? []));
    if (!fit) continue;
    // The same entry may be matched for another of its dates at this moment: the row decides.
    const [still] = await tx.execute<{ status: string }>(sql`select status from waitlist_entries where id = ${e.id} for update`);
    if (still?.status !== "aguardando") continue;

    const offerId = randomUUID();
    const { token, hash } = newOfferToken();
    const expiresAt = new Date(now.getTime() + OFFER_MINUTES * 60_000);
    // The offer is written by the first message that goes, in its send (this same transaction): a
    // message the business's rules hold back (lib/notifications/deliver.ts) makes no offer, holds
    // no time, and the entry keeps waiting.
    let offered = false;
    const makeOffer = async () => {
      if (offered) return;
      await tx.execute(sql`
        insert into waitlist_offers (id, business_id, entry_id, date, time, professional_id, minutes, token_hash, expires_at)
        values (${offerId}, ${businessId}, ${e.id}, ${date}, ${fit.time}, ${fit.professionalId}, ${fit.minutes}, ${hash}, ${expiresAt.toISOString()})`);
      await tx.execute(sql`update waitlist_entries set status = 'oferecido', updated_at = now() where id = ${e.id}`);
      offered = true;
    };

    const professional = day.professionals.find((p) => p.id === fit.professionalId)?.name ?? "";
    const serviceNames = e.service_ids.map((id) => byId.get(id)!.name);
    const link = offerUrl(token);
    const channels: { kind: string; recipient: string; send: () => Promise<void> }[] = [];
    if (e.email) {
      const to = e.email;
      channels.push({
        kind: "waitlist_offer_email", recipient: to,
        send: () => sendMail(waitlistOfferEmail({
          to, clientName: e.name, business: business[0], date, time: fit.time, minutes: fit.minutes,
          services: serviceNames, professional, validMinutes: OFFER_MINUTES, link,
        })),
      });
    }
    const waTo = whatsAppNumber(e.phone);
    if (wa?.waitlistTemplate && waTo) {
      const config = { ...wa, waitlistTemplate: wa.waitlistTemplate };
      // As in the e-mail: what people typed only when plain (emails/plain-name.ts).
      const bodyParams = [
        plainName(firstName(e.name)) || "cliente", plainName(business[0].name) || "—", `${formatLongDate(date)}, às ${fit.time}`,
        serviceNames.map(plainService).join(", "), `${OFFER_MINUTES} minutos`,
      ];
      channels.push({ kind: "waitlist_offer_whatsapp", recipient: waTo, send: async () => void (await sendWhatsAppOffer(config, { to: waTo, bodyParams, token })) });
    }
    // The first channel that goes decides: it failing rolls the offer back (the job retries), it held
    // back by the rules makes none (and ends this run: the rules hold for every entry alike); a later
    // one failing is logged, the offer stands (it reached the client), and that channel's claim and
    // place under the day's cap go back with its savepoint.
    const sent: string[] = [];
    for (const ch of channels) {
      try {
        const deliver = (t: Tx) =>
          deliverMessageIn(t, { businessId, kind: ch.kind, subjectId: offerId, dueAt: now, recipient: ch.recipient }, async () => {
            await makeOffer();
            await ch.send();
          });
        const r = sent.length ? await tx.transaction(deliver) : await deliver(tx);
        if (r === "sent") sent.push(ch.kind);
        else if (!sent.length) return null;
      } catch (err) {
        if (!sent.length) throw err;
        console.error(`[lista de espera] ${ch.kind} falhou para a oferta ${offerId}`, err);
      }
    }
    if (!offered) return null;
    return { offerId, entryId: e.id, time: fit.time, professionalId: fit.professionalId, sent };
  }
  return null;
}

/** Offers of the date still 'offered' past their expiry: expired, their entries waiting again. */
async function expireOverdue(tx: Tx, businessId: string, date: string, now: Date): Promise<void> {
  await tx.execute(sql`
    with gone as (
      update waitlist_offers set status = 'expired'
       where business_id = ${businessId} and date = ${date}::date and status = 'offered' and expires_at <= ${now.toISOString()}
      returning entry_id)
    update waitlist_entries set status = 'aguardando', updated_at = now()
     where id in (select entry_id from gone) and status = 'oferecido'`);
}

/**
 * The 'waitlist_offer_expire' job, due at an offer's expiry: a live offer past it expires (its entry
 * waits again, for other times), and the date is matched again at once, so the next entry is offered
 * the slot. A claimed, superseded or already expired offer: nothing to do but the match.
 */
export async function runOfferExpire(job: ExpirePayload, now = new Date()): Promise<MadeOffer[]> {
  const [o] = await db.execute<{ business_id: string; date: string; expires_at: string }>(sql`
    select business_id, date::text, expires_at::text from waitlist_offers where id = ${job.offerId}`);
  if (!o) return [];
  // Early (the expiry moved later): the job added again at the new time will do it.
  if (new Date(o.expires_at).getTime() > now.getTime()) return [];
  return runWaitlistMatch({ businessId: o.business_id, date: o.date }, now);
}

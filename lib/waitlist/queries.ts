import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { WaitlistOfferStatus, WaitlistStatus } from "@/db/schema";

export type OfferView = {
  offerId: string;
  entryId: string;
  businessId: string;
  date: string;
  /** HH:MM */
  time: string;
  minutes: number;
  professionalId: string;
  professionalName: string;
  status: WaitlistOfferStatus;
  expiresAt: Date;
  appointmentId: string | null;
  /**
   * The booking this offer's claim made, as it is now (the salon may have moved or cancelled it);
   * null until the offer is claimed. Only a claim through this offer's own link makes one, so the
   * link that claimed is what proves it is the client's: no cookie, no other offer's link.
   */
  appointment: { date: string; time: string; statusId: number } | null;
  entry: { name: string; phone: string; email: string | null; clientId: string | null; serviceIds: string[]; status: WaitlistStatus };
  services: { id: string; name: string; durationMinutes: number | null; active: boolean }[];
  business: { name: string; phone: string | null; address: string | null };
};

/** One offer by its link's hash, with its entry, services and business; `lock` takes the offer's row for the claim. */
export async function offerByHash(hash: string, conn: Conn = db, lock = false): Promise<OfferView | null> {
  const [r] = await conn.execute<{
    id: string; entry_id: string; business_id: string; date: string; time: string; minutes: number; professional_id: string; professional_name: string;
    status: WaitlistOfferStatus; expires_at: string; appointment_id: string | null;
    booked_date: string | null; booked_time: string | null; booked_status: number | null;
    name: string; phone: string; email: string | null; client_id: string | null; service_ids: string[]; entry_status: WaitlistStatus;
    services: OfferView["services"] | null; business_name: string; business_phone: string | null; business_address: string | null;
  }>(sql`
    select o.id, o.entry_id, o.business_id, o.date::text as date, o.time::text as time, o.minutes, o.professional_id, p.name as professional_name,
           o.status, o.expires_at::text, o.appointment_id,
           a.date::text as booked_date, a.time::text as booked_time, a.status_id as booked_status,
           e.name, e.phone, e.email, e.client_id, e.service_ids::text[] as service_ids, e.status as entry_status,
           (select json_agg(json_build_object('id', s.id, 'name', s.name, 'durationMinutes', s.duration_minutes, 'active', s.active)
                            order by array_position(e.service_ids, s.id))
              from services s where s.business_id = o.business_id and s.id = any(e.service_ids)) as services,
           b.name as business_name, b.phone as business_phone, b.address as business_address
      from waitlist_offers o
      join waitlist_entries e on e.id = o.entry_id and e.business_id = o.business_id
      join professionals p on p.id = o.professional_id
      join businesses b on b.id = o.business_id
      left join appointments a on o.status = 'claimed' and a.id = o.appointment_id and a.business_id = o.business_id
     where o.token_hash = ${hash}
     ${lock ? sql`for update of o, e` : sql``}`);
  if (!r) return null;
  return {
    offerId: r.id, entryId: r.entry_id, businessId: r.business_id, date: r.date, time: r.time.slice(0, 5), minutes: r.minutes,
    professionalId: r.professional_id, professionalName: r.professional_name, status: r.status, expiresAt: new Date(r.expires_at), appointmentId: r.appointment_id,
    appointment: r.booked_date && r.booked_time && r.booked_status !== null ? { date: r.booked_date, time: r.booked_time.slice(0, 5), statusId: r.booked_status } : null,
    entry: { name: r.name, phone: r.phone, email: r.email, clientId: r.client_id, serviceIds: r.service_ids, status: r.entry_status },
    services: r.services ?? [],
    business: { name: r.business_name, phone: r.business_phone, address: r.business_address },
  };
}

export type WaitlistEntryRow = {
  id: string;
  clientId: string | null;
  name: string;
  phone: string;
  email: string | null;
  services: { id: string; name: string }[];
  professionalId: string | null;
  professionalName: string | null;
  dates: string[];
  /** HH:MM */
  timeFrom: string;
  timeUntil: string;
  source: "staff" | "online";
  status: WaitlistStatus;
  createdAt: string;
  /** The live offer's time (HH:MM) and expiry, when one is out. */
  offer: { time: string; expiresAt: string } | null;
};

/**
 * A day's waitlist as the staff see it: the entries that ask for that date and still wait (or have
 * an offer out), in the queue's order, then the ones booked from it. Removed ones are left out.
 */
export async function dayWaitlist(businessId: string, date: string, conn: Conn = db): Promise<WaitlistEntryRow[]> {
  const rows = await conn.execute<{
    id: string; client_id: string | null; name: string; phone: string; email: string | null; services: { id: string; name: string }[] | null;
    professional_id: string | null; professional_name: string | null; dates: string[]; time_from: string; time_until: string;
    source: "staff" | "online"; status: WaitlistStatus; created_at: string; offer_time: string | null; offer_expires: string | null;
  }>(sql`
    select e.id, e.client_id, e.name, e.phone, e.email,
           (select json_agg(json_build_object('id', s.id, 'name', s.name) order by array_position(e.service_ids, s.id))
              from services s where s.business_id = e.business_id and s.id = any(e.service_ids)) as services,
           e.professional_id, p.name as professional_name, e.dates::text[] as dates,
           to_char(e.time_from, 'HH24:MI') as time_from, to_char(e.time_until, 'HH24:MI') as time_until,
           e.source, e.status, e.created_at::text,
           to_char(o.time, 'HH24:MI') as offer_time, o.expires_at::text as offer_expires
      from waitlist_entries e
      left join professionals p on p.id = e.professional_id
      left join waitlist_offers o on o.entry_id = e.id and o.status = 'offered'
     where e.business_id = ${businessId} and e.dates @> array[${date}::date] and e.status <> 'removido'
     order by e.status = 'agendado', e.created_at, e.id`);
  return rows.map((r) => ({
    id: r.id, clientId: r.client_id, name: r.name, phone: r.phone, email: r.email, services: r.services ?? [],
    professionalId: r.professional_id, professionalName: r.professional_name, dates: r.dates, timeFrom: r.time_from, timeUntil: r.time_until,
    source: r.source, status: r.status, createdAt: r.created_at,
    offer: r.offer_time && r.offer_expires ? { time: r.offer_time, expiresAt: r.offer_expires } : null,
  }));
}

/** How many wait (or have an offer out) on each date from `from` to `to`: the agenda's day headers. */
export async function waitlistCounts(businessId: string, from: string, to: string, conn: Conn = db): Promise<Record<string, number>> {
  const rows = await conn.execute<{ d: string; n: number }>(sql`
    select d::text, count(*)::int as n
      from waitlist_entries e, unnest(e.dates) d
     where e.business_id = ${businessId} and e.status in ('aguardando', 'oferecido') and d between ${from}::date and ${to}::date
     group by d`);
  return Object.fromEntries(rows.map((r) => [r.d, r.n]));
}

export type WaitlistCatalog = {
  services: { id: string; name: string }[];
  /** Active professionals with the services they offer. */
  professionals: { id: string; name: string; serviceIds: string[] }[];
};

/** What 'Adicionar à lista de espera' chooses from: the active services and professionals. */
export async function waitlistCatalog(businessId: string, conn: Conn = db): Promise<WaitlistCatalog> {
  const [services, professionals] = await Promise.all([
    conn.execute<{ id: string; name: string }>(sql`
      select id, name from services where business_id = ${businessId} and active order by agenda_fold(name), id`),
    conn.execute<{ id: string; name: string; service_ids: string[] | null }>(sql`
      select p.id, p.name, array_agg(ps.service_id::text) filter (where ps.service_id is not null) as service_ids
        from professionals p left join professional_services ps on ps.professional_id = p.id
       where p.business_id = ${businessId} and p.active group by p.id order by p.name, p.id`),
  ]);
  return { services, professionals: professionals.map((p) => ({ id: p.id, name: p.name, serviceIds: p.service_ids ?? [] })) };
}

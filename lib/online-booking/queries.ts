import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { isSlugShaped } from "./slug";
import { LINES_OF_APPOINTMENT } from "@/lib/appointments/queries";

/** A business as its public page knows it (the slug decides which; never an id from the browser). */
export type OnlineBusiness = {
  id: string;
  name: string;
  description: string | null;
  phone: string | null;
  address: string | null;
  slug: string;
  enabled: boolean;
  windowDays: number;
  cancelDeadlineHours: number;
  maxFutureBookings: number;
};

type BusinessRow = {
  id: string; name: string; description: string | null; phone: string | null; address: string | null; slug: string;
  enabled: boolean; window_days: number; cancel_deadline_hours: number; max_future_bookings: number;
};

const toBusiness = (r: BusinessRow): OnlineBusiness => ({
  id: r.id, name: r.name, description: r.description, phone: r.phone, address: r.address, slug: r.slug, enabled: r.enabled,
  windowDays: r.window_days, cancelDeadlineHours: r.cancel_deadline_hours, maxFutureBookings: r.max_future_bookings,
});

const BUSINESS_COLUMNS = sql`b.id, b.name, b.description, b.phone, b.address, o.slug, o.enabled,
  b.booking_window_days as window_days, o.cancel_deadline_hours, o.max_future_bookings`;

/** The business of a slug (switched on or not: the callers decide), or null for an unknown one. */
export async function onlineBusinessBySlug(slug: string, conn: Conn = db): Promise<OnlineBusiness | null> {
  if (!isSlugShaped(slug)) return null;
  const [r] = await conn.execute<BusinessRow>(sql`
    select ${BUSINESS_COLUMNS} from business_online_booking o join businesses b on b.id = o.business_id where o.slug = ${slug}`);
  return r ? toBusiness(r) : null;
}

export type ChosenService = { id: string; name: string; durationMinutes: number | null };

/**
 * One query for what a slots list or a booking is about: the slug's business and, among ITS
 * active services, the ones the browser named (ids of another business, or of a service set
 * 'Inativo', are simply not found: the callers refuse a shorter list).
 */
export async function bookingContext(slug: string, serviceIds: readonly string[], conn: Conn = db): Promise<{ business: OnlineBusiness; services: ChosenService[] } | null> {
  if (!isSlugShaped(slug)) return null;
  const ids = serviceIds.length ? serviceIds : ["00000000-0000-0000-0000-000000000000"];
  const [r] = await conn.execute<BusinessRow & { services: { id: string; name: string; durationMinutes: number | null }[] | null }>(sql`
    select ${BUSINESS_COLUMNS},
           (select json_agg(json_build_object('id', s.id, 'name', s.name, 'durationMinutes', s.duration_minutes))
              from services s where s.business_id = b.id and s.active and s.id in ${ids}) as services
      from business_online_booking o join businesses b on b.id = o.business_id
     where o.slug = ${slug}`);
  if (!r) return null;
  const found = new Map((r.services ?? []).map((s) => [s.id, s]));
  // In the order chosen; a missing one makes the list shorter, which the callers refuse.
  return { business: toBusiness(r), services: serviceIds.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])) };
}

export type PublicService = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number | null;
  /** Across the active professionals who offer it; null when none set a price. */
  minPrice: string | null;
  maxPrice: string | null;
};
/** An active professional and their price for each service they offer (null: no price set). */
export type PublicProfessional = { id: string; name: string; prices: Record<string, string | null> };

/**
 * What the page lists: the active services some active professional offers (the others can't be
 * booked), with their price range, and the active professionals with what they do among those.
 * Nothing about clients.
 */
export async function publicCatalog(businessId: string, conn: Conn = db): Promise<{ services: PublicService[]; professionals: PublicProfessional[] }> {
  const [services, professionals] = await Promise.all([
    conn.execute<{ id: string; name: string; description: string | null; duration_minutes: number | null; min_price: string | null; max_price: string | null }>(sql`
      select s.id, s.name, s.description, s.duration_minutes, min(ps.price)::text as min_price, max(ps.price)::text as max_price
        from services s
        join professional_services ps on ps.service_id = s.id
        join professionals p on p.id = ps.professional_id and p.active
       where s.business_id = ${businessId} and s.active
       group by s.id
       order by agenda_fold(s.name), s.name, s.id`),
    conn.execute<{ id: string; name: string; prices: Record<string, string | null> }>(sql`
      select p.id, p.name, json_object_agg(ps.service_id, ps.price::text) as prices
        from professionals p
        join professional_services ps on ps.professional_id = p.id
        join services s on s.id = ps.service_id and s.active
       where p.business_id = ${businessId} and p.active
       group by p.id
       order by p.name, p.id`),
  ]);
  return {
    services: services.map((s) => ({ id: s.id, name: s.name, description: s.description, durationMinutes: s.duration_minutes, minPrice: s.min_price, maxPrice: s.max_price })),
    professionals: professionals.map((p) => ({ id: p.id, name: p.name, prices: p.prices })),
  };
}

/** The owner's card: the business's row (every business has one, made with it). */
export async function onlineSettings(businessId: string, conn: Conn = db): Promise<{ slug: string; enabled: boolean; cancelDeadlineHours: number; maxFutureBookings: number } | null> {
  const [r] = await conn.execute<{ slug: string; enabled: boolean; cancel_deadline_hours: number; max_future_bookings: number }>(sql`
    select slug, enabled, cancel_deadline_hours, max_future_bookings from business_online_booking where business_id = ${businessId}`);
  return r ? { slug: r.slug, enabled: r.enabled, cancelDeadlineHours: r.cancel_deadline_hours, maxFutureBookings: r.max_future_bookings } : null;
}

export type BookingView = {
  tokenId: string;
  bookerName: string;
  linkUsedAt: string | null;
  appointmentId: string;
  businessId: string;
  date: string;
  /** HH:MM */
  time: string;
  statusId: number;
  business: { name: string; phone: string | null; address: string | null; slug: string; cancelDeadlineHours: number };
  lines: { service: string; durationMinutes: number | null; professional: string | null; price: string | null }[];
};

/**
 * One booking as its private link shows it: the business, the services, who does them, when, the
 * status — and the name the client typed, never the stored client's data.
 */
export async function bookingByTokenHash(hash: string, conn: Conn = db, lock = false): Promise<BookingView | null> {
  const [r] = await conn.execute<{
    token_id: string; booker_name: string; cancelled_at: string | null; id: string; business_id: string; date: string; time: string; status_id: number;
    name: string; phone: string | null; address: string | null; slug: string; cancel_deadline_hours: number;
    lines: BookingView["lines"] | null;
  }>(sql`
    select t.id as token_id, t.booker_name, t.cancelled_at::text, a.id, a.business_id, a.date::text as date, a.time::text as time, a.status_id,
           b.name, b.phone, b.address, o.slug, o.cancel_deadline_hours,
           (select json_agg(json_build_object('service', sv.name, 'durationMinutes', sv.duration_minutes, 'professional', p.name, 'price', ps.price::text)
                            order by sv.name, s.id)
              ${LINES_OF_APPOINTMENT}) as lines
      from online_booking_tokens t
      join appointments a on a.id = t.appointment_id and a.business_id = t.business_id
      join businesses b on b.id = t.business_id
      join business_online_booking o on o.business_id = t.business_id
     where t.token_hash = ${hash}
     ${lock ? sql`for update of t, a` : sql``}`);
  if (!r) return null;
  return {
    tokenId: r.token_id, bookerName: r.booker_name, linkUsedAt: r.cancelled_at, appointmentId: r.id, businessId: r.business_id,
    date: r.date, time: r.time.slice(0, 5), statusId: r.status_id,
    business: { name: r.name, phone: r.phone, address: r.address, slug: r.slug, cancelDeadlineHours: r.cancel_deadline_hours },
    lines: r.lines ?? [],
  };
}

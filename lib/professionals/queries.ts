import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { weeklyRestrictions, type DayRestriction } from "@/lib/appointments/rules/weekly-schedule";
import { todayInBusiness } from "@/lib/core/time/business-time";

export type Offer = { serviceId: string; name: string; price: string | null };

export type ProfessionalRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  bio: string | null;
  active: boolean;
  avatarUrl: string | null;
  /** The services they offer, alphabetical, with their price. */
  offers: Offer[];
  /** Non-cancelled appointments from today on in which they do a service (they'd lose them on delete). */
  upcomingAppointments: number;
};

/** Every professional of the business (a salon has a handful), alphabetical, with services and prices. */
export async function listProfessionals(businessId: string, conn: Conn = db): Promise<ProfessionalRow[]> {
  const today = todayInBusiness();
  const rows = await conn.execute<{
    id: string; name: string; email: string | null; phone: string | null; bio: string | null; active: boolean;
    avatar_url: string | null; offers: Offer[] | null; upcoming: number;
  }>(sql`
    select p.id, p.name, p.email, p.phone, p.bio, p.active, p.avatar_url,
           (select json_agg(json_build_object('serviceId', s.id, 'name', s.name, 'price', ps.price::text)
                            order by agenda_fold(s.name), s.name)
              from professional_services ps join services s on s.id = ps.service_id
             where ps.professional_id = p.id) as offers,
           -- From the busy blocks (one per non-cancelled appointment and professional) through their
           -- GiST index: counting appointment lines instead read the professional's whole history.
           (select count(*)::int from appointment_professional_blocks b
             where b.professional_id = p.id and b.period && tsrange(${today}::date, null)
               and lower(b.period) >= ${today}::date) as upcoming
      from professionals p
     where p.business_id = ${businessId}
     order by agenda_fold(p.name), p.name, p.id`);
  return rows.map((r) => ({
    id: r.id, name: r.name, email: r.email, phone: r.phone, bio: r.bio, active: r.active, avatarUrl: r.avatar_url,
    offers: r.offers ?? [], upcomingAppointments: r.upcoming,
  }));
}

export type ServiceChoice = { id: string; name: string; durationMinutes: number | null };

/** The business's services for the dialog's checkboxes, alphabetical. */
export async function serviceChoices(businessId: string, conn: Conn = db): Promise<ServiceChoice[]> {
  const rows = await conn.execute<{ id: string; name: string; duration_minutes: number | null }>(sql`
    select id, name, duration_minutes from services where business_id = ${businessId}
     order by agenda_fold(name), name, id`);
  return rows.map((r) => ({ id: r.id, name: r.name, durationMinutes: r.duration_minutes }));
}

/**
 * The week the Restrições dialog shows for a professional of the business (spec section 4: the
 * defaults, then the business hours, then their own schedule, then their breaks). Null when the
 * id is not a professional of this business.
 */
export async function loadRestrictions(businessId: string, professionalId: string, conn: Conn = db): Promise<DayRestriction[] | null> {
  const [pro] = await conn.execute<{ id: string }>(sql`
    select id from professionals where id = ${professionalId} and business_id = ${businessId}`);
  if (!pro) return null;
  const [hours, own, breaks] = await Promise.all([
    conn.execute<{ day_of_week: number; is_open: boolean; open_time: string | null; close_time: string | null }>(sql`
      select day_of_week, is_open, open_time::text, close_time::text from business_hours where business_id = ${businessId}`),
    conn.execute<{ day_of_week: number; is_working: boolean; start_time: string | null; end_time: string | null }>(sql`
      select day_of_week, is_working, start_time::text, end_time::text from professional_weekly_schedules
       where professional_id = ${professionalId} and business_id = ${businessId}`),
    conn.execute<{ day_of_week: number; start_time: string; end_time: string; label: string | null }>(sql`
      select day_of_week, start_time::text, end_time::text, label from professional_breaks
       where professional_id = ${professionalId} and business_id = ${businessId} order by day_of_week, start_time`),
  ]);
  const businessHours: BusinessHoursRow[] = hours.map((h) => ({ dayOfWeek: h.day_of_week, isOpen: h.is_open, openTime: h.open_time, closeTime: h.close_time }));
  return weeklyRestrictions(
    businessHours,
    own.map((s) => ({ dayOfWeek: s.day_of_week, isWorking: s.is_working, startTime: s.start_time, endTime: s.end_time })),
    breaks.map((b) => ({ dayOfWeek: b.day_of_week, startTime: b.start_time, endTime: b.end_time, label: b.label })),
  );
}

export type Avatar = { businessId: string; contentType: string };

/** An avatar's business and type (not its bytes): enough to refuse, or to answer 304. */
export async function avatarMeta(id: string, conn: Conn = db): Promise<Avatar | null> {
  const [row] = await conn.execute<{ business_id: string; content_type: string }>(sql`
    select business_id, content_type from professional_avatars where id = ${id}`);
  return row ? { businessId: row.business_id, contentType: row.content_type } : null;
}

export async function avatarBytes(id: string, conn: Conn = db): Promise<Buffer | null> {
  const [row] = await conn.execute<{ data: Buffer }>(sql`select data from professional_avatars where id = ${id}`);
  return row?.data ?? null;
}

export type TimeOff = { id: string; startDate: string; endDate: string; startTime: string | null; endTime: string | null; reason: string | null };

/** 'Folgas e férias': the professional's time off that has not ended (null: no such professional in the business). */
export async function timeOffList(businessId: string, professionalId: string, today: string = todayInBusiness(), conn: Conn = db): Promise<TimeOff[] | null> {
  const rows = await conn.execute<{ id: string | null; start_date: string; end_date: string; start_time: string | null; end_time: string | null; reason: string | null }>(sql`
    select t.id, t.start_date::text, t.end_date::text, to_char(t.start_time, 'HH24:MI') as start_time, to_char(t.end_time, 'HH24:MI') as end_time, t.reason
      from professionals p
      left join professional_time_off t on t.professional_id = p.id and t.end_date >= ${today}
     where p.id = ${professionalId} and p.business_id = ${businessId}
     order by t.start_date, t.start_time nulls first, t.id`);
  if (!rows.length) return null;
  return rows.filter((r) => r.id).map((r) => ({ id: r.id!, startDate: r.start_date, endDate: r.end_date, startTime: r.start_time, endTime: r.end_time, reason: r.reason }));
}

import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { executePrepared } from "@/lib/core/db/prepared";
import type { BusinessCalendar } from "@/lib/appointments/rules/business-day";
import { dayOfWeek } from "@/lib/core/time/business-date";
import { buildDayContext, type DayContext, type ProfessionalDayRow } from "./day-builder";

export type { DayContext, DayProfessional } from "./day-builder";

/**
 * The business calendar as it bears on the dates from `date` to `to` (default: that one date): the
 * weekly hours, those dates' own holidays and the 'works on holidays' setting, in one query
 * (businessDay() in lib/appointments/rules decides from it).
 */
export async function loadBusinessCalendar(conn: Conn, businessId: string, date: string, to: string = date): Promise<BusinessCalendar> {
  const calendarRows = await executePrepared<{ kind: string; day_of_week: number | null; is_open: boolean | null; open_time: string | null; close_time: string | null; name: string | null; works: boolean | null; holiday_date: string | null }>(conn, sql`
      select 'hours' as kind, day_of_week, is_open, open_time::text, close_time::text, null as name, null::boolean as works, null::text as holiday_date
        from business_hours where business_id = ${businessId}
      union all
      select 'holiday', null, is_working, open_time::text, close_time::text, holiday_name, null, holiday_date::text
        from business_holidays where business_id = ${businessId} and holiday_date between ${date} and ${to}
      union all
      select 'settings', null, null, null, null, null, works_on_holidays, null
        from business_holiday_settings where business_id = ${businessId}`);
  return {
    hours: calendarRows
      .filter((r) => r.kind === "hours")
      .map((r) => ({ dayOfWeek: r.day_of_week!, isOpen: !!r.is_open, openTime: r.open_time, closeTime: r.close_time })),
    holidays: calendarRows
      .filter((r) => r.kind === "holiday")
      .map((r) => ({ holidayDate: r.holiday_date!, holidayName: r.name ?? "Feriado", isWorking: !!r.is_open, openTime: r.open_time, closeTime: r.close_time })),
    worksOnHolidays: calendarRows.some((r) => r.kind === "settings" && r.works === true),
  };
}

/**
 * Loads the day in two queries: the calendar (weekly hours, that date's holiday, the holiday
 * setting), and the professionals, each with their services and prices, their schedule and breaks
 * for that weekday, their time off and booked blocks that day (the blocks of `exceptAppointmentId` left out,
 * for an appointment being changed). Each per-professional part is read through that table's
 * professional index (blocks through the exclusion constraint's), however long the history.
 * `only` limits the professionals to those ids: a change that names its professionals checks
 * them alone, not the whole team's day (a chain's 30).
 */
export async function loadDayContext(
  conn: Conn, businessId: string, date: string, exceptAppointmentId?: string | null, only?: readonly string[],
): Promise<DayContext> {
  return loadDay(conn, businessId, date, exceptAppointmentId ?? null, true, only);
}

/**
 * The day's hours only: the calendar and each professional's schedule and breaks, without their
 * offers and booked blocks (empty), for what needs the capacity and not the bookings (the dashboard).
 */
export async function loadDayHours(conn: Conn, businessId: string, date: string): Promise<DayContext> {
  return loadDay(conn, businessId, date, null, false);
}

async function loadDay(
  conn: Conn, businessId: string, date: string, exceptAppointmentId: string | null, bookings: boolean, only?: readonly string[],
): Promise<DayContext> {
  const dow = dayOfWeek(date);
  const [calendar, pros] = await Promise.all([
    loadBusinessCalendar(conn, businessId, date),
    executePrepared<ProfessionalDayRow>(conn, sql`
      select p.id, p.name, p.active,
             ${bookings ? sql`(select json_agg(json_build_array(ps.service_id, ps.price::text))
                from professional_services ps where ps.professional_id = p.id)` : sql`null::json`} as offers,
             (select json_build_object('isWorking', s.is_working, 'startTime', s.start_time::text, 'endTime', s.end_time::text)
                from professional_weekly_schedules s where s.professional_id = p.id and s.day_of_week = ${dow}) as schedule,
             (select json_agg(json_build_object('startTime', b.start_time::text, 'endTime', b.end_time::text, 'label', b.label))
                from professional_breaks b where b.professional_id = p.id and b.day_of_week = ${dow}) as breaks,
             ${bookings ? sql`(select json_agg(json_build_array(
                       greatest(0, extract(epoch from (lower(k.period) - ${date}::date::timestamp)) / 60)::int,
                       least(1440, extract(epoch from (upper(k.period) - ${date}::date::timestamp)) / 60)::int))
                from appointment_professional_blocks k
               where k.professional_id = p.id
                 and k.period && tsrange(${date}::date::timestamp, (${date}::date + 1)::timestamp)
                 and k.appointment_id is distinct from ${exceptAppointmentId}::uuid)` : sql`null::json`} as busy,
             (select json_agg(json_build_array(
                       greatest(0, extract(epoch from (lower(t.period) - ${date}::date::timestamp)) / 60)::int,
                       least(1440, extract(epoch from (upper(t.period) - ${date}::date::timestamp)) / 60)::int))
                from professional_time_off t
               where t.professional_id = p.id and t.period && tsrange(${date}::date::timestamp, (${date}::date + 1)::timestamp)) as time_off
        from professionals p where p.business_id = ${businessId}
         ${only ? sql`and p.id = any(${`{${only.join(",")}}`}::uuid[])` : sql``}
       order by p.name, p.id`),
  ]);
  return buildDayContext(date, calendar, pros);
}

import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import type { ProfessionalDay, WorkingDay } from "@/lib/scheduling/availability";
import { businessDay, type BusinessCalendar, type BusinessDay } from "@/lib/scheduling/business-day";
import { dayOfWeek } from "@/lib/time/business-time";
import { workingDayFor } from "./working-day";

export type DayProfessional = ProfessionalDay & { name: string; offers: Map<string, string | null> };

/** Everything the availability rule needs about one business day: the business, every professional. */
export type DayContext = {
  date: string;
  business: BusinessDay;
  professionals: DayProfessional[];
};

/**
 * The business calendar as it bears on `date`: the weekly hours, that date's own holiday and the
 * 'works on holidays' setting, in one query (businessDay() in lib/scheduling decides from it).
 */
export async function loadBusinessCalendar(conn: Conn, businessId: string, date: string): Promise<BusinessCalendar> {
  const calendarRows = await conn.execute<{ kind: string; day_of_week: number | null; is_open: boolean | null; open_time: string | null; close_time: string | null; name: string | null; works: boolean | null }>(sql`
      select 'hours' as kind, day_of_week, is_open, open_time::text, close_time::text, null as name, null::boolean as works
        from business_hours where business_id = ${businessId}
      union all
      select 'holiday', null, is_working, open_time::text, close_time::text, holiday_name, null
        from business_holidays where business_id = ${businessId} and holiday_date = ${date}
      union all
      select 'settings', null, null, null, null, null, works_on_holidays
        from business_holiday_settings where business_id = ${businessId}`);
  return {
    hours: calendarRows
      .filter((r) => r.kind === "hours")
      .map((r) => ({ dayOfWeek: r.day_of_week!, isOpen: !!r.is_open, openTime: r.open_time, closeTime: r.close_time })),
    holidays: calendarRows
      .filter((r) => r.kind === "holiday")
      .map((r) => ({ holidayDate: date, holidayName: r.name ?? "Feriado", isWorking: !!r.is_open, openTime: r.open_time, closeTime: r.close_time })),
    worksOnHolidays: calendarRows.some((r) => r.kind === "settings" && r.works === true),
  };
}

/**
 * Loads the day in a handful of queries: the calendar (weekly hours, that date's holiday, the
 * holiday setting), the professionals with their services and prices, their schedule and breaks for
 * that weekday, and their booked blocks that day (the blocks of `exceptAppointmentId` left out, for
 * an appointment being changed). Blocks are read by professional so the exclusion constraint's
 * index answers, however long the history.
 */
export async function loadDayContext(conn: Conn, businessId: string, date: string, exceptAppointmentId?: string | null): Promise<DayContext> {
  const dow = dayOfWeek(date);
  const [calendar, pros, schedules, breaks] = await Promise.all([
    loadBusinessCalendar(conn, businessId, date),
    conn.execute<{ id: string; name: string; active: boolean; offers: [string, string | null][] | null }>(sql`
      select p.id, p.name, p.active,
             (select json_agg(json_build_array(ps.service_id, ps.price::text)) from professional_services ps where ps.professional_id = p.id) as offers
        from professionals p where p.business_id = ${businessId}
       order by p.name, p.id`),
    conn.execute<{ professional_id: string; is_working: boolean; start_time: string | null; end_time: string | null }>(sql`
      select professional_id, is_working, start_time::text, end_time::text from professional_weekly_schedules
       where business_id = ${businessId} and day_of_week = ${dow}`),
    conn.execute<{ professional_id: string; start_time: string; end_time: string; label: string }>(sql`
      select professional_id, start_time::text, end_time::text, label from professional_breaks
       where business_id = ${businessId} and day_of_week = ${dow}`),
  ]);

  const weekly = calendar.hours.find((h) => h.dayOfWeek === dow) ?? null;

  const ids = pros.map((p) => p.id);
  const blocks = ids.length
    ? await conn.execute<{ professional_id: string; start_min: number; end_min: number }>(sql`
        select professional_id,
               greatest(0, extract(epoch from (lower(period) - ${date}::date::timestamp)) / 60)::int as start_min,
               least(1440, extract(epoch from (upper(period) - ${date}::date::timestamp)) / 60)::int as end_min
          from appointment_professional_blocks
         where professional_id in ${ids}
           and period && tsrange(${date}::date::timestamp, (${date}::date + 1)::timestamp)
           and appointment_id is distinct from ${exceptAppointmentId ?? null}::uuid`)
    : [];

  const professionals: DayProfessional[] = pros.map((p) => {
    const own = schedules.find((s) => s.professional_id === p.id) ?? null;
    const ownBreaks = breaks.filter((b) => b.professional_id === p.id);
    const day: WorkingDay = workingDayFor(
      dow,
      weekly,
      own && { isWorking: own.is_working, startTime: own.start_time, endTime: own.end_time },
      ownBreaks.map((b) => ({ startTime: b.start_time, endTime: b.end_time, label: b.label })),
    );
    return {
      id: p.id,
      name: p.name,
      active: p.active,
      day,
      busy: blocks.filter((b) => b.professional_id === p.id).map((b) => ({ start: b.start_min, end: b.end_min })),
      offers: new Map((p.offers ?? []).map(([serviceId, price]) => [serviceId, price])),
    };
  });
  return { date, business: businessDay(date, calendar), professionals };
}

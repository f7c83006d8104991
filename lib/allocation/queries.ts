import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { loadBusinessCalendar } from "@/lib/appointments/day-context";
import { dayAppointments, type AllocationDay } from "@/lib/appointments/grid-day";
import { workingWindow } from "@/lib/appointments/rules/allocation";
import { businessDay } from "@/lib/appointments/rules/business-day";

export type { AllocationDay };

/**
 * The Visor de Alocação's day in three queries, whatever the number of professionals: the calendar
 * (the agenda's own rule decides open or closed and the hours), the active professionals, and the
 * day's appointments with their services (dayAppointments, on the (business_id, date, time) index).
 */
export async function allocationDay(businessId: string, date: string, conn: Conn = db): Promise<AllocationDay> {
  const [calendar, professionals, appointments, timeOff] = await Promise.all([
    loadBusinessCalendar(conn, businessId, date),
    conn.execute<{ id: string; name: string }>(sql`
      select id, name from professionals where business_id = ${businessId} and active order by name, id`),
    dayAppointments(conn, businessId, date),
    conn.execute<{ professional_id: string; start: number; end: number }>(sql`
      select t.professional_id,
             greatest(0, extract(epoch from (lower(t.period) - ${date}::date::timestamp)) / 60)::int as start,
             least(1440, extract(epoch from (upper(t.period) - ${date}::date::timestamp)) / 60)::int as "end"
        from professional_time_off t
       where t.business_id = ${businessId} and t.period && tsrange(${date}::date::timestamp, (${date}::date + 1)::timestamp)`),
  ]);
  const day = businessDay(date, calendar);
  return {
    date,
    window: workingWindow(day),
    holiday: day.holiday,
    professionals: professionals.map((p) => ({ id: p.id, name: p.name })),
    // Only what the timeline shows: no phone, e-mail or prices go to the browser.
    appointments,
    timeOff: timeOff.map((t) => ({ professionalId: t.professional_id, start: Number(t.start), end: Number(t.end) })),
  };
}

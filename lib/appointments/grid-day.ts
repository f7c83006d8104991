import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { loadBusinessCalendar, loadDayHours } from "@/lib/appointments/day-context";
import type { WorkingDay } from "@/lib/appointments/rules/availability";
import { packAllocationDay, type AllocationWire } from "./wire";
import type { AllocationAppointment } from "@/lib/appointments/rules/allocation";
import { workingWindow } from "@/lib/appointments/rules/allocation";
import { businessDay } from "@/lib/appointments/rules/business-day";
import type { Interval } from "@/lib/core/time/overlap";

export type AllocationDay = {
  date: string;
  /** The day's working window; null when the business is closed (closed weekday or holiday). */
  window: Interval | null;
  /** The holiday's name when the date is one (open or closed). */
  holiday: string | null;
  /** Active professionals, by name. */
  professionals: { id: string; name: string }[];
  /** Every appointment of the day, all statuses (the screen filters). */
  appointments: AllocationAppointment[];
  /** The professionals' time off that day, in minutes clipped to it ('Folgas e férias'). */
  timeOff: { professionalId: string; start: number; end: number }[];
};

/**
 * The day's appointments, all statuses, with only what the timeline draws: the client's name and
 * each line's service, duration and professional. Shaped as the agenda's query (the client read by
 * its key, lateral; the lines aggregated per appointment) without the phones, e-mails, professional
 * names and prices the timeline never shows: a chain's day of 275 appointments took 2–3 ms instead
 * of 4–6.5.
 */
async function dayAppointments(conn: Conn, businessId: string, date: string): Promise<AllocationAppointment[]> {
  const rows = await conn.execute<{ id: string; time: string; status_id: number; client_name: string; recurring: boolean; lines: [string, number | null, string | null][] | null }>(sql`
    select a.id, a.time::text as time, a.status_id, c.name as client_name, a.series_id is not null as recurring,
           (select json_agg(json_build_array(sv.name, sv.duration_minutes, s.professional_id) order by sv.name, s.id)
              from appointment_services s join services sv on sv.id = s.service_id
             where s.appointment_id = a.id) as lines
      from appointments a
      cross join lateral (select c.name from clients c where c.id = a.client_id offset 0) c
     where a.business_id = ${businessId} and a.date = ${date}
     order by a.time, a.created_at, a.id`);
  return rows.map((r) => ({
    id: r.id,
    time: r.time.slice(0, 5),
    statusId: r.status_id,
    clientName: r.client_name,
    lines: (r.lines ?? []).map(([serviceName, durationMinutes, professionalId]) => ({ serviceName, durationMinutes, professionalId })),
    ...(r.recurring && { recurring: true }),
  }));
}

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

/** The agenda's 'Grade': the Visor de Alocação's day, packed, and each active professional's working day. */
export type GridDayWire = AllocationWire & { workdays: Record<string, WorkingDay> };

export async function gridDay(businessId: string, date: string, conn: Conn = db): Promise<GridDayWire> {
  // The day's hours already hold the calendar, the professionals and their time off: with the
  // appointments, the grid's whole day in three queries (the viewer's own calendar, professionals
  // and time off would read them a second time).
  const [hours, appointments] = await Promise.all([loadDayHours(conn, businessId, date), dayAppointments(conn, businessId, date)]);
  const active = hours.professionals.filter((p) => p.active);
  const day: AllocationDay = {
    date,
    window: workingWindow(hours.business),
    holiday: hours.business.holiday,
    professionals: active.map((p) => ({ id: p.id, name: p.name })),
    appointments,
    timeOff: active.flatMap((p) => (p.timeOff ?? []).map((t) => ({ professionalId: p.id, start: t.start, end: t.end }))),
  };
  return { ...packAllocationDay(day), workdays: Object.fromEntries(active.map((p) => [p.id, p.day])) };
}

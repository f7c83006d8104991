import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { Interval } from "@/lib/core/time/overlap";
import { loadDayHours } from "./day-context";
import type { WorkingDay } from "./rules/availability";
import { workingWindow, type AllocationAppointment } from "./rules/allocation";
import { packAllocationDay, type AllocationWire } from "./timeline-wire";
import { onlyProfessional, seesAppointment, type AgendaScope } from "./visibility";

/*
 * The 'Grade' view's day (the `appointments.grid` read, reads.ts), and what it shares with the Visor
 * de Alocação (lib/allocation, which imports it from here): a day on the timeline and its
 * appointments' query.
 */

/** A day on the timeline: the grid's and the allocation viewer's. */
export type AllocationDay = {
  date: string;
  /** The day's working window; null when the business is closed (closed weekday or holiday). */
  window: Interval | null;
  /** The holiday's name when the date is one (open or closed). */
  holiday: string | null;
  /** Active professionals, by name. */
  professionals: { id: string; name: string }[];
  /** Every appointment of the day the caller sees (visibility.ts), all statuses (the screen filters). */
  appointments: AllocationAppointment[];
  /** The professionals' time off that day, in minutes clipped to it ('Folgas e férias'). */
  timeOff: { professionalId: string; start: number; end: number }[];
  /** Each active professional's working day (schedule and breaks, resolved as the availability rule reads it). */
  workdays: Record<string, WorkingDay>;
};

/**
 * The day's appointments, all statuses, with only what the timeline draws: the client's name and
 * each line's service, duration and professional. Shaped as the agenda's query (the client read by
 * its key, lateral; the lines aggregated per appointment) without the phones, e-mails, professional
 * names and prices the timeline never shows: a chain's day of 275 appointments took 2–3 ms instead
 * of 4–6.5.
 */
export async function dayAppointments(conn: Conn, businessId: string, date: string, scope: AgendaScope = "all"): Promise<AllocationAppointment[]> {
  // One professional's: their appointments, with their own services only (their column alone is drawn).
  const only = onlyProfessional(scope);
  const rows = await conn.execute<{ id: string; time: string; status_id: number; client_name: string; recurring: boolean; lines: [string, number | null, string | null, boolean][] | null }>(sql`
    select a.id, a.time::text as time, a.status_id, c.name as client_name, a.series_id is not null as recurring,
           (select json_agg(json_build_array(sv.name, sv.duration_minutes, s.professional_id, s.after_previous) order by s.position, s.id)
              from appointment_services s join services sv on sv.id = s.service_id
             where s.appointment_id = a.id ${only ? sql`and s.professional_id = ${only}` : sql``}) as lines
      from appointments a
      cross join lateral (select c.name from clients c where c.id = a.client_id offset 0) c
     where a.business_id = ${businessId} and a.date = ${date} and ${seesAppointment(scope)}
     order by a.time, a.created_at, a.id`);
  return rows.map((r) => ({
    id: r.id,
    time: r.time.slice(0, 5),
    statusId: r.status_id,
    clientName: r.client_name,
    lines: (r.lines ?? []).map(([serviceName, durationMinutes, professionalId, afterPrevious]) => ({ serviceName, durationMinutes, professionalId, ...(afterPrevious && { afterPrevious }) })),
    ...(r.recurring && { recurring: true }),
  }));
}

/** The agenda's 'Grade': a timeline day, packed (each active professional's working day included). */
export type GridDayWire = AllocationWire;

/**
 * A day on the timeline, the grid's and the Visor de Alocação's, in three queries: the day's hours
 * (the calendar, the professionals with their schedule, breaks and time off: loadDayHours, the
 * availability rule's own day) and the appointments.
 */
export async function timelineDay(businessId: string, date: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<AllocationDay> {
  const [hours, appointments] = await Promise.all([loadDayHours(conn, businessId, date), dayAppointments(conn, businessId, date, scope)]);
  // One professional's agenda: their column alone (none when no professional is linked).
  const active = hours.professionals.filter((p) => p.active && (scope === "all" || p.id === scope.professionalId));
  return {
    date,
    window: workingWindow(hours.business),
    holiday: hours.business.holiday,
    professionals: active.map((p) => ({ id: p.id, name: p.name })),
    appointments,
    timeOff: active.flatMap((p) => (p.timeOff ?? []).map((t) => ({ professionalId: p.id, start: t.start, end: t.end }))),
    workdays: Object.fromEntries(active.map((p) => [p.id, p.day])),
  };
}

export async function gridDay(businessId: string, date: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<GridDayWire> {
  return packAllocationDay(await timelineDay(businessId, date, conn, scope));
}

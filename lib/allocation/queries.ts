import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { loadBusinessCalendar } from "@/lib/appointments/day-context";
import { appointmentsBetween } from "@/lib/appointments/queries";
import type { AllocationAppointment } from "@/lib/scheduling/allocation";
import { workingWindow } from "@/lib/scheduling/allocation";
import { businessDay } from "@/lib/scheduling/business-day";
import type { Interval } from "@/lib/time/overlap";

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
};

/**
 * The Visor de Alocação's day in three queries, whatever the number of professionals: the calendar
 * (the agenda's own rule decides open or closed and the hours), the active professionals, and the
 * day's appointments with their services (the agenda's query, on the (business_id, date, time) index).
 */
export async function allocationDay(businessId: string, date: string, conn: Conn = db): Promise<AllocationDay> {
  const [calendar, professionals, appointments] = await Promise.all([
    loadBusinessCalendar(conn, businessId, date),
    conn.execute<{ id: string; name: string }>(sql`
      select id, name from professionals where business_id = ${businessId} and active order by name, id`),
    appointmentsBetween(businessId, date, date, conn),
  ]);
  const day = businessDay(date, calendar);
  return {
    date,
    window: workingWindow(day),
    holiday: day.holiday,
    professionals: professionals.map((p) => ({ id: p.id, name: p.name })),
    // Only what the timeline shows: no phone, e-mail or prices go to the browser.
    appointments: appointments.map((a) => ({
      id: a.id,
      time: a.time,
      statusId: a.statusId,
      clientName: a.client.name,
      lines: a.lines.map((l) => ({ serviceName: l.serviceName, durationMinutes: l.durationMinutes, professionalId: l.professionalId })),
    })),
  };
}

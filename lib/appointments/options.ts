import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { professionalSpans, type Line } from "@/lib/appointments/rules/appointment-lines";
import { UNAVAILABLE_TEXT, unavailability } from "@/lib/appointments/rules/availability";
import { toMinutes } from "@/lib/core/time/overlap";
import type { DayContext } from "./day-context";

export type ProfessionalOption = { id: string; name: string; price: string | null; available: boolean; reason: string | null };
export type ServiceOption = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number | null;
  /** False only for an inactive service the appointment being edited already has (kept, not offered to others). */
  active: boolean;
  /** Who offers it (active professionals), each marked 'disponível' / 'indisponível' at the time. */
  professionals: ProfessionalOption[];
};

type ListedService = { id: string; name: string; description: string | null; duration_minutes: number | null; active: boolean };

/**
 * The business's active services, alphabetical (accents ignored), for the dialogs' checkbox lists;
 * for the services editor of an appointment, also the inactive ones that appointment already has
 * (they stay on it, and can be kept, but are never added anywhere new).
 */
export async function serviceList(conn: Conn, businessId: string, appointmentId: string | null = null) {
  const kept = appointmentId
    ? sql`or id in (select service_id from appointment_services where appointment_id = ${appointmentId} and business_id = ${businessId})`
    : sql``;
  return conn.execute<ListedService>(sql`
    select id, name, description, duration_minutes, active from services
     where business_id = ${businessId} and (active ${kept})
     order by agenda_fold(name), name, id`);
}

/**
 * For each service, the active professionals who offer it and whether they can take it at `time`,
 * counting the minutes they already carry in the lines as picked (the services of one professional
 * run back to back in their block).
 */
export function serviceOptions(
  day: DayContext,
  time: string,
  lines: readonly Line[],
  list: ListedService[],
): ServiceOption[] {
  const start = toMinutes(time);
  return list.map((s) => {
    // The service as its line, or appended 'em seguida' when not picked yet.
    const at = lines.findIndex((l) => l.serviceId === s.id);
    const own: Line = at >= 0 ? lines[at] : { serviceId: s.id, durationMinutes: s.duration_minutes, professionalId: null, afterPrevious: lines.length > 0 };
    const list = at >= 0 ? [...lines] : [...lines, own];
    const index = at >= 0 ? at : list.length - 1;
    const professionals = day.professionals
      .filter((p) => p.active && p.offers.has(s.id))
      .map((p) => {
        const asIfP = list.map((l, i) => (i === index ? { ...own, durationMinutes: s.duration_minutes, professionalId: p.id } : l));
        const span = professionalSpans(asIfP).get(p.id)!;
        const why = unavailability(p, day.business, { start: start + span.start, end: start + span.end });
        return { id: p.id, name: p.name, price: p.offers.get(s.id) ?? null, available: !why, reason: why ? UNAVAILABLE_TEXT[why] : null };
      });
    return { id: s.id, name: s.name, description: s.description, durationMinutes: s.duration_minutes, active: s.active, professionals };
  });
}

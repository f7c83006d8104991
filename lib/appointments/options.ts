import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { professionalLoads, serviceMinutes, type Line } from "@/lib/scheduling/appointment-lines";
import { UNAVAILABLE_TEXT, unavailability } from "@/lib/scheduling/availability";
import { toMinutes } from "@/lib/time/overlap";
import type { DayContext } from "./day-context";

export type ProfessionalOption = { id: string; name: string; price: string | null; available: boolean; reason: string | null };
export type ServiceOption = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number | null;
  /** Who offers it (active professionals), each marked 'disponível' / 'indisponível' at the time. */
  professionals: ProfessionalOption[];
};

/** The business's services, alphabetical (accents ignored), for the dialogs' checkbox lists. */
export async function serviceList(conn: Conn, businessId: string) {
  return conn.execute<{ id: string; name: string; description: string | null; duration_minutes: number | null }>(sql`
    select id, name, description, duration_minutes from services where business_id = ${businessId}
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
  list: { id: string; name: string; description: string | null; duration_minutes: number | null }[],
): ServiceOption[] {
  const start = toMinutes(time);
  return list.map((s) => {
    const others = lines.filter((l) => l.serviceId !== s.id);
    const loads = professionalLoads(others);
    const professionals = day.professionals
      .filter((p) => p.active && p.offers.has(s.id))
      .map((p) => {
        const minutes = (loads.get(p.id) ?? 0) + serviceMinutes(s.duration_minutes);
        const why = unavailability(p, day.business, { start, end: start + minutes });
        return { id: p.id, name: p.name, price: p.offers.get(s.id) ?? null, available: !why, reason: why ? UNAVAILABLE_TEXT[why] : null };
      });
    return { id: s.id, name: s.name, description: s.description, durationMinutes: s.duration_minutes, professionals };
  });
}

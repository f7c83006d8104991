import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { AppointmentLinkPurpose } from "@/db/schema";
import { LINES_OF_APPOINTMENT } from "@/lib/appointments/queries";

export type LinkView = {
  purpose: AppointmentLinkPurpose;
  usedAt: Date | null;
  appointmentId: string;
  businessId: string;
  date: string;
  /** HH:MM */
  time: string;
  statusId: number;
  clientName: string;
  business: { name: string; phone: string | null; address: string | null; cancelDeadlineHours: number };
  lines: { service: string; professional: string | null }[];
};

/**
 * One reminder link with its appointment, by the token's hash; `lock` takes both rows for the answer.
 * The appointment's date and time are read now: a link lives until its current start (state.ts),
 * so the row's `expires_at` (the start it was sent for) is not read.
 */
export async function linkByHash(hash: string, conn: Conn = db, lock = false): Promise<LinkView | null> {
  const [r] = await conn.execute<{
    purpose: AppointmentLinkPurpose; used_at: string | null; id: string; business_id: string; date: string; time: string;
    status_id: number; client_name: string; name: string; phone: string | null; address: string | null; cancel_deadline_hours: number | null;
    lines: LinkView["lines"] | null;
  }>(sql`
    select t.purpose, t.used_at::text, a.id, a.business_id, a.date::text as date, a.time::text as time, a.status_id,
           c.name as client_name, b.name, b.phone, b.address, o.cancel_deadline_hours,
           (select json_agg(json_build_object('service', sv.name, 'professional', p.name) order by sv.name, s.id)
              ${LINES_OF_APPOINTMENT}) as lines
      from appointment_link_tokens t
      join appointments a on a.id = t.appointment_id and a.business_id = t.business_id
      join clients c on c.id = a.client_id
      join businesses b on b.id = t.business_id
      left join business_online_booking o on o.business_id = t.business_id
     where t.token_hash = ${hash}
     ${lock ? sql`for update of t, a` : sql``}`);
  if (!r) return null;
  return {
    purpose: r.purpose, usedAt: r.used_at ? new Date(r.used_at) : null,
    appointmentId: r.id, businessId: r.business_id, date: r.date, time: r.time.slice(0, 5), statusId: r.status_id, clientName: r.client_name,
    business: { name: r.name, phone: r.phone, address: r.address, cancelDeadlineHours: r.cancel_deadline_hours ?? 2 },
    lines: r.lines ?? [],
  };
}

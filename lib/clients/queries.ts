import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { likePattern, pageWindow, paged, searchTerm, type Paged } from "@/lib/data/list";
import { CLIENTS_PAGE_SIZE } from "./schemas";

export type ClientRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  appointmentCount: number;
};

/**
 * One page of the business's clients, in alphabetical order (accents ignored), whose name (accents and
 * case ignored), e-mail or phone digits contain `q`. Raw SQL: one condition on the generated
 * search_text (migration 0008) so its trigram index answers.
 */
export async function searchClients(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientRow>> {
  const w = pageWindow(page, CLIENTS_PAGE_SIZE);
  const term = searchTerm(q);
  const match = term ? sql`and c.search_text like ${likePattern(term)}` : sql``;
  // The total and the page separately (and at once): the page then walks the (business_id, folded
  // name) index instead of sorting every match to count them.
  const [[count], rows] = await Promise.all([
    conn.execute<{ n: string }>(sql`select count(*) as n from clients c where c.business_id = ${businessId} ${match}`),
    conn.execute<{ id: string; name: string; phone: string | null; email: string | null; appointments: string }>(sql`
    with page as (
      select c.id, c.name, c.phone, c.email
      from clients c
      where c.business_id = ${businessId} ${match}
      order by agenda_fold(c.name), c.name, c.id
      limit ${w.limit} offset ${w.offset}
    )
    select p.*, coalesce(s.appointments, 0) as appointments
    from page p
    left join client_appointment_stats s on s.client_id = p.id
    order by agenda_fold(p.name), p.name, p.id`),
  ]);
  const total = Number(count.n);
  const items = rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, appointmentCount: Number(r.appointments) }));
  return paged(items, total, w.page, CLIENTS_PAGE_SIZE);
}

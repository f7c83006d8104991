import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { containsFolded, digitsOnly, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/data/list";
import { CLIENTS_PAGE_SIZE } from "./schemas";

export type ClientRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  appointmentCount: number;
};

/**
 * One page of the business's clients, in alphabetical order (accents ignored), whose name (accents and case ignored), phone digits
 * or e-mail contain `q`. Raw SQL: the search expressions must match the trigram indexes of
 * migration 0004 word for word, and the page and its total come from one scan.
 */
export async function searchClients(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientRow>> {
  const w = pageWindow(page, CLIENTS_PAGE_SIZE);
  const text = q.trim();
  const folded = likePattern(foldText(text));
  const digits = digitsOnly(text);
  const match = text
    ? sql`and (${containsFolded(sql`c.name`, folded)} or lower(c.email) like ${folded}${
        digits.length >= 3 ? sql` or agenda_digits(c.phone) like ${likePattern(digits)}` : sql``
      })`
    : sql``;
  const rows = await conn.execute<{ id: string; name: string; phone: string | null; email: string | null; total: string; appointments: string }>(sql`
    with page as (
      select c.id, c.name, c.phone, c.email, count(*) over () as total
      from clients c
      where c.business_id = ${businessId} ${match}
      order by agenda_fold(c.name), c.name, c.id
      limit ${w.limit} offset ${w.offset}
    )
    select p.*, (select count(*) from appointments a where a.client_id = p.id) as appointments
    from page p
    order by agenda_fold(p.name), p.name, p.id`);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && w.page > 1) {
    // Past the last page: the total still counts, for "Página X de Y".
    const [c] = await conn.execute<{ n: string }>(sql`select count(*) as n from clients c where c.business_id = ${businessId} ${match}`);
    total = Number(c.n);
  }
  const items = rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, appointmentCount: Number(r.appointments) }));
  return paged(items, total, w.page, CLIENTS_PAGE_SIZE);
}

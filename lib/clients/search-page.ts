import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Conn } from "@/db";
import { likePattern, searchTerm } from "@/lib/core/data/list";

/**
 * One page of the business's clients in alphabetical order (accents ignored) whose name (accents
 * and case ignored), e-mail or phone digits contain `q`, and how many there are, in one statement;
 * Clientes and the clients report both list through it.
 *
 * `columns` are read from `p`, the page (id, name, phone, email, created_at and name_fold of each
 * client), and `s`, the client's client_appointment_stats row (migration 0012) if any.
 *
 * With a term, the matches come from search_text's trigram index (migration 0008), sorted by the
 * kept folded name (0017), counted in the same pass: its cost follows the number of matches. Walking
 * the name index instead cost up to 32 ms for a first name (every client before the R's read to
 * find 20 Rafaelas). Without one, the page walks the folded-name index and the total is the one
 * kept per business (business_totals, 0015).
 */
export async function clientSearchPage<T extends Record<string, unknown>>(
  conn: Conn,
  businessId: string,
  q: string,
  window: { limit: number; offset: number },
  columns: SQL,
): Promise<{ rows: T[]; total: number }> {
  const term = searchTerm(q);
  const page = term
    ? sql`
      select c.id, c.name, c.phone, c.email, c.created_at, c.name_fold, count(*) over () as total
      from clients c
      where c.business_id = ${businessId} and c.search_text like ${likePattern(term)}
      order by c.name_fold, c.name, c.id
      limit ${window.limit} offset ${window.offset}`
    : sql`
      select c.id, c.name, c.phone, c.email, c.created_at, c.name_fold,
             (select t.clients from business_totals t where t.business_id = ${businessId}) as total
      from clients c
      where c.business_id = ${businessId}
      order by agenda_fold(c.name), c.name, c.id
      limit ${window.limit} offset ${window.offset}`;
  const rows = await conn.execute<T & { total: string | number | null }>(sql`
    with p as (${page})
    select ${columns}, p.total
    from p
    left join client_appointment_stats s on s.client_id = p.id
    order by p.name_fold, p.name, p.id`);
  const list = [...rows] as unknown as T[];
  const kept = rows[0]?.total;
  if (kept != null) return { rows: list, total: Number(kept) };
  // A page past the last match, or a business without its kept total: count them.
  const match = term ? sql`and c.search_text like ${likePattern(term)}` : sql``;
  const [count] = await conn.execute<{ n: string }>(sql`select count(*) as n from clients c where c.business_id = ${businessId} ${match}`);
  return { rows: list, total: Number(count.n) };
}

import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { containsFolded, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { SERVICES_PAGE_SIZE } from "./schemas";

export type ServiceRow = {
  id: string;
  name: string;
  description: string | null;
  durationMinutes: number | null;
  /** 'Ativo' / 'Inativo': an inactive one is offered for no new booking. */
  active: boolean;
  /** The lowest and highest price among the active professionals who offer it (null: none priced). */
  minPrice: string | null;
  maxPrice: string | null;
  /** Active professionals who offer it. */
  professionalCount: number;
};

/**
 * One page of the business's services, alphabetical (accents ignored), whose name contains `q`
 * (accents and case ignored; the trigram index services_search_name_idx answers), each with its
 * price range across the active professionals who offer it.
 */
export async function searchServices(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ServiceRow>> {
  const w = pageWindow(page, SERVICES_PAGE_SIZE);
  const text = q.trim();
  const match = text ? sql`and ${containsFolded(sql`s.name`, likePattern(foldText(text)))}` : sql``;
  const rows = await conn.execute<{
    id: string; name: string; description: string | null; duration_minutes: number | null; active: boolean; total: string;
    min_price: string | null; max_price: string | null; pros: string;
  }>(sql`
    with page as (
      select s.id, s.name, s.description, s.duration_minutes, s.active, count(*) over () as total
      from services s
      where s.business_id = ${businessId} ${match}
      order by agenda_fold(s.name), s.name, s.id
      limit ${w.limit} offset ${w.offset}
    )
    select p.*, r.min_price, r.max_price, r.pros
    from page p
    cross join lateral (
      select min(ps.price)::text as min_price, max(ps.price)::text as max_price, count(*) as pros
      from professional_services ps
      join professionals pr on pr.id = ps.professional_id and pr.active
      where ps.service_id = p.id
    ) r
    order by agenda_fold(p.name), p.name, p.id`);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && w.page > 1) {
    const [c] = await conn.execute<{ n: string }>(sql`select count(*) as n from services s where s.business_id = ${businessId} ${match}`);
    total = Number(c.n);
  }
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    durationMinutes: r.duration_minutes,
    active: r.active,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    professionalCount: Number(r.pros),
  }));
  return paged(items, total, w.page, SERVICES_PAGE_SIZE);
}

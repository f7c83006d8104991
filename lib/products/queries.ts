import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { ProductMovementKind } from "@/db/schema/products";
import { containsFolded, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { HISTORY_STEP, PRODUCTS_PAGE_SIZE } from "./schemas";

export type ProductRow = {
  id: string;
  name: string;
  /** Centavos. */
  priceCents: number;
  costCents: number | null;
  minStock: number | null;
  active: boolean;
  /** The sum of its movements. */
  stock: number;
  /** 'Estoque baixo': below its minimum. */
  low: boolean;
  /** How many movements it has: with any, a delete archives it instead. */
  movements: number;
};

/** Whether a stock is under the product's minimum ('Estoque baixo'). */
export const isLow = (stock: number, minStock: number | null) => minStock !== null && stock < minStock;

/**
 * One page of the business's products, alphabetical (accents ignored), whose name contains `q`
 * (accents and case ignored), each with its stock: the SQL sum of its movements.
 */
export async function searchProducts(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ProductRow>> {
  const w = pageWindow(page, PRODUCTS_PAGE_SIZE);
  const text = q.trim();
  const match = text ? sql`and ${containsFolded(sql`p.name`, likePattern(foldText(text)))}` : sql``;
  const rows = await conn.execute<{
    id: string; name: string; price_cents: number; cost_cents: number | null; min_stock: number | null; active: boolean;
    total: string; stock: string; movements: string;
  }>(sql`
    with page as (
      select p.id, p.name, p.price_cents, p.cost_cents, p.min_stock, p.active, count(*) over () as total
      from products p
      where p.business_id = ${businessId} ${match}
      order by agenda_fold(p.name), p.name, p.id
      limit ${w.limit} offset ${w.offset}
    )
    select page.*, m.stock, m.movements
    from page
    cross join lateral (
      select coalesce(sum(s.quantity), 0)::text as stock, count(*)::text as movements
      from product_stock_movements s where s.product_id = page.id
    ) m
    order by agenda_fold(page.name), page.name, page.id`);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && w.page > 1) {
    const [c] = await conn.execute<{ n: string }>(sql`select count(*) as n from products p where p.business_id = ${businessId} ${match}`);
    total = Number(c.n);
  }
  const items = rows.map((r): ProductRow => {
    const stock = Number(r.stock);
    return {
      id: r.id, name: r.name, priceCents: r.price_cents, costCents: r.cost_cents, minStock: r.min_stock, active: r.active,
      stock, low: isLow(stock, r.min_stock), movements: Number(r.movements),
    };
  });
  return paged(items, total, w.page, PRODUCTS_PAGE_SIZE);
}

/** A product's current stock: the sum of its ledger. */
export async function stockOf(conn: Conn, productId: string): Promise<number> {
  const [r] = await conn.execute<{ stock: string }>(sql`
    select coalesce(sum(quantity), 0)::text as stock from product_stock_movements where product_id = ${productId}`);
  return Number(r.stock);
}

export type StockMovement = {
  id: string;
  kind: ProductMovementKind;
  quantity: number;
  reason: string | null;
  /** ISO time. */
  createdAt: string;
  /** Who moved it: the name, else the e-mail; null once the account is removed. */
  by: string | null;
};

export type ProductHistory = {
  name: string; stock: number; minStock: number | null; low: boolean;
  /** The newest `shown` movements; `more`: there are older ones. */
  movements: StockMovement[]; more: boolean;
};

/** The product's stock and its newest `shown` movements (who, when, what, why); null: not a product of this business. */
export async function productHistory(businessId: string, productId: string, shown: number = HISTORY_STEP, conn: Conn = db): Promise<ProductHistory | null> {
  const [p] = await conn.execute<{ name: string; min_stock: number | null }>(sql`
    select name, min_stock from products where id = ${productId} and business_id = ${businessId}`);
  if (!p) return null;
  const rows = await conn.execute<{ id: string; kind: ProductMovementKind; quantity: number; reason: string | null; created_at: string; by: string | null }>(sql`
    select m.id, m.kind, m.quantity, m.reason, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           coalesce(nullif(btrim(u.full_name), ''), u.email) as by
      from product_stock_movements m
      left join users u on u.id = m.user_id
     where m.product_id = ${productId} and m.business_id = ${businessId}
     order by m.created_at desc, m.id desc
     limit ${shown + 1}`);
  const stock = await stockOf(conn, productId);
  return {
    name: p.name, stock, minStock: p.min_stock, low: isLow(stock, p.min_stock),
    movements: rows.slice(0, shown).map((r) => ({ id: r.id, kind: r.kind, quantity: r.quantity, reason: r.reason, createdAt: r.created_at, by: r.by })),
    more: rows.length > shown,
  };
}

import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { apportion } from "@/lib/comandas/rules/money";
import type { DiscountKind } from "@/db/schema";
import { discountFrom } from "@/lib/comandas/queries";
import { billFigures, cardFees, type PaymentMethod } from "@/lib/comandas/rules/totals";

/** A closed comanda's line as the bill's rules figure it: its net and its share of the card fees. */
export type LineFigure = { comandaId: string; kind: "service" | "product"; professionalId: string | null; net: number; cardFee: number };

const discountOf = (kind: string | null, value: number | null) => discountFrom(kind as DiscountKind | null, value);

/**
 * Every line of these comandas with its net (the client's price after both discounts) and its share
 * of the card fees, by the same rules that wrote the commissions at the close (lib/comandas/rules:
 * `billFigures`, the fees of the close's payments apportioned over the nets, as `commissionEntries`
 * does), so the rounding is the one of money.ts. Keyed by the line's id.
 */
export async function comandaLineFigures(businessId: string, comandaIds: readonly string[] | SQL, conn: Conn = db): Promise<Map<string, LineFigure>> {
  const out = new Map<string, LineFigure>();
  if (Array.isArray(comandaIds) && comandaIds.length === 0) return out;
  // The comandas: their ids, or a query of them (`select id …`), so a report reads them in one round trip.
  const ids = Array.isArray(comandaIds) ? sql`any(${`{${comandaIds.join(",")}}`}::uuid[])` : sql`any(array(${comandaIds as SQL}))`;
  const [lines, comandas, payments] = await Promise.all([
    conn.execute<{ id: string; comanda_id: string; kind: "service" | "product"; professional_id: string | null; quantity: number; unit_cents: number; discount_kind: string | null; discount_value: number | null; item: string | null }>(sql`
      select id, comanda_id, kind, professional_id, quantity, unit_cents, discount_kind, discount_value, coalesce(service_id, product_id)::text as item
      from comanda_lines where business_id = ${businessId} and comanda_id = ${ids} order by comanda_id, position`),
    conn.execute<{ id: string; discount_kind: string | null; discount_value: number | null }>(sql`
      select id, discount_kind, discount_value from comandas where business_id = ${businessId} and id = ${ids}`),
    conn.execute<{ comanda_id: string; method: PaymentMethod; cents: number; fee_rate: number }>(sql`
      select comanda_id, method, cents, fee_rate from comanda_payments
      where business_id = ${businessId} and comanda_id = ${ids} and reversal = 0`),
  ]);
  const byComanda = <T extends { comanda_id: string }>(rows: readonly T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) (m.get(r.comanda_id) ?? m.set(r.comanda_id, []).get(r.comanda_id)!).push(r);
    return m;
  };
  const linesOf = byComanda(lines);
  const paymentsOf = byComanda(payments);
  for (const c of comandas) {
    const own = linesOf.get(c.id) ?? [];
    if (own.length === 0) continue;
    const figures = billFigures({
      lines: own.map((l) => ({ kind: l.kind, itemId: l.item ?? "", professionalId: l.professional_id, quantity: l.quantity, unitCents: l.unit_cents, discount: discountOf(l.discount_kind, l.discount_value) })),
      discount: discountOf(c.discount_kind, c.discount_value),
    });
    const nets = figures.lines.map((l) => l.net);
    const paid = (paymentsOf.get(c.id) ?? []).map((p) => ({ method: p.method, cents: p.cents, feeRate: p.fee_rate }));
    const fees = apportion(Math.min(cardFees(paid), nets.reduce((a, b) => a + b, 0)), nets);
    own.forEach((l, i) => out.set(l.id, { comandaId: c.id, kind: l.kind, professionalId: l.professional_id, net: nets[i], cardFee: fees[i] }));
  }
  return out;
}

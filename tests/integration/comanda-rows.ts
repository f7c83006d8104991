/**
 * Closed and reversed comandas for the statements' and the closing report's tests, written as rows
 * (issue 53: until lib/comandas closes comandas, this is the one place that does it by hand; swap
 * these two functions for the real close and 'Estornar' and every caller follows). The figures are
 * the bill's own rules (billFigures, commissionEntries, reversalOf), so the rows are what a close writes.
 */
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { comandaLines, comandaPayments, comandas, comandaTips, commissionEntries, products, type ComandaPaymentMethod } from "@/db/schema";
import { commissionEntries as entriesOf, reversalOf, type CommissionRule } from "@/lib/comandas/rules/commissions";
import { billFigures, type Discount } from "@/lib/comandas/rules/totals";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { uniq } from "./fixtures";

export type SaleLine = {
  kind: "service" | "product";
  name: string;
  professionalId: string | null;
  quantity?: number;
  unitCents: number;
  discount?: Discount | null;
};

export type Sale = {
  businessId: string;
  userId?: string | null;
  /** The business day of the close, and its hour (default 15:00). */
  closedOn: string;
  at?: string;
  lines: SaleLine[];
  discount?: Discount | null;
  tips?: { professionalId: string; cents: number }[];
  payments: { method: ComandaPaymentMethod; cents: number; feeRate?: number }[];
  /** The professionals' rules in force at the close. */
  rules?: Record<string, CommissionRule>;
};

const discountColumns = (d: Discount | null | undefined) =>
  d ? { discountKind: d.kind, discountValue: d.kind === "amount" ? d.cents : d.rate } : { discountKind: null, discountValue: null };

/** A product of the business for a product line (the line needs one). */
async function productFor(businessId: string, name: string, priceCents: number) {
  const [p] = await db.insert(products).values({ businessId, name: `${name} ${uniq()}`, priceCents }).returning({ id: products.id });
  return p.id;
}

/** A comanda closed as lib/comandas closes one: its lines, tips, payments and commission entries. */
export async function closedComanda(sale: Sale): Promise<{ id: string; totalCents: number }> {
  const figures = billFigures({ lines: sale.lines.map((l) => ({ ...l, itemId: l.name, quantity: l.quantity ?? 1 })), discount: sale.discount, tips: sale.tips });
  const paid = sale.payments.reduce((a, p) => a + p.cents, 0);
  if (paid !== figures.total) throw new Error(`closedComanda: payments ${paid} ≠ total ${figures.total}`);
  return db.transaction(async (tx) => {
    const [c] = await tx.insert(comandas).values({ businessId: sale.businessId, ...discountColumns(sale.discount), openedBy: sale.userId ?? null }).returning({ id: comandas.id });
    const lineIds: string[] = [];
    for (const [position, l] of sale.lines.entries()) {
      const productId = l.kind === "product" ? await productFor(sale.businessId, l.name, l.unitCents) : null;
      const [row] = await tx
        .insert(comandaLines)
        .values({ businessId: sale.businessId, comandaId: c.id, position, kind: l.kind, productId, name: l.name, professionalId: l.professionalId, quantity: l.quantity ?? 1, unitCents: l.unitCents, ...discountColumns(l.discount) })
        .returning({ id: comandaLines.id });
      lineIds.push(row.id);
    }
    if (sale.tips?.length) await tx.insert(comandaTips).values(sale.tips.map((t) => ({ businessId: sale.businessId, comandaId: c.id, ...t })));
    const closedAt = businessDateTimeToInstant(sale.closedOn, sale.at ?? "15:00");
    await tx.update(comandas).set({ status: "closed", closedAt, closedOn: sale.closedOn, closedBy: sale.userId ?? null, totalCents: figures.total }).where(eq(comandas.id, c.id));
    await tx.insert(comandaPayments).values(sale.payments.map((p) => ({ businessId: sale.businessId, comandaId: c.id, method: p.method, cents: p.cents, feeRate: p.feeRate ?? 0, userId: sale.userId ?? null, createdAt: closedAt })));
    const entries = entriesOf(
      { lines: sale.lines.map((l) => ({ ...l, itemId: l.name, quantity: l.quantity ?? 1 })), discount: sale.discount, tips: sale.tips },
      sale.payments.map((p) => ({ method: p.method, cents: p.cents, feeRate: p.feeRate })),
      sale.rules ?? {},
    );
    if (entries.length) {
      await tx.insert(commissionEntries).values(entries.map((e) => ({
        businessId: sale.businessId, professionalId: e.professionalId, comandaId: c.id, lineId: e.line === null ? null : lineIds[e.line],
        kind: e.kind, occurredOn: sale.closedOn, description: e.line === null ? "Gorjeta" : sale.lines[e.line].name, baseCents: e.baseCents,
        rateKind: e.rate?.kind ?? null, rateValue: e.rate ? (e.rate.kind === "percent" ? e.rate.rate : e.rate.cents) : null,
        cents: e.cents, userId: sale.userId ?? null, createdAt: closedAt,
      })));
    }
    return { id: c.id, totalCents: figures.total };
  });
}

/** 'Estornar' as lib/comandas does it: the comanda reversed on `day`, its payments and entries negated on that day. */
export async function reverseComanda(businessId: string, comandaId: string, day: string, opts: { userId?: string | null; at?: string; reason?: string } = {}) {
  const at = businessDateTimeToInstant(day, opts.at ?? "18:00");
  await db.transaction(async (tx) => {
    await tx.update(comandas).set({ status: "reversed", reversedAt: at, reversedBy: opts.userId ?? null, reversalReason: opts.reason ?? "Cobrança errada" }).where(and(eq(comandas.id, comandaId), eq(comandas.businessId, businessId)));
    const payments = await tx.select().from(comandaPayments).where(and(eq(comandaPayments.comandaId, comandaId), eq(comandaPayments.reversal, 0)));
    await tx.insert(comandaPayments).values(payments.map((p) => ({ businessId, comandaId, method: p.method, cents: -p.cents, reversal: 1, cardBrand: p.cardBrand, instalments: p.instalments, feeRate: p.feeRate, userId: opts.userId ?? null, createdAt: at })));
    const entries = await tx.select().from(commissionEntries).where(and(eq(commissionEntries.comandaId, comandaId), eq(commissionEntries.reversal, 0)));
    const negated = reversalOf(entries.map((e) => ({ kind: e.kind as "service", professionalId: e.professionalId, line: null, baseCents: e.baseCents, rate: null, cents: e.cents })));
    if (entries.length) {
      await tx.insert(commissionEntries).values(entries.map((e, i) => ({
        businessId, professionalId: e.professionalId, comandaId, lineId: e.lineId, kind: e.kind, occurredOn: day,
        description: `Estorno: ${e.description}`, baseCents: negated[i].baseCents, rateKind: e.rateKind, rateValue: e.rateValue,
        cents: negated[i].cents, reversal: 1, userId: opts.userId ?? null, createdAt: at,
      })));
    }
  });
}

/** A vale written as a row (the action is tested on its own). */
export async function advanceRow(businessId: string, professionalId: string, day: string, cents: number) {
  await db.execute(sql`insert into commission_entries (business_id, professional_id, kind, occurred_on, description, base_cents, cents)
    values (${businessId}, ${professionalId}, 'advance', ${day}::date, 'Vale', ${-cents}, ${-cents})`);
}

/** The barbershop visit: Corte R$ 50 + Barba R$ 30 and a Pomada R$ 45 by one professional, R$ 60 by Pix and R$ 70 in cash with R$ 5 kept as the tip. */
export function barberVisit(businessId: string, professionalId: string, closedOn: string, rules: Sale["rules"], userId: string | null = null): Sale {
  return {
    businessId, userId, closedOn, rules,
    lines: [
      { kind: "service", name: "Corte", professionalId, unitCents: 5000 },
      { kind: "service", name: "Barba", professionalId, unitCents: 3000 },
      { kind: "product", name: "Pomada", professionalId, unitCents: 4500 },
    ],
    tips: [{ professionalId, cents: 500 }],
    payments: [{ method: "pix", cents: 6000 }, { method: "cash", cents: 7000 }],
  };
}

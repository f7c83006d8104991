import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { products, productStockMovements, type ProductMovementKind } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { changeList, withChanges, type FieldLabels } from "@/lib/audit/describe";
import { formatCents } from "@/lib/core/format/money";
import { stockOf } from "./queries";
import { insufficientText, MOVEMENT_KIND_LABELS, PRODUCT_MESSAGES as MSG, signedQuantity } from "./messages";
import type { productFieldsSchema, StockMove } from "./schemas";

type Fields = z.output<typeof productFieldsSchema>;
type Snapshot = { name: string; priceCents: number; costCents: number | null; minStock: number | null; active: boolean };

const snapshot = (p: Snapshot): Snapshot => ({ name: p.name, priceCents: p.priceCents, costCents: p.costCents, minStock: p.minStock, active: p.active });

const LABELS: FieldLabels<Snapshot> = {
  name: { label: "nome" },
  priceCents: { label: "preço", show: formatCents },
  costCents: { label: "custo", show: (c) => formatCents(c ?? 0) },
  minStock: { label: "estoque mínimo", show: String },
  active: { label: "status", show: (a) => (a ? "Ativo" : "Inativo") },
};

const columns = (f: Fields) => ({ name: f.name, priceCents: f.price, costCents: f.cost, minStock: f.minStock });

export async function createProduct({ ctx, tx, audit }: Write, f: Fields): Promise<ActionResult<{ id: string }>> {
  const [row] = await tx.insert(products).values({ businessId: ctx.businessId, ...columns(f), active: f.active ?? true }).returning();
  await audit({ action: "CREATE", entity: "product", entityId: row.id, description: `Produto "${row.name}" criado`, newValues: snapshot(row) });
  return ok({ id: row.id });
}

/**
 * Locks the business's product row; null when the id is not a product of this business. Every
 * change of a product and every movement of its stock takes this lock first, so a movement's
 * check of the stock and its insert are one step for any other writer of the same product.
 */
async function lockProduct({ ctx, tx }: Write, id: string) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.businessId, ctx.businessId)))
    .for("update");
  return row ?? null;
}

export async function updateProduct(w: Write, id: string, f: Fields): Promise<ActionResult> {
  const before = await lockProduct(w, id);
  if (!before) return fail(MSG.saveError, MSG.notFound);
  const [after] = await w.tx
    .update(products)
    .set({ ...columns(f), active: f.active ?? before.active, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  await w.audit({
    action: "UPDATE", entity: "product", entityId: id,
    description: withChanges(`Produto "${after.name}" atualizado`, changeList(LABELS, snapshot(before), snapshot(after))),
    oldValues: snapshot(before), newValues: snapshot(after),
  });
  return ok();
}

/** 'Ativo' / 'Inativo'; setting what it already is writes nothing. */
export async function setProductActive(w: Write, id: string, active: boolean): Promise<ActionResult> {
  const before = await lockProduct(w, id);
  if (!before) return fail(MSG.saveError, MSG.notFound);
  if (before.active === active) return ok();
  const [after] = await w.tx.update(products).set({ active, updatedAt: new Date() }).where(eq(products.id, id)).returning();
  await w.audit({
    action: "UPDATE", entity: "product", entityId: id,
    description: `Produto "${after.name}" ${active ? "ativado" : "desativado"}`,
    oldValues: snapshot(before), newValues: snapshot(after),
  });
  return ok();
}

/**
 * 'Excluir': a product with no movement is deleted; one with any is archived instead (made
 * inactive, its ledger kept: movements are never deleted), and the answer says so (`archived`).
 */
export async function deleteProduct(w: Write, id: string): Promise<ActionResult<{ archived: boolean }>> {
  const before = await lockProduct(w, id);
  if (!before) return fail(MSG.deleteError, MSG.notFound);
  const [{ n }] = await w.tx.execute<{ n: number }>(sql`
    select count(*)::int as n from product_stock_movements where business_id = ${w.ctx.businessId} and product_id = ${id}`);
  if (n > 0) {
    if (before.active) {
      const [after] = await w.tx.update(products).set({ active: false, updatedAt: new Date() }).where(eq(products.id, id)).returning();
      await w.audit({
        action: "UPDATE", entity: "product", entityId: id,
        description: `Produto "${after.name}" arquivado em vez de excluído (tem movimentos de estoque)`,
        oldValues: snapshot(before), newValues: snapshot(after),
      });
    }
    return ok({ archived: true });
  }
  await w.tx.delete(products).where(eq(products.id, id));
  await w.audit({ action: "DELETE", entity: "product", entityId: id, description: `Produto "${before.name}" excluído`, oldValues: snapshot(before) });
  return ok({ archived: false });
}

export type Movement = { kind: ProductMovementKind; quantity: number; reason: string | null };

/**
 * Writes one movement of the product's ledger, under the product's row lock, with its audit row:
 * the one way stock changes (the 'Movimentar estoque' dialog here; the comanda's sales and
 * reversals later, in their own transaction). A movement that would leave the stock below zero is
 * refused ('Estoque insuficiente: há N unidades.'): the stock read and the insert happen while
 * the lock holds, so concurrent movements of one product are checked one after the other.
 */
export async function recordMovement(w: Write, productId: string, m: Movement, error: string = MSG.moveError): Promise<ActionResult<{ stock: number }>> {
  const product = await lockProduct(w, productId);
  if (!product) return fail(error, MSG.notFound);
  return insertMovement(w, product, await stockOf(w.tx, productId), m, error);
}

async function insertMovement(
  w: Write, product: { id: string; name: string }, before: number, m: Movement, error: string,
): Promise<ActionResult<{ stock: number }>> {
  const after = before + m.quantity;
  if (after < 0) return fail(error, insufficientText(before));
  await w.tx.insert(productStockMovements).values({
    businessId: w.ctx.businessId, productId: product.id, kind: m.kind, quantity: m.quantity, reason: m.reason, userId: w.ctx.userId,
  });
  await w.audit({
    action: "UPDATE", entity: "product", entityId: product.id,
    description: `Estoque de "${product.name}": ${MOVEMENT_KIND_LABELS[m.kind].toLowerCase()} ${signedQuantity(m.quantity)}${m.reason ? ` (${m.reason})` : ""}; estoque ${before} → ${after}`,
    oldValues: { stock: before },
    newValues: { stock: after, movement: m },
  });
  return ok({ stock: after });
}

/**
 * 'Movimentar estoque': an 'Entrada (compra)' or an 'Ajuste' as typed, or a 'Contagem': the units
 * counted, whose difference from the stock (read under the lock) is the adjustment written.
 */
export async function moveStock(w: Write, move: StockMove): Promise<ActionResult<{ stock: number }>> {
  const product = await lockProduct(w, move.productId);
  if (!product) return fail(MSG.moveError, MSG.notFound);
  const stock = await stockOf(w.tx, product.id);
  if (move.type === "count") {
    const delta = move.counted - stock;
    if (delta === 0) return fail(MSG.moveError, MSG.countUnchanged);
    return insertMovement(w, product, stock, { kind: "adjustment", quantity: delta, reason: move.reason }, MSG.moveError);
  }
  return insertMovement(w, product, stock, { kind: move.type, quantity: move.quantity, reason: move.reason }, MSG.moveError);
}

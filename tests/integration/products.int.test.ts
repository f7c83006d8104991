import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, businesses, products, productStockMovements, users } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import {
  createProductAction, deleteProductAction, moveStockAction, setProductActiveAction, updateProductAction,
} from "@/lib/products/actions";
import { insufficientText, PRODUCT_MESSAGES as MSG } from "@/lib/products/messages";
import { productHistory, searchProducts, stockOf } from "@/lib/products/queries";
import { productHistoryRead } from "@/lib/products/reads";
import { actAs, readAs } from "./act-as";
import { addBusinessRole, createBusiness, createUser, pgCode, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const productById = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0];
const auditsOf = (entityId: string) => db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);
const ledgerOf = (productId: string) =>
  db.select().from(productStockMovements).where(eq(productStockMovements.productId, productId)).orderBy(productStockMovements.createdAt);

describe("products", () => {
  let owner: { id: string; fullName: string | null };
  let employee: { id: string };
  let business: { id: string };
  let otherOwner: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    owner = await createUser({ fullName: `Dona ${uniq()}` });
    employee = await createUser();
    otherOwner = await createUser();
    business = await createBusiness(owner.id);
    other = await createBusiness(otherOwner.id);
    await addBusinessRole(employee.id, business.id, "employee");
  });

  async function newProduct(fields: Record<string, unknown> = {}, businessId = business.id) {
    const r = await createProductAction({ businessId, name: `Pomada ${uniq()}`, price: "45,00", ...fields } as never);
    expect(r).toMatchObject({ ok: true });
    return (r as { id: string }).id;
  }
  const move = (productId: string, type: string, quantity: unknown, reason?: string, businessId = business.id) =>
    moveStockAction({ businessId, productId, type, quantity, reason } as never);

  test("create: centavos from the typed amounts, empty cost and minimum as null, one audit row; the name is one per business, case ignored", async () => {
    await actAs(owner.id);
    const name = `Pomada modeladora ${uniq()}`;
    const r = await createProductAction({ businessId: business.id, name: `  ${name} `, price: "1.234,5", cost: "", minStock: "" });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    expect(await productById(id)).toMatchObject({ businessId: business.id, name, priceCents: 123450, costCents: null, minStock: null, active: true });
    expect(await auditsOf(id)).toMatchObject([
      {
        businessId: business.id, userId: owner.id, actionType: "CREATE", entityType: "product", description: `Produto "${name}" criado`,
        newValues: { name, priceCents: 123450, costCents: null, minStock: null, active: true },
      },
    ]);
    expect(await createProductAction({ businessId: business.id, name: name.toUpperCase(), price: "10" })).toEqual({
      ok: false, error: MSG.saveError, description: MSG.nameTaken,
    });
    // Another business may have the same name.
    await actAs(otherOwner.id);
    expect(await createProductAction({ businessId: other.id, name, price: "10" })).toMatchObject({ ok: true });
  });

  test("validation: Portuguese messages per field, nothing written", async () => {
    await actAs(owner.id);
    expect(await createProductAction({ businessId: business.id, name: " ", price: "", cost: "4,555", minStock: "-1" })).toEqual({
      ok: false, error: MSG.saveError, description: MSG.nameRequired,
      fieldErrors: { name: MSG.nameRequired, price: MSG.priceRequired, cost: MSG.amountInvalid, minStock: MSG.minStockWhole },
    });
    expect(await createProductAction({ businessId: business.id, name: "Caro", price: "99999999" })).toMatchObject({ ok: false, fieldErrors: { price: MSG.amountTooLarge } });
    expect(await db.select().from(products).where(eq(products.businessId, business.id))).toHaveLength(0);
  });

  test("owner only: an employee of the business is refused every action, nothing written", async () => {
    await actAs(owner.id);
    const id = await newProduct();
    await actAs(employee.id);
    const refused = { ok: false, description: ACCESS.forbidden };
    expect(await createProductAction({ businessId: business.id, name: "Do funcionário", price: "1" })).toMatchObject(refused);
    expect(await updateProductAction({ businessId: business.id, id, name: "Alterado", price: "1" })).toMatchObject(refused);
    expect(await setProductActiveAction({ businessId: business.id, id, active: false })).toMatchObject(refused);
    expect(await deleteProductAction({ businessId: business.id, id })).toMatchObject(refused);
    expect(await move(id, "purchase", "3")).toMatchObject(refused);
    expect((await readAs(productHistoryRead, { businessId: business.id, productId: id })).status).toBe(403);
    expect(await ledgerOf(id)).toHaveLength(0);
    expect(await auditsOf(id)).toHaveLength(1);
  });

  test("update and setActive: the changes named in the audit row, in reais", async () => {
    await actAs(owner.id);
    const id = await newProduct({ name: "Shampoo", cost: "20" });
    expect(await updateProductAction({ businessId: business.id, id, name: "Shampoo anticaspa", price: "49,90", cost: "", minStock: "3" })).toEqual({ ok: true });
    expect(await setProductActiveAction({ businessId: business.id, id, active: false })).toEqual({ ok: true });
    expect(await setProductActiveAction({ businessId: business.id, id, active: false })).toEqual({ ok: true });
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.description)).toEqual([
      'Produto "Shampoo" criado',
      'Produto "Shampoo anticaspa" atualizado (nome: "Shampoo" → "Shampoo anticaspa"; preço: R$ 45,00 → R$ 49,90; custo: R$ 20,00 → vazio; estoque mínimo: vazio → 3)',
      'Produto "Shampoo anticaspa" desativado',
    ]);
    expect(audits[1]).toMatchObject({ oldValues: { priceCents: 4500, costCents: 2000, minStock: null }, newValues: { priceCents: 4990, costCents: null, minStock: 3 } });
    expect(await productById(id)).toMatchObject({ active: false, priceCents: 4990 });
  });

  test("the ledger: an entry, an adjustment with its reason, a count; the stock is their sum, 'Estoque baixo' under the minimum, each with who and an audit row", async () => {
    await actAs(owner.id);
    const id = await newProduct({ minStock: "6" });
    expect(await move(id, "purchase", "10", "")).toMatchObject({ ok: true, stock: 10 });
    expect(await move(id, "adjustment", "-3", "Caiu no chão")).toMatchObject({ ok: true, stock: 7 });
    expect(await move(id, "count", "5", "Contagem de novembro")).toMatchObject({ ok: true, stock: 5 });
    expect((await ledgerOf(id)).map((m) => [m.kind, m.quantity, m.reason, m.userId])).toEqual([
      ["purchase", 10, null, owner.id],
      ["adjustment", -3, "Caiu no chão", owner.id],
      ["adjustment", -2, "Contagem de novembro", owner.id],
    ]);
    expect(await stockOf(db, id)).toBe(5);
    const [row] = (await searchProducts(business.id, "", 1)).items;
    expect(row).toMatchObject({ id, stock: 5, minStock: 6, low: true, movements: 3 });
    // The history read: newest first, with who.
    const read = await readAs(productHistoryRead, { businessId: business.id, productId: id });
    expect(read.status).toBe(200);
    const history = (read.body as { history: Awaited<ReturnType<typeof productHistory>> }).history!;
    expect(history).toMatchObject({ stock: 5, minStock: 6, low: true });
    expect(history.movements.map((m) => [m.kind, m.quantity, m.by])).toEqual([
      ["adjustment", -2, owner.fullName], ["adjustment", -3, owner.fullName], ["purchase", 10, owner.fullName],
    ]);
    expect(history.more).toBe(false);
    // 'Ver movimentos anteriores': the newest `shown`, and whether there are older ones.
    const newest = (await readAs(productHistoryRead, { businessId: business.id, productId: id, shown: "2" })).body as { history: { movements: unknown[]; more: boolean } };
    expect(newest.history.movements).toHaveLength(2);
    expect(newest.history.more).toBe(true);
    expect((await readAs(productHistoryRead, { businessId: business.id, productId: id, shown: "0" })).status).toBe(400);
    const stockAudits = (await auditsOf(id)).filter((a) => a.description.startsWith("Estoque"));
    expect(stockAudits.map((a) => [a.actionType, a.entityType, a.description])).toEqual([
      ["UPDATE", "product", expect.stringMatching(/: entrada \(compra\) \+10; estoque 0 → 10$/)],
      ["UPDATE", "product", expect.stringMatching(/: ajuste -3 \(Caiu no chão\); estoque 10 → 7$/)],
      ["UPDATE", "product", expect.stringMatching(/: ajuste -2 \(Contagem de novembro\); estoque 7 → 5$/)],
    ]);
    expect(stockAudits[2]).toMatchObject({ oldValues: { stock: 7 }, newValues: { stock: 5, movement: { kind: "adjustment", quantity: -2, reason: "Contagem de novembro" } } });
    // Back above the minimum: no longer low.
    await move(id, "purchase", 1);
    expect((await searchProducts(business.id, "", 1)).items[0]).toMatchObject({ stock: 6, low: false });
  });

  test("movement refusals: below zero ('Estoque insuficiente'), a reason for adjustments and counts, whole non-zero units, a count that changes nothing", async () => {
    await actAs(owner.id);
    const id = await newProduct();
    await move(id, "purchase", "2");
    expect(await move(id, "adjustment", "-3", "Quebra")).toEqual({ ok: false, error: MSG.moveError, description: insufficientText(2) });
    expect(insufficientText(2)).toBe("Estoque insuficiente: há 2 unidades.");
    expect(insufficientText(1)).toBe("Estoque insuficiente: há 1 unidade.");
    expect(await move(id, "adjustment", "-1", " ")).toMatchObject({ ok: false, fieldErrors: { reason: MSG.reasonRequired } });
    expect(await move(id, "count", "1")).toMatchObject({ ok: false, fieldErrors: { reason: MSG.reasonRequired } });
    expect(await move(id, "count", "-1", "x")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.countedWhole } });
    expect(await move(id, "purchase", "0")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.quantityPositive } });
    expect(await move(id, "purchase", "-4")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.quantityPositive } });
    expect(await move(id, "adjustment", "0", "x")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.quantityNonZero } });
    expect(await move(id, "purchase", "1,5")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.quantityWhole } });
    expect(await move(id, "purchase", "100001")).toMatchObject({ ok: false, fieldErrors: { quantity: MSG.quantityTooLarge } });
    expect(await move(id, "count", "2", "Conferido")).toEqual({ ok: false, error: MSG.moveError, description: MSG.countUnchanged });
    expect(await move(id, "count", "0", "Vencidos")).toMatchObject({ ok: true, stock: 0 });
    expect((await ledgerOf(id)).map((m) => m.quantity)).toEqual([2, -2]);
  });

  test("40 movements at once on one product: the stock never goes below zero, each refusal names what there is", async () => {
    await actAs(owner.id);
    const id = await newProduct();
    await move(id, "purchase", "15");
    // 30 takes of one unit and 10 entries of one unit, all at once: each is checked under the row lock.
    const calls = Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? move(id, "purchase", "1") : move(id, "adjustment", "-1", `Perda ${i}`)));
    const results = await Promise.all(calls);
    const refused = results.filter((r) => !r.ok);
    const takes = results.filter((r, i) => r.ok && i % 4 !== 3).length;
    expect(results.filter((r, i) => r.ok && i % 4 === 3)).toHaveLength(10);
    // 15 + 10 units for 30 takes: at most 25 go through. A take that comes while the stock is at
    // zero is refused even if an entry arrives after it, so the stock may end above zero: whatever
    // was not taken is still there, and every refusal found none.
    const stock = await stockOf(db, id);
    expect(takes).toBeLessThanOrEqual(25);
    expect(takes).toBe(25 - stock);
    expect(refused).toHaveLength(30 - takes);
    for (const r of refused) expect(r).toEqual({ ok: false, error: MSG.moveError, description: insufficientText(0) });
    // (No running sum by created_at: it is each transaction's start, not its commit, so a take that
    // waited on the lock sorts before the entry that let it through.)
    expect(await ledgerOf(id)).toHaveLength(1 + 10 + takes);
    // One audit row per movement written, none for a refusal.
    expect((await auditsOf(id)).filter((a) => a.description.startsWith("Estoque"))).toHaveLength(1 + 10 + takes);
  });

  test("40 counts at once: each adjustment is computed under the lock, so the stock ends at the count", async () => {
    await actAs(owner.id);
    const id = await newProduct();
    await move(id, "purchase", "3");
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => move(id, "count", "8", `Contagem ${i}`)));
    // The first count adjusts 3 → 8; every later one finds 8 already.
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.description === MSG.countUnchanged)).toBe(true);
    expect(await stockOf(db, id)).toBe(8);
    expect((await ledgerOf(id)).map((m) => m.quantity)).toEqual([3, 5]);
  });

  test("delete: a product with no movement is deleted; one with movements is archived instead, its ledger kept", async () => {
    await actAs(owner.id);
    const bare = await newProduct({ name: "Sem estoque" });
    expect(await deleteProductAction({ businessId: business.id, id: bare })).toEqual({ ok: true, archived: false });
    expect(await productById(bare)).toBeUndefined();
    expect(await auditsOf(bare)).toMatchObject([{ actionType: "CREATE" }, { actionType: "DELETE", description: 'Produto "Sem estoque" excluído' }]);

    const used = await newProduct({ name: "Com estoque" });
    await move(used, "purchase", "4");
    expect(await deleteProductAction({ businessId: business.id, id: used })).toEqual({ ok: true, archived: true });
    expect(await productById(used)).toMatchObject({ active: false });
    expect(await ledgerOf(used)).toHaveLength(1);
    expect((await auditsOf(used)).at(-1)).toMatchObject({
      actionType: "UPDATE", description: 'Produto "Com estoque" arquivado em vez de excluído (tem movimentos de estoque)', newValues: { active: false },
    });
    // Archived already: nothing more is written.
    expect(await deleteProductAction({ businessId: business.id, id: used })).toEqual({ ok: true, archived: true });
    expect(await auditsOf(used)).toHaveLength(3);
  });

  test("the database keeps the ledger: no update, no delete, no product delete under it; a purchase can't be negative; a removed account only loses its name; the business's deletion takes it all", async () => {
    await actAs(owner.id);
    const id = await newProduct();
    await move(id, "purchase", "4");
    const refusedBy = async (q: Promise<unknown>) => pgCode(await q.then(() => null, (e) => e));
    expect(await refusedBy(db.update(productStockMovements).set({ quantity: 40 }).where(eq(productStockMovements.productId, id)))).toBe("23001");
    expect(await refusedBy(db.delete(productStockMovements).where(eq(productStockMovements.productId, id)))).toBe("23001");
    expect(await refusedBy(db.delete(products).where(eq(products.id, id)))).toBe("23001");
    expect(await refusedBy(db.insert(productStockMovements).values({ businessId: business.id, productId: id, kind: "purchase", quantity: -1 }))).toBe("23514");
    expect(await refusedBy(db.insert(productStockMovements).values({ businessId: business.id, productId: id, kind: "adjustment", quantity: -1, reason: " " }))).toBe("23514");
    // A product of another business can't be named under this one (the composite key).
    await actAs(otherOwner.id);
    const foreign = await newProduct({}, other.id);
    expect(await refusedBy(db.insert(productStockMovements).values({ businessId: business.id, productId: foreign, kind: "purchase", quantity: 1 }))).toBe("23503");

    // An account removed: its movements stay, without the name.
    const clerk = await createUser();
    await db.insert(productStockMovements).values({ businessId: business.id, productId: id, kind: "purchase", quantity: 1, userId: clerk.id });
    await db.delete(users).where(eq(users.id, clerk.id));
    expect((await ledgerOf(id)).map((m) => [m.quantity, m.userId])).toEqual([[4, owner.id], [1, null]]);
    expect((await productHistory(business.id, id))!.movements[0]).toMatchObject({ quantity: 1, by: null });

    await db.delete(businesses).where(eq(businesses.id, business.id));
    expect(await ledgerOf(id)).toHaveLength(0);
    expect(await productById(id)).toBeUndefined();
  });

  test("another business's product through every action and the history read: refused, nothing changed", async () => {
    await actAs(otherOwner.id);
    const foreign = await newProduct({ name: `Do vizinho ${uniq()}` }, other.id);
    await move(foreign, "purchase", "5", undefined, other.id);
    const before = { product: await productById(foreign), ledger: await ledgerOf(foreign), audits: await auditsOf(foreign) };

    await actAs(owner.id);
    // Under the caller's own business: not found there.
    expect(await updateProductAction({ businessId: business.id, id: foreign, name: "Invadido", price: "1" })).toEqual({ ok: false, error: MSG.saveError, description: MSG.notFound });
    expect(await setProductActiveAction({ businessId: business.id, id: foreign, active: false })).toEqual({ ok: false, error: MSG.saveError, description: MSG.notFound });
    expect(await deleteProductAction({ businessId: business.id, id: foreign })).toEqual({ ok: false, error: MSG.deleteError, description: MSG.notFound });
    for (const [type, q, reason] of [["purchase", "1", undefined], ["adjustment", "-5", "x"], ["count", "0", "x"]] as const) {
      expect(await move(foreign, type, q, reason)).toEqual({ ok: false, error: MSG.moveError, description: MSG.notFound });
    }
    expect(await readAs(productHistoryRead, { businessId: business.id, productId: foreign })).toEqual({ status: 200, body: { history: null } });
    // Under the other business: not a member.
    expect(await updateProductAction({ businessId: other.id, id: foreign, name: "Invadido", price: "1" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await deleteProductAction({ businessId: other.id, id: foreign })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await move(foreign, "adjustment", "-5", "x", other.id)).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect((await readAs(productHistoryRead, { businessId: other.id, productId: foreign })).status).toBe(403);
    expect((await searchProducts(business.id, "vizinho", 1)).items).toHaveLength(0);

    expect({ product: await productById(foreign), ledger: await ledgerOf(foreign), audits: await auditsOf(foreign) }).toEqual(before);
    expect(await db.select().from(auditLogs).where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.entityType, "product")))).toHaveLength(0);
  });
});

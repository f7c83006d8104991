/**
 * Issue 53, the cash register ('Caixa'): one open register per business, opened by an owner with a
 * float; 'Sangria' and 'Suprimento' with a reason, never more cash out than there is; closed once by
 * counting per method, with what the ledger expected beside it; the ledger's rows and a closed
 * register are final in the database itself; each change one audit row in its transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, cashMovements, cashRegisterCounts, cashRegisters } from "@/db/schema";
import { addCashMovementAction, closeCashRegisterAction, openCashRegisterAction } from "@/lib/cash-register/actions";
import { CASH_MESSAGES as M } from "@/lib/cash-register/messages";
import { openRegister } from "@/lib/cash-register/queries";
import { actAs } from "./act-as";
import { createTeam } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const salon = createTeam;

async function opened(s: Awaited<ReturnType<typeof salon>>, float = "100,00") {
  await actAs(s.owner.id);
  const r = await openCashRegisterAction({ businessId: s.business.id, float });
  expect(r).toMatchObject({ ok: true });
  return (r as { id: string }).id;
}

const audits = (businessId: string) =>
  db.select().from(auditLogs).where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.entityType, "cash_register"))).orderBy(auditLogs.createdAt);

describe("opening", () => {
  test("an owner opens with a float: the ledger's first cash row; an employee may not open", async () => {
    const s = await salon();
    await actAs(s.employee.id);
    expect(await openCashRegisterAction({ businessId: s.business.id, float: "50" })).toMatchObject({ ok: false });
    const id = await opened(s);
    const reg = await openRegister(s.business.id);
    expect(reg).toMatchObject({ id, floatCents: 10_000, expected: { cash: 10_000, pix: 0, debit: 0, credit: 0 } });
    expect(reg!.movements.map((m) => [m.kind, m.cents])).toEqual([["float", 10_000]]);
    expect((await audits(s.business.id)).map((a) => a.description)).toEqual(["Caixa aberto com fundo de troco de R$ 100,00"]);
  });

  test("40 opens at once: one register, the others told one is open", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    const results = await Promise.all(Array.from({ length: 40 }, () => openCashRegisterAction({ businessId: s.business.id, float: "10" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, description: M.alreadyOpen });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(cashRegisters).where(eq(cashRegisters.businessId, s.business.id));
    expect(n).toBe(1);
    expect(await audits(s.business.id)).toHaveLength(1);
  });

  test("bad amounts are refused in Portuguese, nothing written", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    for (const [float, message] of [["", M.amountRequired], ["abc", M.amountInvalid], ["2000000", M.amountTooLarge]] as const) {
      const r = await openCashRegisterAction({ businessId: s.business.id, float });
      expect(r).toMatchObject({ ok: false, fieldErrors: { float: message } });
    }
    expect(await openRegister(s.business.id)).toBeNull();
  });
});

describe("sangria and suprimento", () => {
  test("any member records them with a reason; the expected cash follows", async () => {
    const s = await salon();
    const id = await opened(s);
    await actAs(s.employee.id);
    expect(await addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "deposit", amount: "25,50", reason: "Troco do banco" })).toMatchObject({ ok: true });
    expect(await addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "withdrawal", amount: "40", reason: "Compra de café" })).toMatchObject({ ok: true });
    const r = await addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "withdrawal", amount: "10", reason: "  " });
    expect(r).toMatchObject({ ok: false, fieldErrors: { reason: M.reasonRequired } });
    const reg = await openRegister(s.business.id);
    expect(reg!.expected.cash).toBe(10_000 + 2_550 - 4_000);
    expect(reg!.movements.map((m) => [m.kind, m.cents, m.reason])).toEqual([
      ["withdrawal", -4_000, "Compra de café"],
      ["deposit", 2_550, "Troco do banco"],
      ["float", 10_000, null],
    ]);
  });

  test("40 sangrias of R$ 10 at once against R$ 100: ten pass, the rest are told how much cash there is", async () => {
    const s = await salon();
    const id = await opened(s);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "withdrawal", amount: "10", reason: "Pagamento de fornecedor" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.find((r) => !r.ok)).toMatchObject({ description: M.noCash("R$ 0,00") });
    expect((await openRegister(s.business.id))!.expected.cash).toBe(0);
  });

  test("a register of another business, or one already closed, takes nothing", async () => {
    const s = await salon();
    const other = await salon();
    const theirs = await opened(other);
    const id = await opened(s);
    const r = await addCashMovementAction({ businessId: s.business.id, registerId: theirs, kind: "deposit", amount: "5", reason: "x" });
    expect(r).toMatchObject({ ok: false, description: M.notOpen });
    await closeCashRegisterAction({ businessId: s.business.id, registerId: id, counted: { cash: "100", pix: "0", debit: "0", credit: "0" } });
    expect(await addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "deposit", amount: "5", reason: "x" })).toMatchObject({ ok: false, description: M.notOpen });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(cashMovements).where(eq(cashMovements.registerId, theirs));
    expect(n).toBe(1);
  });
});

describe("closing", () => {
  test("counted beside expected per method, once; the audit names the difference", async () => {
    const s = await salon();
    const id = await opened(s);
    await addCashMovementAction({ businessId: s.business.id, registerId: id, kind: "deposit", amount: "70", reason: "Recebido em dinheiro" });
    const results = await Promise.all([0, 1].map(() =>
      closeCashRegisterAction({ businessId: s.business.id, registerId: id, counted: { cash: "165", pix: "0", debit: "0", credit: "0" } })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ description: M.alreadyClosed });
    const counts = await db.select().from(cashRegisterCounts).where(eq(cashRegisterCounts.registerId, id));
    expect(counts.find((c) => c.method === "cash")).toMatchObject({ expectedCents: 17_000, countedCents: 16_500 });
    expect(counts).toHaveLength(4);
    expect(await openRegister(s.business.id)).toBeNull();
    expect((await audits(s.business.id)).at(-1)!.description).toBe("Caixa fechado com diferença: Dinheiro -R$ 5,00");
    // A new day, a new register.
    await opened(s, "0");
  });

  test("an employee can't close", async () => {
    const s = await salon();
    const id = await opened(s);
    await actAs(s.employee.id);
    expect(await closeCashRegisterAction({ businessId: s.business.id, registerId: id, counted: { cash: "100", pix: "0", debit: "0", credit: "0" } })).toMatchObject({ ok: false });
    expect(await openRegister(s.business.id)).not.toBeNull();
  });
});

describe("the database keeps the ledger final", () => {
  test("a movement is never updated or deleted; a closed register never reopened", async () => {
    const s = await salon();
    const id = await opened(s);
    await expect(db.update(cashMovements).set({ cents: 1 }).where(eq(cashMovements.registerId, id))).rejects.toThrow();
    await expect(db.delete(cashMovements).where(eq(cashMovements.registerId, id))).rejects.toThrow();
    await closeCashRegisterAction({ businessId: s.business.id, registerId: id, counted: { cash: "100", pix: "0", debit: "0", credit: "0" } });
    await expect(db.update(cashRegisters).set({ closedAt: null }).where(eq(cashRegisters.id, id))).rejects.toThrow();
    await expect(db.update(cashRegisterCounts).set({ countedCents: 10_000 }).where(eq(cashRegisterCounts.registerId, id))).rejects.toThrow();
  });

  test("deleting the business takes its registers and ledger with it", async () => {
    const s = await salon();
    const id = await opened(s);
    const { businesses } = await import("@/db/schema");
    await db.delete(businesses).where(eq(businesses.id, s.business.id));
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(cashMovements).where(eq(cashMovements.registerId, id));
    expect(n).toBe(0);
  });
});

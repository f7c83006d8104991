/**
 * Issue 53, the commission statement ('Extrato'): a professional's entries for a period with their
 * snapshot rates, tips, vales and reversals; the totals are SQL sums, checked here against the
 * ledger's rows; 'O salão fica com' by the stated formula; 'Lançar vale' and 'Marcar como pago'
 * (an overlapping period refused in Portuguese) and the card fees, each audited; an employee reads
 * only the professional linked to them; another business's professional is refused by id.
 */
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, businessCardFees, commissionEntries, commissionPayouts, userBusinessRoles } from "@/db/schema";
import { GET as statementCsvGET } from "@/app/api/commissions/statement/csv/route";
import type { CommissionRule } from "@/lib/comandas/rules/commissions";
import { addAdvanceAction, markPaidAction, setCardFeesAction } from "@/lib/commissions/actions";
import { STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import { cardFeesOf } from "@/lib/commissions/queries";
import { commissionStatement, mayReadStatement } from "@/lib/commissions/statement";
import { actAs } from "./act-as";
import { advanceRow, barberVisit, closedComanda, reverseComanda } from "./comanda-rows";
import { createProfessional, createTeam } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const JOAO: Omit<CommissionRule, "base"> = { services: { kind: "percent", rate: 5000 }, products: { kind: "percent", rate: 1000 } };

/** The barbershop: João, 50 % on services and 10 % on products, Corte + Barba and a pomada, R$ 60 by Pix and R$ 70 in cash with R$ 5 kept as his tip. */
async function barbershop() {
  const team = await createTeam();
  const joao = await createProfessional(team.business.id, { name: "João" });
  const maria = await createProfessional(team.business.id, { name: "Maria" });
  const visit = await closedComanda(barberVisit(team.business.id, joao.id, "2026-11-10", { [joao.id]: { ...JOAO, base: "gross" } }, team.owner.id));
  return { ...team, joao, maria, visit };
}

/** The ledger's own rows, summed here in TypeScript: what the statement's SQL sums must equal. */
async function rowsOf(businessId: string, professionalId: string, from: string, to: string) {
  const rows = await db.select().from(commissionEntries).where(and(eq(commissionEntries.businessId, businessId), eq(commissionEntries.professionalId, professionalId), sql`${commissionEntries.occurredOn} between ${from} and ${to}`));
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((a, r) => a + r.cents, 0);
  return {
    rows,
    commissions: sum((r) => r.kind === "service" || r.kind === "product"),
    tips: sum((r) => r.kind === "tip"),
    advances: sum((r) => r.kind === "advance"),
    due: sum(() => true),
  };
}

const audits = (businessId: string) => db.select().from(auditLogs).where(eq(auditLogs.businessId, businessId)).orderBy(auditLogs.createdAt);

async function csvAs(businessId: string, professionalId: string, from = "2026-11-01", to = "2026-11-30") {
  const res = await statementCsvGET(new NextRequest(`http://localhost/api/commissions/statement/csv?business=${businessId}&professional=${professionalId}&from=${from}&to=${to}`));
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition") };
}

describe("the statement", () => {
  test("João's day: R$ 40,00 + R$ 4,50 at the snapshot rates, his R$ 5,00 tip; the totals are the rows' sums", async () => {
    const s = await barbershop();
    const st = (await commissionStatement(s.business.id, s.joao.id, "2026-11-01", "2026-11-30"))!;
    expect(st.entries.map((e) => [e.occurredOn, e.kind, e.description, e.baseCents, e.rate, e.cents, e.reversal])).toEqual([
      ["2026-11-10", "service", "Corte", 5000, { kind: "percent", rate: 5000 }, 2500, false],
      ["2026-11-10", "service", "Barba", 3000, { kind: "percent", rate: 5000 }, 1500, false],
      ["2026-11-10", "product", "Pomada", 4500, { kind: "percent", rate: 1000 }, 450, false],
      ["2026-11-10", "tip", "Gorjeta", 500, null, 500, false],
    ]);
    expect(st.totals).toEqual({ commissions: 4450, tips: 500, advances: 0, due: 4950 });
    const { rows, ...sums } = await rowsOf(s.business.id, s.joao.id, "2026-11-01", "2026-11-30");
    expect(rows).toHaveLength(4);
    expect(st.totals).toEqual(sums);
    // The salon keeps the lines' R$ 125,00 less João's R$ 44,50 (no card, no fee); the tip is his.
    expect(st.salonKeeps).toBe(12_500 - 4450);
    // Another period, another professional: nothing.
    expect((await commissionStatement(s.business.id, s.joao.id, "2026-12-01", "2026-12-31"))!.totals).toEqual({ commissions: 0, tips: 0, advances: 0, due: 0 });
    expect((await commissionStatement(s.business.id, s.maria.id, "2026-11-01", "2026-11-30"))!.entries).toEqual([]);
  });

  test("a reversal on another day: both entries listed, the period's totals back to zero, each day's sums its rows'", async () => {
    const s = await barbershop();
    await reverseComanda(s.business.id, s.visit.id, "2026-11-12");
    const st = (await commissionStatement(s.business.id, s.joao.id, "2026-11-01", "2026-11-30"))!;
    expect(st.entries).toHaveLength(8);
    expect(st.entries.filter((e) => e.reversal).map((e) => [e.occurredOn, e.description, e.baseCents, e.cents])).toEqual([
      ["2026-11-12", "Estorno: Corte", -5000, -2500],
      ["2026-11-12", "Estorno: Barba", -3000, -1500],
      ["2026-11-12", "Estorno: Pomada", -4500, -450],
      ["2026-11-12", "Estorno: Gorjeta", -500, -500],
    ]);
    expect(st.totals).toEqual({ commissions: 0, tips: 0, advances: 0, due: 0 });
    expect(st.salonKeeps).toBe(0);
    for (const [from, to] of [["2026-11-10", "2026-11-10"], ["2026-11-12", "2026-11-12"], ["2026-11-01", "2026-11-30"]]) {
      const { rows: _, ...sums } = await rowsOf(s.business.id, s.joao.id, from, to);
      expect((await commissionStatement(s.business.id, s.joao.id, from, to))!.totals).toEqual(sums);
    }
    const day = (await commissionStatement(s.business.id, s.joao.id, "2026-11-12", "2026-11-12"))!;
    expect(day.salonKeeps).toBe(-(12_500 - 4450));
  });

  test("on the net of the card fee, with a discount on the whole: the salon keeps the nets less the fees' share and the commissions", async () => {
    const s = await createTeam();
    const ana = await createProfessional(s.business.id, { name: "Ana" });
    // R$ 100 + R$ 50 services, 10 % off the whole (R$ 15: 10 and 5), R$ 135 on credit at 3,19 % (R$ 4,31 → 2,87 + 1,44).
    await closedComanda({
      businessId: s.business.id, closedOn: "2026-11-05", discount: { kind: "percent", rate: 1000 },
      lines: [
        { kind: "service", name: "Progressiva", professionalId: ana.id, unitCents: 10_000 },
        { kind: "service", name: "Escova", professionalId: ana.id, unitCents: 5000 },
      ],
      payments: [{ method: "credit", cents: 13_500, feeRate: 319 }],
      rules: { [ana.id]: { services: { kind: "percent", rate: 4000 }, products: { kind: "percent", rate: 0 }, base: "net_of_card_fee" } },
    });
    const st = (await commissionStatement(s.business.id, ana.id, "2026-11-01", "2026-11-30"))!;
    expect(st.entries.map((e) => [e.baseCents, e.cents])).toEqual([[9000 - 287, 3485], [4500 - 144, 1742]]);
    expect(st.totals.commissions).toBe(3485 + 1742);
    expect(st.salonKeeps).toBe(13_500 - 431 - (3485 + 1742));
  });

  test("a fixed rate per item is kept as written, and the CSV shows it", async () => {
    const s = await createTeam();
    const bia = await createProfessional(s.business.id, { name: "Bia =HYPERLINK(\"x\")" });
    await closedComanda({
      businessId: s.business.id, closedOn: "2026-11-07",
      lines: [{ kind: "service", name: "=cmd|' /C calc'!A0", professionalId: bia.id, quantity: 2, unitCents: 3000 }],
      payments: [{ method: "cash", cents: 6000 }],
      rules: { [bia.id]: { services: { kind: "fixed", cents: 500 }, products: { kind: "percent", rate: 0 }, base: "gross" } },
    });
    await actAs(s.owner.id);
    const csv = await csvAs(s.business.id, bia.id);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.disposition).toContain('filename="extrato_bia-hyperlink-x_2026-11-01_2026-11-30.csv"');
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Data,Tipo,Descrição,Base,Taxa,Valor,Estorno");
    // Formula-safe as every export: the description that would run is shown as typed.
    expect(lines[1]).toBe(`07/11/2026,Serviço,'=cmd|' /C calc'!A0,"R$ 60,00","R$ 5,00 por item","R$ 10,00",`);
    expect(lines).toContain(`,Total,A pagar,,,"R$ 10,00",`);
  });
});

describe("'Lançar vale'", () => {
  test("the owner's: a negative entry on its day, in the totals, one audit row; bad input refused in Portuguese", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    expect(await addAdvanceAction({ businessId: s.business.id, professionalId: s.joao.id, amount: "20,00", date: "2026-11-11", reason: "Adiantamento" })).toMatchObject({ ok: true });
    const st = (await commissionStatement(s.business.id, s.joao.id, "2026-11-01", "2026-11-30"))!;
    expect(st.entries.at(-1)).toMatchObject({ occurredOn: "2026-11-11", kind: "advance", description: "Vale: Adiantamento", cents: -2000, rate: null });
    expect(st.totals).toEqual({ commissions: 4450, tips: 500, advances: -2000, due: 2950 });
    const { rows: _, ...sums } = await rowsOf(s.business.id, s.joao.id, "2026-11-01", "2026-11-30");
    expect(st.totals).toEqual(sums);
    expect((await audits(s.business.id)).map((a) => [a.entityType, a.entityId, a.description])).toEqual([
      ["professional", s.joao.id, "Vale de R$ 20,00 para João em 11/11/2026: Adiantamento"],
    ]);
    for (const [patch, field, message] of [
      [{ amount: "0" }, "amount", "O valor deve ser maior que zero."],
      [{ amount: "abc" }, "amount", "Valor inválido."],
      [{ reason: " " }, "reason", "Informe o motivo."],
      [{ date: "2026-02-30" }, "date", S.dateInvalid],
    ] as const) {
      const input = { businessId: s.business.id, professionalId: s.joao.id, amount: "20", date: "2026-11-11", reason: "x" };
      const r = await addAdvanceAction(Object.assign(input, patch));
      expect(r).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
  });

  test("an employee may not; another business's professional is refused by id; nothing written", async () => {
    const s = await barbershop();
    const other = await barbershop();
    await actAs(s.employee.id);
    expect(await addAdvanceAction({ businessId: s.business.id, professionalId: s.joao.id, amount: "20", date: "2026-11-11", reason: "x" })).toMatchObject({ ok: false });
    await actAs(s.owner.id);
    expect(await addAdvanceAction({ businessId: s.business.id, professionalId: other.joao.id, amount: "20", date: "2026-11-11", reason: "x" })).toMatchObject({ ok: false, description: S.notFound });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(commissionEntries).where(and(sql`${commissionEntries.businessId} in (${s.business.id}, ${other.business.id})`, eq(commissionEntries.kind, "advance")));
    expect(n).toBe(0);
  });
});

describe("'Marcar como pago'", () => {
  test("the period's total, once: an overlapping period is refused in Portuguese; the statement shows it paid; audited", async () => {
    const s = await barbershop();
    await advanceRow(s.business.id, s.joao.id, "2026-11-20", 1000);
    await actAs(s.owner.id);
    const pay = (from: string, to: string, paidOn = "2026-12-05") => markPaidAction({ businessId: s.business.id, professionalId: s.joao.id, period: { from, to }, paidOn });
    expect(await pay("2026-11-01", "2026-11-30")).toMatchObject({ ok: true });
    const [payout] = await db.select().from(commissionPayouts).where(eq(commissionPayouts.professionalId, s.joao.id));
    expect(payout).toMatchObject({ periodStart: "2026-11-01", periodEnd: "2026-11-30", paidOn: "2026-12-05", cents: 4950 - 1000 });
    expect(await pay("2026-11-30", "2026-12-15")).toMatchObject({ ok: false, error: S.paidError, description: S.overlap });
    expect(await pay("2026-10-15", "2026-11-01")).toMatchObject({ ok: false, description: S.overlap });
    expect(await pay("2026-12-01", "2026-12-31")).toMatchObject({ ok: true });
    const st = (await commissionStatement(s.business.id, s.joao.id, "2026-11-10", "2026-11-10"))!;
    expect(st.payouts).toEqual([{ id: payout.id, periodStart: "2026-11-01", periodEnd: "2026-11-30", paidOn: "2026-12-05", cents: 3950 }]);
    // A vale on a paid day would change a paid total: refused.
    expect(await addAdvanceAction({ businessId: s.business.id, professionalId: s.joao.id, amount: "5", date: "2026-11-15", reason: "x" })).toMatchObject({ ok: false, description: S.dayPaid("05/12/2026") });
    expect((await audits(s.business.id)).map((a) => a.description)).toEqual([
      "Comissões de João de 01/11/2026 a 30/11/2026 pagas em 05/12/2026: R$ 39,50",
      "Comissões de João de 01/12/2026 a 31/12/2026 pagas em 05/12/2026: R$ 0,00",
    ]);
  });

  test("two payouts of the same period at once: one is written", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    const results = await Promise.all([0, 1, 2].map(() => markPaidAction({ businessId: s.business.id, professionalId: s.joao.id, period: { from: "2026-11-01", to: "2026-11-30" }, paidOn: "2026-12-01" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.description === S.overlap)).toBe(true);
  });

  test("a period ending before it starts is refused; an employee and another business's professional too", async () => {
    const s = await barbershop();
    const other = await barbershop();
    await actAs(s.owner.id);
    expect(await markPaidAction({ businessId: s.business.id, professionalId: s.joao.id, period: { from: "2026-11-30", to: "2026-11-01" }, paidOn: "2026-12-01" })).toMatchObject({ ok: false, fieldErrors: { "period.to": S.periodInvalid } });
    expect(await markPaidAction({ businessId: s.business.id, professionalId: other.joao.id, period: { from: "2026-11-01", to: "2026-11-30" }, paidOn: "2026-12-01" })).toMatchObject({ ok: false, description: S.notFound });
    await actAs(s.employee.id);
    expect(await markPaidAction({ businessId: s.business.id, professionalId: s.joao.id, period: { from: "2026-11-01", to: "2026-11-30" }, paidOn: "2026-12-01" })).toMatchObject({ ok: false });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(commissionPayouts).where(sql`${commissionPayouts.businessId} in (${s.business.id}, ${other.business.id})`);
    expect(n).toBe(0);
  });
});

describe("the card fees", () => {
  test("the owner's, in basis points, audited; out of range refused; an employee may not", async () => {
    const s = await createTeam();
    await actAs(s.owner.id);
    expect(await setCardFeesAction({ businessId: s.business.id, debit: "1,99", credit: "3,5" })).toMatchObject({ ok: true });
    expect(await cardFeesOf(s.business.id)).toEqual({ debit: 199, credit: 350 });
    expect(await setCardFeesAction({ businessId: s.business.id, debit: "2", credit: "101" })).toMatchObject({ ok: false, fieldErrors: { credit: "A porcentagem vai de 0 a 100." } });
    await actAs(s.employee.id);
    expect(await setCardFeesAction({ businessId: s.business.id, debit: "0", credit: "0" })).toMatchObject({ ok: false });
    const [row] = await db.select().from(businessCardFees).where(eq(businessCardFees.businessId, s.business.id));
    expect(row).toMatchObject({ debit: 199, credit: 350 });
    expect((await audits(s.business.id)).map((a) => a.description)).toEqual(["Taxas do cartão: débito 1,99%, crédito 3,5%"]);
  });
});

describe("who reads a statement", () => {
  test("an employee reads only their linked professional's, by id; with none linked, none; the owner any of the business", async () => {
    const s = await barbershop();
    const link = (professionalId: string | null) =>
      db.update(userBusinessRoles).set({ professionalId }).where(and(eq(userBusinessRoles.userId, s.employee.id), eq(userBusinessRoles.businessId, s.business.id)));
    await actAs(s.employee.id);
    expect((await csvAs(s.business.id, s.joao.id)).status).toBe(403);
    await link(s.maria.id);
    await actAs(s.employee.id);
    const refused = await csvAs(s.business.id, s.joao.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(S.forbidden);
    expect(refused.body).not.toContain("Corte");
    expect((await csvAs(s.business.id, s.maria.id)).status).toBe(200);
    await link(s.joao.id);
    await actAs(s.employee.id);
    const own = await csvAs(s.business.id, s.joao.id);
    expect(own.status).toBe(200);
    expect(own.body).toContain("Corte");
    await actAs(s.owner.id);
    expect((await csvAs(s.business.id, s.maria.id)).status).toBe(200);
    expect(mayReadStatement({ role: "employee", professionalId: null }, s.joao.id)).toBe(false);
    expect(mayReadStatement({ role: "owner", professionalId: null }, s.joao.id)).toBe(true);
  });

  test("another business's professional, by id: no statement, the CSV says not found, nothing of theirs in it", async () => {
    const s = await barbershop();
    const other = await barbershop();
    expect(await commissionStatement(s.business.id, other.joao.id, "2026-11-01", "2026-11-30")).toBeNull();
    await actAs(s.owner.id);
    const r = await csvAs(s.business.id, other.joao.id);
    expect(r.status).toBe(404);
    expect(r.body).not.toContain("Corte");
    // Naming the other business itself: not a member.
    expect((await csvAs(other.business.id, other.joao.id)).status).toBe(403);
  });

  test("a bad period in the CSV's address is refused in Portuguese", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    const r = await csvAs(s.business.id, s.joao.id, "2026-11-30", "2026-11-01");
    expect(r.status).toBe(400);
    expect(r.body).toContain(S.periodInvalid);
  });
});

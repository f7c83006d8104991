/**
 * Issue 53, the comanda on the real database: opened from an appointment (and by itself at
 * 'Concluído'), saved on the version shown, closed in one transaction at balance zero (payments, the
 * register, the stock, the commissions with their rate snapshot, the client's debt or credit),
 * reversed by the owner with opposite entries; two devices closing at once close it once; another
 * business's ids and an employee's owner-only moves are refused; the database keeps a closed
 * comanda final. A fast-check property closes random comandas and checks the SQL sums.
 */
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, cashMovements, comandaLines, comandaPayments, comandas, commissionEntries, professionalServices } from "@/db/schema";
import { setAppointmentStatusAction } from "@/lib/appointments/actions";
import { openCashRegisterAction } from "@/lib/cash-register/actions";
import { expectedTotals } from "@/lib/cash-register/queries";
import {
  closeComandaAction, deleteComandaAction, openComandaAction, openSaleAction, receiveClientPaymentAction, reverseComandaAction, saveComandaAction,
} from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";
import type { CloseComandaInput } from "@/lib/comandas/schemas";
import { billOf, clientBalance, comandaById } from "@/lib/comandas/queries";
import { commissionEntries as expectedEntries } from "@/lib/comandas/rules/commissions";
import { markPaidAction, setCommissionAction } from "@/lib/commissions/actions";
import { commissionRules } from "@/lib/commissions/queries";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { createProductAction, moveStockAction } from "@/lib/products/actions";
import { stockOf } from "@/lib/products/queries";
import { ACCESS } from "@/lib/auth/permissions";
import { deleteClientAction } from "@/lib/clients/actions";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { actAs } from "./act-as";
import { createAppointment, createClient, createProfessional, createService, createTeam, pgCode, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

type Shop = Awaited<ReturnType<typeof barbershop>>;

/** The barbershop: João (50 % services, 10 % products), Corte R$ 50 + Barba R$ 30, a pomada R$ 45 with 5 in stock, a register open with R$ 100. */
async function barbershop({ register = true } = {}) {
  const team = await createTeam();
  const businessId = team.business.id;
  const joao = await createProfessional(businessId, { name: `João ${uniq()}` });
  const ana = await createProfessional(businessId, { name: `Ana ${uniq()}` });
  const corte = await createService(businessId, 30, { name: "Corte" });
  const barba = await createService(businessId, 30, { name: "Barba" });
  await db.insert(professionalServices).values([
    { businessId, professionalId: joao.id, serviceId: corte.id, price: "50.00" },
    { businessId, professionalId: joao.id, serviceId: barba.id, price: "30.00" },
    { businessId, professionalId: ana.id, serviceId: corte.id, price: "60.00" },
  ]);
  const client = await createClient(businessId, { name: `Cliente ${uniq()}` });
  await actAs(team.owner.id);
  const product = await createProductAction({ businessId, name: `Pomada ${uniq()}`, price: "45,00", cost: "", minStock: "" });
  expect(product).toMatchObject({ ok: true });
  const pomada = (product as { id: string }).id;
  expect(await moveStockAction({ businessId, productId: pomada, type: "purchase", quantity: "5", reason: "" })).toMatchObject({ ok: true });
  expect(await setCommissionAction({
    businessId, professionalId: joao.id, base: "gross", services: { kind: "percent", value: "50" }, products: { kind: "percent", value: "10" }, overrides: [],
  })).toMatchObject({ ok: true });
  if (register) expect(await openCashRegisterAction({ businessId, float: "100,00" })).toMatchObject({ ok: true });
  const yesterday = addDays(todayInBusiness(), -1);
  const appointment = await createAppointment({
    businessId, clientId: client.id, date: yesterday, time: "10:00", statusId: 2,
    services: [{ serviceId: corte.id, professionalId: joao.id }, { serviceId: barba.id, professionalId: joao.id, afterPrevious: true }],
  });
  return { ...team, businessId, joao, ana, corte, barba, client, pomada, appointment };
}

async function openFor(s: Shop) {
  const r = await openComandaAction({ businessId: s.businessId, appointmentId: s.appointment.id });
  expect(r).toMatchObject({ ok: true });
  return (r as { id: string }).id;
}

/** The form's lines as the screen sends them back, with the pomada added (sold by João). */
async function addPomada(s: Shop, id: string) {
  const k = (await comandaById(s.businessId, id))!;
  const lines = [
    ...k.lines.map((l) => ({ kind: l.kind, serviceId: l.serviceId, productId: l.productId, name: l.name, professionalId: l.professionalId, quantity: String(l.quantity), unitPrice: String(l.unitCents / 100) })),
    { kind: "product" as const, productId: s.pomada, name: "Pomada", professionalId: s.joao.id, quantity: "1", unitPrice: "45,00" },
  ];
  const r = await saveComandaAction({ businessId: s.businessId, id, version: k.version, lines, tips: [] });
  expect(r).toMatchObject({ ok: true });
  return (r as { version: number }).version;
}

const entriesOf = (comandaId: string) =>
  db.select().from(commissionEntries).where(eq(commissionEntries.comandaId, comandaId)).orderBy(commissionEntries.reversal, commissionEntries.kind, commissionEntries.cents);

async function registerOf(businessId: string) {
  const [r] = await db.execute<{ id: string }>(sql`select id from cash_registers where business_id = ${businessId} and closed_at is null`);
  return r.id;
}

describe("the issue's scenario", () => {
  test("Corte + Barba and a pomada; R$ 60 Pix + R$ 70 cash, the R$ 5 change João's tip: closed at zero; register, stock, commissions; a rate change rewrites nothing; 'Estornar' brings all back", async () => {
    const s = await barbershop();
    // 'Concluído' opens the comanda by itself, with the appointment's services at João's prices.
    await actAs(s.employee.id);
    expect(await setAppointmentStatusAction({ businessId: s.businessId, id: s.appointment.id, statusId: 4 })).toMatchObject({ ok: true });
    const [k0] = await db.select().from(comandas).where(eq(comandas.appointmentId, s.appointment.id));
    expect(k0).toMatchObject({ status: "open", clientId: s.client.id });
    // The card's button finds the same one (one per visit).
    expect(await openComandaAction({ businessId: s.businessId, appointmentId: s.appointment.id })).toMatchObject({ ok: true, id: k0.id, created: false });
    const lines = await db.select().from(comandaLines).where(eq(comandaLines.comandaId, k0.id)).orderBy(comandaLines.position);
    expect(lines.map((l) => [l.name, l.professionalId, l.unitCents])).toEqual([["Corte", s.joao.id, 5000], ["Barba", s.joao.id, 3000]]);

    await addPomada(s, k0.id);
    const k = (await comandaById(s.businessId, k0.id))!;
    expect(k.figures.total).toBe(12_500);
    const closed = await closeComandaAction({
      businessId: s.businessId, id: k.id, version: k.version, changeTipTo: s.joao.id,
      payments: [{ method: "pix", amount: "60,00" }, { method: "cash", amount: "70,00" }],
    });
    expect(closed).toMatchObject({ ok: true, totalCents: 13_000, changeCents: 0 });

    const after = (await comandaById(s.businessId, k.id))!;
    expect(after).toMatchObject({ status: "closed", totalCents: 13_000, tips: [{ professionalId: s.joao.id, cents: 500 }] });
    expect(after.payments.map((p) => [p.method, p.cents])).toEqual([["cash", 7000], ["pix", 6000]]);
    const [{ paid }] = await db.execute<{ paid: number }>(sql`select sum(cents)::int as paid from comanda_payments where comanda_id = ${k.id}`);
    expect(paid).toBe(after.totalCents);
    // The register expects the float + R$ 70 in cash, and R$ 60 of Pix.
    const registerId = await registerOf(s.businessId);
    expect(await expectedTotals(registerId)).toEqual({ cash: 17_000, pix: 6000, debit: 0, credit: 0 });
    expect(await stockOf(db, s.pomada)).toBe(4);
    // João: R$ 40,00 on the services, R$ 4,50 on the pomada, his R$ 5,00 tip.
    const entries = await entriesOf(k.id);
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind).reduce((a, e) => a + e.cents, 0);
    expect([byKind("service"), byKind("product"), byKind("tip")]).toEqual([4000, 450, 500]);
    expect(entries.every((e) => e.professionalId === s.joao.id && e.occurredOn === todayInBusiness())).toBe(true);
    expect(entries.find((e) => e.kind === "service")).toMatchObject({ rateKind: "percent", rateValue: 5000 });

    // João's rate changes: the day's entries stay as written.
    await actAs(s.owner.id);
    expect(await setCommissionAction({
      businessId: s.businessId, professionalId: s.joao.id, base: "gross", services: { kind: "percent", value: "40" }, products: { kind: "percent", value: "5" }, overrides: [],
    })).toMatchObject({ ok: true });
    expect((await entriesOf(k.id)).map((e) => e.cents)).toEqual(entries.map((e) => e.cents));

    // An employee may not reverse; the owner does, with a reason: opposite entries everywhere.
    await actAs(s.employee.id);
    expect(await reverseComandaAction({ businessId: s.businessId, id: k.id, reason: "Cobrança em duplicidade" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    await actAs(s.owner.id);
    expect(await reverseComandaAction({ businessId: s.businessId, id: k.id, reason: "  " })).toMatchObject({ ok: false, fieldErrors: { reason: M.reasonRequired } });
    expect(await reverseComandaAction({ businessId: s.businessId, id: k.id, reason: "Cobrança em duplicidade" })).toMatchObject({ ok: true });
    expect(await reverseComandaAction({ businessId: s.businessId, id: k.id, reason: "De novo" })).toMatchObject({ ok: false, description: M.alreadyReversed });
    const reversed = (await comandaById(s.businessId, k.id))!;
    expect(reversed).toMatchObject({ status: "reversed", reversalReason: "Cobrança em duplicidade" });
    expect(reversed.payments.map((p) => [p.method, p.cents, p.reversal])).toEqual([["cash", 7000, false], ["pix", 6000, false], ["cash", -7000, true], ["pix", -6000, true]]);
    expect(await expectedTotals(registerId)).toEqual({ cash: 10_000, pix: 0, debit: 0, credit: 0 });
    expect(await stockOf(db, s.pomada)).toBe(5);
    const both = await entriesOf(k.id);
    expect(both).toHaveLength(2 * entries.length);
    expect(both.reduce((a, e) => a + e.cents, 0)).toBe(0);
    expect(both.filter((e) => e.reversal === 1).map((e) => e.description.startsWith("Estorno: "))).toEqual(entries.map(() => true));

    // One audit row per comanda change: opened, saved, closed, reversed.
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.entityType, "comanda"), eq(auditLogs.entityId, k.id))).orderBy(auditLogs.createdAt);
    expect(audits.map((a) => a.description.split(":")[0].replace(/ de ".*"/, ""))).toEqual([
      expect.stringMatching(/^Comanda aberta pelo agendamento/), "Comanda alterada", "Comanda fechada", expect.stringMatching(/^Comanda estornada/),
    ]);
  });
});

describe("closing", () => {
  test("40 closes at once from two devices: it closes once, the others are told; one set of payments", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    const results = await Promise.all(Array.from({ length: 40 }, () =>
      closeComandaAction({ businessId: s.businessId, id, version, payments: [{ method: "cash", amount: "80" }] })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, error: M.closeError, description: M.notOpen });
    expect(await db.select().from(comandaPayments).where(eq(comandaPayments.comandaId, id))).toHaveLength(1);
    expect(await db.select().from(cashMovements).where(eq(cashMovements.comandaId, id))).toHaveLength(1);
    expect(await entriesOf(id)).toHaveLength(2);
  });

  test("balance not zero, Pix over the total, no register open, a stale screen: refused, nothing written", async () => {
    const s = await barbershop({ register: false });
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    const close = (payments: { method: string; amount: string }[], v = version) =>
      closeComandaAction({ businessId: s.businessId, id, version: v, payments } as never);
    expect(await close([{ method: "cash", amount: "70" }])).toMatchObject({ ok: false, description: M.due_("R$ 10,00") });
    expect(await close([{ method: "pix", amount: "90" }])).toMatchObject({ ok: false, description: M.overpaid("R$ 10,00") });
    expect(await close([{ method: "pix", amount: "80" }])).toMatchObject({ ok: false, description: M.noRegister });
    expect(await close([{ method: "pix", amount: "80" }], version + 1)).toMatchObject({ ok: false, description: M.stale });
    expect(await close([{ method: "pix", amount: "abc" }])).toMatchObject({ ok: false });
    expect(await close([])).toMatchObject({ ok: false });
    expect(await db.select().from(comandaPayments).where(eq(comandaPayments.comandaId, id))).toHaveLength(0);
    expect((await comandaById(s.businessId, id))!.status).toBe("open");
  });

  test("a close on a day already inside João's paid statement counts on the day after it, never in the paid period", async () => {
    const s = await barbershop();
    const today = todayInBusiness();
    expect(await markPaidAction({ businessId: s.businessId, professionalId: s.joao.id, period: { from: addDays(today, -6), to: today }, paidOn: today })).toMatchObject({ ok: true });
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    expect(await closeComandaAction({ businessId: s.businessId, id, version, payments: [{ method: "pix", amount: "80" }] })).toMatchObject({ ok: true });
    expect((await entriesOf(id)).map((e) => e.occurredOn)).toEqual([addDays(today, 1), addDays(today, 1)]);
    expect((await comandaById(s.businessId, id))!.closedAt).not.toBeNull();
  });

  test("change given back: the cash row holds what stays in the drawer", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    expect(await closeComandaAction({ businessId: s.businessId, id, version, payments: [{ method: "cash", amount: "100" }] })).toMatchObject({ ok: true, totalCents: 8000, changeCents: 2000 });
    expect(await expectedTotals(await registerOf(s.businessId))).toMatchObject({ cash: 18_000 });
  });

  test("'Fiado' is the owner's; the client's debt and credit: a ledger, paid back through the register", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    const payments: CloseComandaInput["payments"] = [{ method: "pix", amount: "30" }, { method: "debt", amount: "50" }];
    await actAs(s.employee.id);
    expect(await closeComandaAction({ businessId: s.businessId, id, version, payments })).toMatchObject({ ok: false, description: M.debtOwnerOnly });
    await actAs(s.owner.id);
    expect(await closeComandaAction({ businessId: s.businessId, id, version, payments })).toMatchObject({ ok: true });
    expect(await clientBalance(s.businessId, s.client.id)).toBe(-5000);
    // Paid back at the desk, with R$ 20 left as credit; then the credit pays part of a sale.
    await actAs(s.employee.id);
    expect(await receiveClientPaymentAction({ businessId: s.businessId, clientId: s.client.id, method: "cash", amount: "70" })).toMatchObject({ ok: true, balance: 2000 });
    const sale = (await openSaleAction({ businessId: s.businessId, clientId: s.client.id })) as { id: string };
    const v1 = await addPomadaOnly(s, sale.id);
    expect(await closeComandaAction({ businessId: s.businessId, id: sale.id, version: v1, payments: [{ method: "client_credit", amount: "45" }] }))
      .toMatchObject({ ok: false, description: M.noCredit("R$ 20,00") });
    expect(await closeComandaAction({ businessId: s.businessId, id: sale.id, version: v1, payments: [{ method: "client_credit", amount: "20" }, { method: "debit", amount: "25" }] }))
      .toMatchObject({ ok: true });
    expect(await clientBalance(s.businessId, s.client.id)).toBe(0);
    // A sale with no client can't leave debt or use credit.
    await actAs(s.owner.id);
    const walkIn = (await openSaleAction({ businessId: s.businessId, clientId: null })) as { id: string };
    const v2 = await addPomadaOnly(s, walkIn.id);
    expect(await closeComandaAction({ businessId: s.businessId, id: walkIn.id, version: v2, payments: [{ method: "debt", amount: "45" }] }))
      .toMatchObject({ ok: false, description: M.debtNeedsClient });
  });
});

async function addPomadaOnly(s: Shop, id: string) {
  const { version } = (await comandaById(s.businessId, id))!;
  const r = await saveComandaAction({
    businessId: s.businessId, id, version, tips: [],
    lines: [{ kind: "product", productId: s.pomada, name: "Pomada", professionalId: null, quantity: "1", unitPrice: "45" }],
  });
  expect(r).toMatchObject({ ok: true });
  return (r as { version: number }).version;
}

describe("editing", () => {
  test("a save on a stale version is refused and changes nothing; a closed comanda takes no save or delete", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const v2 = await addPomada(s, id);
    expect(await saveComandaAction({ businessId: s.businessId, id, version: v2 - 1, lines: [], tips: [] })).toMatchObject({ ok: false, description: M.stale });
    expect((await comandaById(s.businessId, id))!.lines).toHaveLength(3);
    expect(await closeComandaAction({ businessId: s.businessId, id, version: v2, payments: [{ method: "pix", amount: "125" }] })).toMatchObject({ ok: true });
    const { version } = (await comandaById(s.businessId, id))!;
    expect(await saveComandaAction({ businessId: s.businessId, id, version, lines: [], tips: [] })).toMatchObject({ ok: false, description: M.notOpen });
    expect(await deleteComandaAction({ businessId: s.businessId, id })).toMatchObject({ ok: false, description: M.notOpen });
  });

  test("discounts per line and on the whole, in R$ and %, and tips: the figures the close writes", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    const r = await saveComandaAction({
      businessId: s.businessId, id, version, discountKind: "percent", discountValue: "10",
      lines: [
        { kind: "service", serviceId: s.corte.id, name: "Corte", professionalId: s.joao.id, quantity: "1", unitPrice: "50", discountKind: "amount", discountValue: "5" },
        { kind: "service", serviceId: s.barba.id, name: "Barba", professionalId: s.ana.id, quantity: "1", unitPrice: "30", discountKind: "percent", discountValue: "12,5" },
      ],
      tips: [{ professionalId: s.ana.id, amount: "3" }],
    });
    expect(r).toMatchObject({ ok: true });
    const k = (await comandaById(s.businessId, id))!;
    // 45 + 26,25 = 71,25; 10 % off the whole = 7,13 (half up), apportioned 4,50 + 2,63: 64,12 + tip 3 = 67,12.
    expect(k.figures).toMatchObject({ subtotal: 8000, discounts: 875 + 713, tips: 300, total: 6712 });
    expect(await closeComandaAction({ businessId: s.businessId, id, version: k.version, payments: [{ method: "credit", amount: "67,12", cardBrand: "Visa", instalments: "3" }] })).toMatchObject({ ok: true });
    const [pay] = await db.select().from(comandaPayments).where(eq(comandaPayments.comandaId, id));
    expect(pay).toMatchObject({ method: "credit", cents: 6712, cardBrand: "Visa", instalments: 3 });
    // João (50 %) on his line's net 45,00 − 4,50 = 40,50 → 20,25; Ana has no rule: 0, listed; her tip whole.
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.professionalId === s.joao.id ? "joao" : "ana", e.kind, e.baseCents, e.cents]).sort()).toEqual(
      [["ana", "service", 2362, 0], ["ana", "tip", 300, 300], ["joao", "service", 4050, 2025]].sort(),
    );
  });

  test("bad lines are refused in Portuguese and keep nothing", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    const save = (line: Record<string, unknown>) =>
      saveComandaAction({ businessId: s.businessId, id, version, tips: [], lines: [{ kind: "service", name: "Corte", professionalId: null, quantity: "1", unitPrice: "50", ...line }] } as never);
    expect(await save({ quantity: "0" })).toMatchObject({ ok: false, fieldErrors: { "lines.0.quantity": M.quantityInvalid } });
    expect(await save({ unitPrice: "abc" })).toMatchObject({ ok: false });
    expect(await save({ name: " " })).toMatchObject({ ok: false, fieldErrors: { "lines.0.name": M.lineNameRequired } });
    expect(await save({ discountKind: "percent", discountValue: "120" })).toMatchObject({ ok: false, fieldErrors: { "lines.0.discountValue": M.percentInvalid } });
    expect((await comandaById(s.businessId, id))!.version).toBe(version);
  });
});

describe("another business and the database's guarantees", () => {
  test("another business's comanda, appointment, professional or product: refused by id, nothing changed", async () => {
    const b = await barbershop();
    const a = await barbershop();
    const idA = await openFor(a);
    const vA = (await comandaById(a.businessId, idA))!.version;
    await actAs(b.owner.id);
    expect(await openComandaAction({ businessId: b.businessId, appointmentId: a.appointment.id })).toMatchObject({ ok: false, description: M.appointmentNotHere });
    expect(await saveComandaAction({ businessId: b.businessId, id: idA, version: vA, lines: [], tips: [] })).toMatchObject({ ok: false, description: M.notFound });
    expect(await closeComandaAction({ businessId: b.businessId, id: idA, version: vA, payments: [{ method: "cash", amount: "80" }] })).toMatchObject({ ok: false, description: M.notFound });
    expect(await reverseComandaAction({ businessId: b.businessId, id: idA, reason: "x" })).toMatchObject({ ok: false, description: M.notFound });
    expect(await deleteComandaAction({ businessId: b.businessId, id: idA })).toMatchObject({ ok: false, description: M.notFound });
    expect(await receiveClientPaymentAction({ businessId: b.businessId, clientId: a.client.id, method: "cash", amount: "10" })).toMatchObject({ ok: false, description: M.clientNotHere });
    expect(await openSaleAction({ businessId: b.businessId, clientId: a.client.id })).toMatchObject({ ok: false, description: M.clientNotHere });
    // A's owner naming B's professional or product on A's comanda.
    await actAs(a.owner.id);
    const line = { kind: "service", serviceId: a.corte.id, name: "Corte", professionalId: b.joao.id, quantity: "1", unitPrice: "50" };
    expect(await saveComandaAction({ businessId: a.businessId, id: idA, version: vA, lines: [line], tips: [] } as never)).toMatchObject({ ok: false, description: M.professionalNotHere });
    expect(await saveComandaAction({ businessId: a.businessId, id: idA, version: vA, tips: [], lines: [{ kind: "product", productId: b.pomada, name: "P", professionalId: null, quantity: "1", unitPrice: "1" }] } as never))
      .toMatchObject({ ok: false, description: M.productNotHere });
    expect(await saveComandaAction({ businessId: a.businessId, id: idA, version: vA, lines: [], tips: [{ professionalId: b.joao.id, amount: "5" }] })).toMatchObject({ ok: false, description: M.professionalNotHere });
    expect((await comandaById(a.businessId, idA))!).toMatchObject({ version: vA, status: "open" });
  });

  test("a closed comanda, its lines, payments and commission entries are final in the database", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    const { version } = (await comandaById(s.businessId, id))!;
    expect(await closeComandaAction({ businessId: s.businessId, id, version, payments: [{ method: "pix", amount: "80" }] })).toMatchObject({ ok: true });
    const refused = async (q: Promise<unknown>) => expect(await q.then(() => "ok", (e) => pgCode(e))).toBe("23001");
    await refused(db.execute(sql`update comandas set total_cents = 1 where id = ${id}`));
    await refused(db.execute(sql`update comandas set status = 'open', closed_at = null, total_cents = null, closed_on = null where id = ${id}`));
    await refused(db.execute(sql`delete from comandas where id = ${id}`));
    await refused(db.execute(sql`update comanda_lines set unit_cents = 1 where comanda_id = ${id}`));
    await refused(db.execute(sql`delete from comanda_lines where comanda_id = ${id}`));
    await refused(db.execute(sql`update comanda_payments set cents = 1 where comanda_id = ${id}`));
    await refused(db.execute(sql`update commission_entries set cents = 1 where comanda_id = ${id}`));
    await refused(db.execute(sql`delete from commission_entries where comanda_id = ${id}`));
    // The appointment's deletion empties the link only; the bill stays.
    await db.execute(sql`delete from appointments where id = ${s.appointment.id}`);
    expect((await comandaById(s.businessId, id))!).toMatchObject({ status: "closed", appointmentId: null, totalCents: 8000 });
  });

  test("a client with comandas is not deleted: their bills are the salon's records", async () => {
    const s = await barbershop();
    const sale = (await openSaleAction({ businessId: s.businessId, clientId: s.client.id })) as { id: string };
    expect(sale).toMatchObject({ ok: true });
    expect(await deleteClientAction({ businessId: s.businessId, id: s.client.id, withAppointments: true })).toMatchObject({ ok: false, description: CLIENT_MESSAGES.hasComandas });
    expect((await comandaById(s.businessId, sale.id))!.clientId).toBe(s.client.id);
  });

  test("an open comanda opened by mistake can be deleted, with its lines", async () => {
    const s = await barbershop();
    const id = await openFor(s);
    expect(await deleteComandaAction({ businessId: s.businessId, id })).toMatchObject({ ok: true });
    expect(await db.select().from(comandas).where(eq(comandas.id, id))).toHaveLength(0);
    expect(await db.select().from(comandaLines).where(eq(comandaLines.comandaId, id))).toHaveLength(0);
  });
});

describe("property: any comanda closed", () => {
  test("its payments add up to its total, and its commissions are the rules applied to its lines", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    await setCommissionAction({
      businessId: s.businessId, professionalId: s.ana.id, base: "net_of_card_fee", services: { kind: "fixed", value: "7,50" }, products: { kind: "percent", value: "12,5" },
      overrides: [{ serviceId: s.corte.id, rate: { kind: "percent", value: "33,3" } }],
    });
    await db.execute(sql`insert into business_card_fees (business_id, debit, credit) values (${s.businessId}, 199, 349)`);
    const pros = [s.joao.id, s.ana.id, null];
    const discount = fc.oneof(
      fc.constant({ discountKind: "none" as const }),
      fc.integer({ min: 1, max: 3000 }).map((c) => ({ discountKind: "amount" as const, discountValue: (c / 100).toFixed(2).replace(".", ",") })),
      fc.integer({ min: 1, max: 10_000 }).map((bp) => ({ discountKind: "percent" as const, discountValue: (bp / 100).toFixed(2).replace(".", ",") })),
    );
    const line = fc.record({
      service: fc.boolean(),
      professional: fc.constantFrom(...pros),
      quantity: fc.integer({ min: 1, max: 3 }),
      unit: fc.integer({ min: 0, max: 20_000 }),
      discount,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }), discount, fc.array(fc.integer({ min: 1, max: 2000 }), { maxLength: 2 }),
        fc.array(fc.constantFrom("cash", "pix", "debit", "credit"), { minLength: 1, maxLength: 3 }),
        async (lines, whole, tipCents, methods) => {
          const sale = (await openSaleAction({ businessId: s.businessId, clientId: s.client.id })) as { id: string };
          const saved = await saveComandaAction({
            businessId: s.businessId, id: sale.id, version: 1, ...whole,
            lines: lines.map((l) => ({
              kind: l.service ? ("service" as const) : ("product" as const), serviceId: l.service ? s.corte.id : null, productId: l.service ? null : s.pomada,
              name: l.service ? "Corte" : "Pomada", professionalId: l.professional, quantity: String(l.quantity), unitPrice: (l.unit / 100).toFixed(2).replace(".", ","), ...l.discount,
            })),
            tips: tipCents.map((c, i) => ({ professionalId: [s.joao.id, s.ana.id][i], amount: (c / 100).toFixed(2).replace(".", ",") })),
          });
          expect(saved).toMatchObject({ ok: true });
          const k = (await comandaById(s.businessId, sale.id))!;
          // Split the total over the methods (the first takes the centavos left), as a desk would.
          const total = k.figures.total;
          if (total === 0) return;
          const part = Math.floor(total / methods.length);
          const payments = methods.map((method, i) => ({ method, amount: ((i === 0 ? total - part * (methods.length - 1) : part) / 100).toFixed(2).replace(".", ",") }))
            .filter((p) => p.amount !== "0,00");
          // Enough stock for every sale.
          await moveStockAction({ businessId: s.businessId, productId: s.pomada, type: "purchase", quantity: "20", reason: "" });
          const closed = await closeComandaAction({ businessId: s.businessId, id: k.id, version: k.version, payments });
          expect(closed).toMatchObject({ ok: true, totalCents: total });
          const [{ paid, entries }] = await db.execute<{ paid: number; entries: number }>(sql`
            select (select sum(cents) from comanda_payments where comanda_id = ${k.id})::int as paid,
                   (select coalesce(sum(cents), 0) from commission_entries where comanda_id = ${k.id})::int as entries`);
          expect(paid).toBe(total);
          const stored = await db.select().from(comandaPayments).where(eq(comandaPayments.comandaId, k.id));
          const rules = await commissionRules(s.businessId, [s.joao.id, s.ana.id]);
          const want = expectedEntries(billOf(k.lines, k.discount, k.tips), stored.map((p) => ({ method: p.method, cents: p.cents, feeRate: p.feeRate })), rules);
          expect(entries).toBe(want.reduce((a, e) => a + e.cents, 0));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

/**
 * Issue 54, Pix on the comanda, on the real database and a stand-in PSP (tests/support): a static QR
 * confirmed by hand (audited) and a PSP's charge paid by its webhook or the poll, taken as Pix lines
 * at the close; a webhook replayed, badly signed, naming another business's txid or paid with
 * another amount changes nothing; 40 charges asked at once for what is due give one.
 */
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { POST as webhookPOST } from "@/app/api/pix/webhook/[businessId]/pix/route";
import { openCashRegisterAction } from "@/lib/cash-register/actions";
import { closeComandaAction, deleteComandaAction, openSaleAction, saveComandaAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES } from "@/lib/comandas/messages";
import { comandaById, comandaScreen } from "@/lib/comandas/queries";
import { readBrCode } from "@/lib/pix/brcode";
import { cancelPixChargeAction, checkPixChargeAction, confirmPixChargeAction, createPixChargeAction } from "@/lib/pix/actions";
import { PIX_MESSAGES as M } from "@/lib/pix/messages";
import { pollCharge } from "@/lib/pix/mutations";
import { sealSecrets } from "@/lib/pix/secrets";
import { startPixPspStandIn } from "../support/pix-psp-stand-in";
import { actAs } from "./act-as";
import { createTeam, pgCode } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const SECRET = "segredo-compartilhado-do-webhook";
let psp: Awaited<ReturnType<typeof startPixPspStandIn>>;

beforeAll(async () => {
  psp = await startPixPspStandIn({ clientId: "agenda", clientSecret: "segredo-do-cliente" });
});

/** The business's webhook registered at the PSP for its key; it reaches the route handler itself (no server in integration tests). */
function registerWebhook(pixKey: string, businessId: string) {
  psp.setWebhook(pixKey, `http://agenda.test/api/pix/webhook/${businessId}`, SECRET, async (url, init) =>
    webhookPOST(new NextRequest(url, init), { params: Promise.resolve({ businessId }) }));
}
afterAll(() => psp.stop());

/** A business with a register open and an open comanda of R$ 80,00; `mode` says how it takes Pix. */
async function salon(mode: "static" | "psp") {
  const team = await createTeam();
  const businessId = team.business.id;
  // A random key (EVP) of its own: the PSP keeps one webhook per key.
  const pixKey = mode === "psp" ? randomUUID() : "+5565999990000";
  if (mode === "psp") registerWebhook(pixKey, businessId);
  await db.execute(sql`
    insert into business_pix (business_id, pix_key, merchant_name, merchant_city, psp_base_url, psp_client_id, psp_secrets)
    values (${businessId}, ${pixKey}, 'Barbearia do João', 'Cuiabá',
            ${mode === "psp" ? psp.url : null}, ${mode === "psp" ? "agenda" : null},
            ${mode === "psp" ? sealSecrets({ clientSecret: "segredo-do-cliente", certificate: null, privateKey: null, webhookSecret: SECRET }) : null})`);
  await actAs(team.owner.id);
  expect(await openCashRegisterAction({ businessId, float: "100,00" })).toMatchObject({ ok: true });
  const comandaId = await newComanda(businessId);
  return { team, businessId, comandaId };
}

async function newComanda(businessId: string): Promise<string> {
  const opened = await openSaleAction({ businessId, clientId: null });
  const id = (opened as { id: string }).id;
  const saved = await saveComandaAction({ businessId, id, version: 1, tips: [], lines: [{ kind: "service", name: "Corte + Barba", professionalId: null, quantity: "1", unitPrice: "80" }] });
  expect(saved).toMatchObject({ ok: true });
  return id;
}

/** The SQLSTATE a statement fails with (null: it went through). */
const codeOf = (p: Promise<unknown>) => p.then(() => null, (e) => pgCode(e) ?? String(e));

const charge = async (businessId: string, chargeId: string) =>
  (await db.execute<{ status: string; end_to_end_id: string | null; txid: string; brcode: string; confirmed_by: string | null }>(sql`
    select status, end_to_end_id, txid, brcode, confirmed_by from pix_charges where id = ${chargeId} and business_id = ${businessId}`))[0];

async function create(businessId: string, comandaId: string, amount: string): Promise<string> {
  const r = await createPixChargeAction({ businessId, comandaId, amount });
  expect(r).toMatchObject({ ok: true });
  return (r as { chargeId: string }).chargeId;
}

describe("static QR", () => {
  test("the BR Code carries the key and the amount; staff confirm by hand (audited); the close takes it as a Pix line", async () => {
    const s = await salon("static");
    expect(await createPixChargeAction({ businessId: s.businessId, comandaId: s.comandaId, amount: "80,01" })).toMatchObject({ ok: false, description: M.amountOverDue("R$ 80,00") });
    const id = await create(s.businessId, s.comandaId, "60,00");
    const c = await charge(s.businessId, id);
    expect(readBrCode(c.brcode)).toMatchObject({ pixKey: "+5565999990000", amountCents: 6000, txid: c.txid, merchantName: "BARBEARIA DO JOAO", merchantCity: "CUIABA" });
    // What is due counts the Pix awaiting: R$ 20,00 left.
    expect(await createPixChargeAction({ businessId: s.businessId, comandaId: s.comandaId, amount: "20,01" })).toMatchObject({ ok: false, description: M.amountOverDue("R$ 20,00") });
    // Closing while it awaits payment is refused.
    const k = (await comandaById(s.businessId, s.comandaId))!;
    expect(await closeComandaAction({ businessId: s.businessId, id: s.comandaId, version: k.version, payments: [{ method: "cash", amount: "80" }] })).toMatchObject({ ok: false, description: COMANDA_MESSAGES.pixAwaiting });

    expect(await confirmPixChargeAction({ businessId: s.businessId, chargeId: id })).toMatchObject({ ok: true });
    expect(await charge(s.businessId, id)).toMatchObject({ status: "paid", confirmed_by: s.team.owner.id });
    const [audit] = await db.execute<{ description: string; user_id: string }>(sql`
      select description, user_id from audit_logs where business_id = ${s.businessId} and entity_id = ${s.comandaId} and description like 'Pix de R$%'`);
    expect(audit).toMatchObject({ description: expect.stringContaining("Pix de R$ 60,00 confirmado à mão"), user_id: s.team.owner.id });
    expect(await confirmPixChargeAction({ businessId: s.businessId, chargeId: id })).toMatchObject({ ok: false, description: M.notActive });
    // A paid Pix keeps the comanda from being deleted.
    expect(await deleteComandaAction({ businessId: s.businessId, id: s.comandaId })).toMatchObject({ ok: false, description: M.paidCantDelete });

    const screen = await comandaScreen(s.businessId, s.comandaId);
    expect(screen.pix.mode).toBe("static");
    expect(screen.pixCharges).toEqual([expect.objectContaining({ id, status: "paid", amountCents: 6000, qrSvg: null })]);

    expect(await closeComandaAction({ businessId: s.businessId, id: s.comandaId, version: k.version, payments: [{ method: "cash", amount: "20" }] })).toMatchObject({ ok: true });
    const payments = await db.execute<{ method: string; cents: number; pix_charge_id: string | null }>(sql`
      select method, cents, pix_charge_id from comanda_payments where comanda_id = ${s.comandaId} order by cents`);
    expect(payments).toEqual([{ method: "cash", cents: 2000, pix_charge_id: null }, { method: "pix", cents: 6000, pix_charge_id: id }]);
    const [register] = await db.execute<{ pix: number }>(sql`
      select coalesce(sum(cents), 0)::int as pix from cash_movements where business_id = ${s.businessId} and method = 'pix' and comanda_id = ${s.comandaId}`);
    expect(register.pix).toBe(6000);
  });

  test("one charge settles one comanda, and a paid charge's money is final (the database)", async () => {
    const s = await salon("static");
    const id = await create(s.businessId, s.comandaId, "80");
    expect(await confirmPixChargeAction({ businessId: s.businessId, chargeId: id })).toMatchObject({ ok: true });
    const k = (await comandaById(s.businessId, s.comandaId))!;
    expect(await closeComandaAction({ businessId: s.businessId, id: s.comandaId, version: k.version, payments: [] })).toMatchObject({ ok: true });
    const other = await newComanda(s.businessId);
    const again = db.execute(sql`insert into comanda_payments (business_id, comanda_id, method, cents, pix_charge_id) values (${s.businessId}, ${other}, 'pix', 8000, ${id})`);
    expect(await codeOf(again)).toBe("23505");
    expect(await codeOf(db.execute(sql`update pix_charges set amount_cents = 100 where id = ${id}`))).toBe("23514");
    expect(await codeOf(db.execute(sql`update pix_charges set status = 'active', paid_at = null where id = ${id}`))).toBe("23514");
    expect(await codeOf(db.execute(sql`delete from pix_charges where id = ${id}`))).toBe("23514");
  });

  test("40 charges of what is due asked at once: one is made", async () => {
    const s = await salon("static");
    const results = await Promise.all(Array.from({ length: 40 }, () => createPixChargeAction({ businessId: s.businessId, comandaId: s.comandaId, amount: "80" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ description: M.nothingDue });
  });

  test("another business's comanda and charge are not found", async () => {
    const a = await salon("static");
    const b = await salon("static");
    const theirs = await create(b.businessId, b.comandaId, "10");
    await actAs(a.team.owner.id);
    expect(await createPixChargeAction({ businessId: a.businessId, comandaId: b.comandaId, amount: "10" })).toMatchObject({ ok: false, description: M.comandaNotFound });
    for (const act of [confirmPixChargeAction, cancelPixChargeAction, checkPixChargeAction]) {
      expect(await act({ businessId: a.businessId, chargeId: theirs })).toMatchObject({ ok: false, description: M.chargeNotFound });
    }
    expect((await charge(b.businessId, theirs)).status).toBe("active");
  });
});

describe("PSP charge (the standard API, a stand-in PSP)", () => {
  test("paid: the webhook marks it paid; a replay changes nothing; the close takes it", async () => {
    const s = await salon("psp");
    const id = await create(s.businessId, s.comandaId, "80");
    const c = await charge(s.businessId, id);
    expect(c.txid).toMatch(/^[A-Za-z0-9]{35}$/);
    expect(psp.cobs.get(c.txid)).toMatchObject({ status: "ATIVA", valor: "80.00", chave: expect.stringMatching(/^[0-9a-f-]{36}$/), pixCopiaECola: c.brcode });
    expect((await comandaScreen(s.businessId, s.comandaId)).pixCharges[0].qrSvg).toContain("<svg");

    expect(await psp.pay(c.txid)).toBe(200);
    const paid = await charge(s.businessId, id);
    expect(paid).toMatchObject({ status: "paid", end_to_end_id: psp.cobs.get(c.txid)!.pix[0].endToEndId, confirmed_by: null });
    expect(await psp.redeliver(c.txid)).toBe(200);
    expect(await charge(s.businessId, id)).toEqual(paid);

    const k = (await comandaById(s.businessId, s.comandaId))!;
    expect(await closeComandaAction({ businessId: s.businessId, id: s.comandaId, version: k.version, payments: [] })).toMatchObject({ ok: true });
    expect(await psp.redeliver(c.txid)).toBe(200);
    const [n] = await db.execute<{ n: number }>(sql`select count(*)::int as n from comanda_payments where pix_charge_id = ${id}`);
    expect(n.n).toBe(1);
  });

  test("a badly signed delivery is refused; a signed one naming another business's txid, or another amount, pays nothing", async () => {
    const a = await salon("psp");
    const b = await salon("psp");
    const theirsId = await create(b.businessId, b.comandaId, "80");
    await actAs(a.team.owner.id);
    const mine = await charge(a.businessId, await create(a.businessId, a.comandaId, "80"));
    const theirs = await charge(b.businessId, theirsId);

    // Paid at the PSP with no webhook, then delivered badly signed: refused, still awaiting.
    await psp.pay(mine.txid, { webhook: false });
    expect(await psp.redeliver(mine.txid, () => "sha256=" + "0".repeat(64))).toBe(401);
    expect((await charge(a.businessId, (await db.execute<{ id: string }>(sql`select id from pix_charges where txid = ${mine.txid}`))[0].id)).status).toBe("active");

    // B's charge paid, its delivery sent to A's address signed with A's secret: B's stays as it was.
    await psp.pay(theirs.txid, { webhook: false });
    const body = JSON.stringify({ pix: psp.cobs.get(theirs.txid)!.pix });
    const { createHmac } = await import("node:crypto");
    const res = await webhookPOST(
      new NextRequest(`http://agenda.test/api/pix/webhook/${a.businessId}/pix`, {
        method: "POST", headers: { "content-type": "application/json", "x-pix-signature": `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}` }, body,
      }),
      { params: Promise.resolve({ businessId: a.businessId }) },
    );
    expect(res.status).toBe(200);
    expect((await charge(b.businessId, theirsId)).status).toBe("active");

    // Another amount: the PSP says R$ 79,99 arrived for an R$ 80,00 charge. Not paid.
    const c = await newComanda(a.businessId);
    const short = await charge(a.businessId, await create(a.businessId, c, "80"));
    expect(await psp.pay(short.txid, { cents: 7999 })).toBe(200);
    expect((await db.execute<{ status: string }>(sql`select status from pix_charges where txid = ${short.txid}`))[0].status).toBe("active");
  });

  test("a late webhook: the poll finds the payment; 'Verificar pagamento' too", async () => {
    const s = await salon("psp");
    const id = await create(s.businessId, s.comandaId, "30");
    await psp.pay((await charge(s.businessId, id)).txid, { webhook: false });
    await pollCharge(id);
    expect((await charge(s.businessId, id)).status).toBe("paid");

    const second = await create(s.businessId, s.comandaId, "50");
    expect(await checkPixChargeAction({ businessId: s.businessId, chargeId: second })).toMatchObject({ ok: true, paid: false });
    await psp.pay((await charge(s.businessId, second)).txid, { webhook: false });
    expect(await checkPixChargeAction({ businessId: s.businessId, chargeId: second })).toMatchObject({ ok: true, paid: true });
  });

  test("'Cancelar cobrança' removes it at the PSP: nobody can pay it after", async () => {
    const s = await salon("psp");
    const id = await create(s.businessId, s.comandaId, "80");
    const { txid } = await charge(s.businessId, id);
    expect(await cancelPixChargeAction({ businessId: s.businessId, chargeId: id })).toMatchObject({ ok: true, paid: false });
    expect(psp.cobs.get(txid)!.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect((await charge(s.businessId, id)).status).toBe("cancelled");
    await expect(psp.pay(txid)).rejects.toThrow();
  });
});

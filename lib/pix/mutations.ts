import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { PixChargeMode, PixChargeStatus } from "@/db/schema";
import { comandaById } from "@/lib/comandas/queries";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { executePrepared } from "@/lib/core/db/prepared";
import { formatCents as brl } from "@/lib/core/format/money";
import type { Write } from "@/lib/pipeline";
import { newTxid, staticBrCode } from "./brcode";
import { PIX_MESSAGES as M } from "./messages";
import { createCob, PspError, readCob, removeCob, type Psp } from "./psp";
import { pixConfig } from "./queries";
import type { CreatePixCharge } from "./schemas";

/** How long a PSP's charge can be paid; a static QR's screen offers it for a day. */
export const PSP_CHARGE_SECONDS = 60 * 60;
const STATIC_CHARGE_SECONDS = 24 * 60 * 60;

type ChargeRow = { id: string; txid: string; mode: PixChargeMode; status: PixChargeStatus; amount_cents: number; comanda_id: string | null; expired: boolean };

/** The business's charge, locked for the change; null when it isn't the business's. */
async function lockCharge(tx: Conn, businessId: string, chargeId: string): Promise<ChargeRow | null> {
  const [c] = await executePrepared<ChargeRow>(tx, sql`
    select id, txid, mode, status, amount_cents, comanda_id, expires_at < now() as expired
      from pix_charges where id = ${chargeId} and business_id = ${businessId} for update`);
  return c ?? null;
}

/** The Pix received by QR and not yet a payment of the comanda, and those still awaiting payment. */
export async function comandaCharges(tx: Conn, businessId: string, comandaId: string) {
  const rows = await executePrepared<{ id: string; status: PixChargeStatus; amount_cents: number }>(tx, sql`
    select id, status, amount_cents from pix_charges
     where business_id = ${businessId} and comanda_id = ${comandaId} and status in ('active', 'paid')
       and not exists (select 1 from comanda_payments p where p.pix_charge_id = pix_charges.id and p.reversal = 0)
     order by created_at, id for update`);
  return { paid: rows.filter((r) => r.status === "paid"), active: rows.filter((r) => r.status === "active") };
}

/**
 * 'Cobrar com Pix' on an open comanda: an amount up to what is still due (the total less the Pix
 * received or awaiting). With a PSP, a charge PUT under our txid (its QR is the PSP's); else a static
 * BR Code with the key. The comanda's row lock orders two devices charging at once.
 */
export async function createChargeForComanda(w: Write, input: CreatePixCharge): Promise<ActionResult<{ chargeId: string }>> {
  const [locked] = await executePrepared<{ id: string }>(w.tx, sql`
    select id from comandas where id = ${input.comandaId} and business_id = ${w.ctx.businessId} for update`);
  const k = locked ? await comandaById(w.ctx.businessId, input.comandaId, w.tx) : null;
  if (!k) return fail(M.createError, M.comandaNotFound);
  if (k.status !== "open") return fail(M.createError, M.comandaNotOpen);
  const config = await pixConfig(w.ctx.businessId, w.tx);
  if (!config) return fail(M.createError, M.notConfigured);
  const { paid, active } = await comandaCharges(w.tx, w.ctx.businessId, k.id);
  const due = k.figures.total - [...paid, ...active].reduce((a, c) => a + c.amount_cents, 0);
  if (due <= 0) return fail(M.createError, M.nothingDue);
  if (input.amount <= 0 || input.amount > due) return fail(M.createError, M.amountOverDue(brl(due)), { amount: M.amountOverDue(brl(due)) });

  let txid: string;
  let brcode: string;
  let seconds: number;
  if (config.psp) {
    txid = newTxid(35);
    seconds = PSP_CHARGE_SECONDS;
    try {
      const cob = await createCob(config.psp, {
        txid, amountCents: input.amount, pixKey: config.pixKey, expiresInSeconds: seconds, description: `Comanda ${k.clientName ?? ""}`.trim(),
      });
      brcode = cob.brcode;
    } catch (e) {
      if (!(e instanceof PspError)) throw e;
      console.warn("[pix] o PSP recusou a cobrança", e.message);
      return fail(M.createError, M.pspFailed);
    }
  } else {
    txid = newTxid(25);
    seconds = STATIC_CHARGE_SECONDS;
    brcode = staticBrCode({ pixKey: config.pixKey, merchantName: config.merchantName, merchantCity: config.merchantCity, amountCents: input.amount, txid });
  }
  const mode: PixChargeMode = config.psp ? "psp" : "static";
  const [charge] = await w.tx.execute<{ id: string }>(sql`
    insert into pix_charges (business_id, txid, mode, purpose, comanda_id, amount_cents, brcode, expires_at, created_by)
    values (${w.ctx.businessId}, ${txid}, ${mode}, 'comanda', ${k.id}, ${input.amount}, ${brcode}, now() + make_interval(secs => ${seconds}), ${w.ctx.userId})
    returning id`);
  if (mode === "psp") await queuePoll(w.tx, charge.id, 5);
  return ok({ chargeId: charge.id });
}

/**
 * 'Confirmar recebimento' of a static QR: nobody but the staff can know that its Pix arrived, so
 * it is their word, recorded with who and when (the audit row).
 */
export async function confirmStaticCharge(w: Write, chargeId: string): Promise<ActionResult> {
  const c = await lockCharge(w.tx, w.ctx.businessId, chargeId);
  if (!c) return fail(M.confirmError, M.chargeNotFound);
  if (c.mode !== "static") return fail(M.confirmError, M.notStatic);
  if (c.status !== "active") return fail(M.confirmError, M.notActive);
  const k = c.comanda_id ? await comandaById(w.ctx.businessId, c.comanda_id, w.tx) : null;
  if (!k || k.status !== "open") return fail(M.confirmError, M.comandaNotOpen);
  await w.tx.execute(sql`
    update pix_charges set status = 'paid', paid_at = now(), confirmed_by = ${w.ctx.userId}, updated_at = now() where id = ${c.id}`);
  await w.audit({
    action: "UPDATE", entity: "comanda", entityId: k.id,
    description: `Pix de ${brl(c.amount_cents)} confirmado à mão (QR estático) na comanda ${k.clientName ? `de "${k.clientName}"` : "avulsa"}`,
    newValues: { pixCharge: c.id, amount: c.amount_cents, txid: c.txid },
  });
  return ok();
}

/** 'Cancelar cobrança': an active charge; a PSP's is removed there first, so nobody can pay it after. */
export async function cancelCharge(w: Write, chargeId: string): Promise<ActionResult<{ paid: boolean }>> {
  const c = await lockCharge(w.tx, w.ctx.businessId, chargeId);
  if (!c) return fail(M.cancelError, M.chargeNotFound);
  if (c.status !== "active") return fail(M.cancelError, M.notActive);
  if (c.mode === "psp") {
    const config = await pixConfig(w.ctx.businessId, w.tx);
    if (!config?.psp) return fail(M.cancelError, M.notConfigured);
    try {
      const cob = await removeCob(config.psp, c.txid);
      // Paid just before: it stays, as paid.
      if (cob.status === "CONCLUIDA") return ok({ paid: (await settle(w.tx, c, config.psp)) === "paid" });
    } catch (e) {
      if (!(e instanceof PspError)) throw e;
      // Already paid (the PSP refuses to remove a concluded charge): read it.
      const outcome = await settle(w.tx, c, config.psp).catch(() => "unknown" as const);
      if (outcome === "paid") return ok({ paid: true });
      return fail(M.cancelError, M.pspFailed);
    }
  }
  await w.tx.execute(sql`update pix_charges set status = 'cancelled', updated_at = now() where id = ${c.id}`);
  return ok({ paid: false });
}

/** 'Verificar pagamento': asks the PSP now (the webhook may be late). */
export async function checkCharge(w: Write, chargeId: string): Promise<ActionResult<{ paid: boolean }>> {
  const c = await lockCharge(w.tx, w.ctx.businessId, chargeId);
  if (!c) return fail(M.checkError, M.chargeNotFound);
  if (c.status === "paid") return ok({ paid: true });
  if (c.mode !== "psp") return fail(M.checkError, M.notActive);
  const config = await pixConfig(w.ctx.businessId, w.tx);
  if (!config?.psp) return fail(M.checkError, M.notConfigured);
  const outcome = await settle(w.tx, c, config.psp).catch((e) => {
    if (e instanceof PspError) return "unreachable" as const;
    throw e;
  });
  if (outcome === "unreachable") return fail(M.checkError, M.pspFailed);
  return ok({ paid: outcome === "paid" });
}

export type SettleOutcome = "paid" | "already" | "waiting" | "expired" | "removed" | "mismatch" | "unreachable";

/**
 * What the PSP says of a charge, written: the PSP's GET /cob is the only word taken for a payment
 * (the webhook only says when to ask), and it must be the charge's own amount, paid in full; one Pix
 * (endToEndId, unique) pays one charge. `c` is locked by the caller's transaction.
 */
async function settle(tx: Conn, c: ChargeRow, psp: Psp): Promise<SettleOutcome> {
  if (c.status === "paid" || c.status === "refunded") return "already";
  const cob = await readCob(psp, c.txid);
  if (cob.status === "CONCLUIDA") {
    const received = cob.paid.reduce((a, p) => a + p.cents, 0);
    if (cob.txid !== c.txid || cob.amountCents !== c.amount_cents || received !== c.amount_cents || !cob.paid.length) {
      console.warn(`[pix] cobrança ${c.id}: o PSP diz ${received} centavos pagos de ${cob.amountCents}; esperado ${c.amount_cents}. Não marcada como paga.`);
      return "mismatch";
    }
    await tx.execute(sql`
      update pix_charges set status = 'paid', end_to_end_id = ${cob.paid[0].endToEndId}, paid_at = ${cob.paid[0].at}::timestamptz, updated_at = now()
       where id = ${c.id}`);
    return "paid";
  }
  if (c.status !== "active") return c.status === "expired" ? "expired" : "removed";
  if (cob.status !== "ATIVA") {
    await tx.execute(sql`update pix_charges set status = 'cancelled', updated_at = now() where id = ${c.id}`);
    return "removed";
  }
  if (c.expired) {
    await tx.execute(sql`update pix_charges set status = 'expired', updated_at = now() where id = ${c.id}`);
    return "expired";
  }
  return "waiting";
}

/**
 * The webhook's and the poll's way in: the charge `txid` of `businessId`, as the PSP says it is now.
 * The PSP is asked under the charge's row lock, so a webhook and the poll arriving together write
 * once (a slow bank holds that one row, up to the request's 8 s timeout). Null: no such charge of
 * this business. `known`:
 * the business's PSP when the caller has read it already (the webhook, for each txid it names).
 */
export async function settleByTxid(businessId: string, txid: string, known?: Psp): Promise<SettleOutcome | null> {
  const psp = known ?? (await pixConfig(businessId))?.psp;
  if (!psp) return null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await executePrepared<{ id: string }>(tx, sql`select id from pix_charges where business_id = ${businessId} and txid = ${txid} and mode = 'psp'`);
      if (!row) return null;
      const c = await lockCharge(tx, businessId, row.id);
      return c ? settle(tx, c, psp) : null;
    });
  } catch (e) {
    // The PSP unreachable: the charge stays as it was; the poll asks again.
    if (!(e instanceof PspError)) throw e;
    console.warn(`[pix] o PSP não respondeu sobre ${txid}: ${e.message}`);
    return "unreachable";
  }
}

/** The poll of one PSP charge: every 5 s for its first two minutes, then every 30 s, until settled. */
export async function pollCharge(chargeId: string): Promise<void> {
  const [c] = await executePrepared<{ business_id: string; txid: string; status: PixChargeStatus; age_s: number }>(db, sql`
    select business_id, txid, status, extract(epoch from now() - created_at)::int as age_s from pix_charges where id = ${chargeId} and mode = 'psp'`);
  // A charge is asked about until a day past its expiry at most (a PSP down that long is a person's matter).
  if (!c || c.status !== "active" || c.age_s > PSP_CHARGE_SECONDS + 24 * 60 * 60) return;
  const outcome = await settleByTxid(c.business_id, c.txid);
  if (outcome === "waiting" || outcome === "unreachable") await queuePoll(db, chargeId, c.age_s < 120 ? 5 : 30);
}

export async function queuePoll(tx: Conn, chargeId: string, seconds: number): Promise<void> {
  await tx.execute(sql`
    select graphile_worker.add_job('pix_poll', json_build_object('chargeId', ${chargeId}::uuid),
             run_at := now() + make_interval(secs => ${seconds}), max_attempts := 5,
             job_key := 'pix_poll:' || ${chargeId}, job_key_mode := 'replace')`);
}

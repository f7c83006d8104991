import "server-only";
import { sql } from "drizzle-orm";
import { cashMovements, clientBalanceMovements, comandaLines, comandaPayments, comandaTips, commissionEntries as commissionEntriesTable } from "@/db/schema";
import type { ComandaPaymentMethod } from "@/db/schema";
import { agendaScope, seesAppointment } from "@/lib/appointments/visibility";
import { isOwnerLevel } from "@/lib/auth/roles";
import { cardFeesOf, commissionRules } from "@/lib/commissions/queries";
import { addDays } from "@/lib/core/time/business-date";
import { fail, ok, type ActionFailure, type ActionResult } from "@/lib/core/actions/result";
import { executePrepared } from "@/lib/core/db/prepared";
import { formatCents as brl } from "@/lib/core/format/money";
import { todayInBusiness } from "@/lib/core/time/business-time";
import type { Write } from "@/lib/pipeline";
import { comandaCharges } from "@/lib/pix/mutations";
import { PIX_MESSAGES } from "@/lib/pix/messages";
import { recordMovement } from "@/lib/products/mutations";
import { COMANDA_MESSAGES as M } from "./messages";
import { billOf, clientBalance, comandaById, type Comanda } from "./queries";
import { commissionEntries, reversalOf } from "./rules/commissions";
import { billFigures, PAYMENT_METHODS, settlement, type Discount, type Payment } from "./rules/totals";
import type { CloseComanda, SaveComanda } from "./schemas";

/** The methods whose money goes through the cash register (the client's credit and 'Fiado' don't). */
const REGISTER_METHODS = new Set<ComandaPaymentMethod>(["cash", "pix", "debit", "credit"]);

const label = (k: { clientName: string | null }) => (k.clientName ? `de "${k.clientName}"` : "avulsa");

/**
 * The comanda `id` of this business, locked for the change, as its screen shows it; null when it
 * isn't the business's. Every write on a comanda comes here first.
 */
async function lockComanda(w: Write, id: string): Promise<Comanda | null> {
  const [row] = await executePrepared<{ id: string }>(w.tx, sql`
    select id from comandas where id = ${id} and business_id = ${w.ctx.businessId} for update`);
  return row ? comandaById(w.ctx.businessId, id, w.tx) : null;
}

/** The open comanda on the version the screen showed, or why not. */
async function lockOpen(w: Write, id: string, version: number, error: string): Promise<Comanda | ActionFailure> {
  const k = await lockComanda(w, id);
  if (!k) return fail(error, M.notFound);
  if (k.status !== "open") return fail(error, M.notOpen);
  if (k.version !== version) return fail(error, M.stale);
  return k;
}

/** A discount as stored: kind and value (centavos or basis points). */
function discountColumns(d: Discount | null) {
  return { discountKind: d?.kind ?? null, discountValue: d ? (d.kind === "amount" ? d.cents : d.rate) : null };
}

const isComanda = (v: Comanda | ActionFailure): v is Comanda => "figures" in v;

/**
 * 'Abrir comanda' on an appointment (and by itself when it becomes 'Concluído'): its services with
 * their professionals and prices. One per visit: a second open, at the same moment or later, finds
 * the first (the partial unique index on appointment_id).
 */
export async function openComandaForAppointment(w: Write, appointmentId: string): Promise<ActionResult<{ id: string; created: boolean }>> {
  const [a] = await executePrepared<{ id: string; client_id: string; client_name: string; date: string; time: string }>(w.tx, sql`
    select a.id, a.client_id, c.name as client_name, a.date::text as date, to_char(a.time, 'HH24:MI') as time
      from appointments a join clients c on c.id = a.client_id
     where a.id = ${appointmentId} and a.business_id = ${w.ctx.businessId} and ${seesAppointment(agendaScope(w.ctx.business))}`);
  if (!a) return fail(M.openError, M.appointmentNotHere);
  const [created] = await w.tx.execute<{ id: string }>(sql`
    insert into comandas (business_id, appointment_id, client_id, opened_by)
    values (${w.ctx.businessId}, ${a.id}, ${a.client_id}, ${w.ctx.userId})
    on conflict (appointment_id) where appointment_id is not null do nothing
    returning id`);
  if (!created) {
    const [existing] = await w.tx.execute<{ id: string }>(sql`select id from comandas where appointment_id = ${a.id} and business_id = ${w.ctx.businessId}`);
    return ok({ id: existing.id, created: false });
  }
  await w.tx.execute(sql`
    insert into comanda_lines (business_id, comanda_id, position, kind, service_id, name, professional_id, quantity, unit_cents)
    select s.business_id, ${created.id}, row_number() over (order by s.position, s.id) - 1, 'service', s.service_id, sv.name, s.professional_id, 1,
           coalesce(round(ps.price * 100)::int, 0)
      from appointment_services s
      join services sv on sv.id = s.service_id
      left join professional_services ps on ps.service_id = s.service_id and ps.professional_id = s.professional_id
     where s.appointment_id = ${a.id} and s.business_id = ${w.ctx.businessId}`);
  await w.audit({
    action: "CREATE", entity: "comanda", entityId: created.id,
    description: `Comanda de "${a.client_name}" aberta pelo agendamento de ${a.date.split("-").reverse().join("/")} às ${a.time}`,
    newValues: { appointmentId: a.id },
  });
  return ok({ id: created.id, created: true });
}

/** 'Nova venda': a comanda with no appointment (products only, or a walk-in), for a client or none. */
export async function openSale(w: Write, clientId: string | null): Promise<ActionResult<{ id: string }>> {
  let clientName: string | null = null;
  if (clientId) {
    const [c] = await executePrepared<{ name: string }>(w.tx, sql`select name from clients where id = ${clientId} and business_id = ${w.ctx.businessId}`);
    if (!c) return fail(M.openError, M.clientNotHere);
    clientName = c.name;
  }
  const [k] = await w.tx.execute<{ id: string }>(sql`
    insert into comandas (business_id, client_id, opened_by) values (${w.ctx.businessId}, ${clientId}, ${w.ctx.userId}) returning id`);
  await w.audit({ action: "CREATE", entity: "comanda", entityId: k.id, description: `Comanda ${label({ clientName })} aberta (venda sem agendamento)`, newValues: { clientId } });
  return ok({ id: k.id });
}

/** 'Salvar comanda': the lines, the discount and the tips replaced, on the version the screen showed. */
export async function saveComanda(w: Write, input: SaveComanda): Promise<ActionResult<{ version: number }>> {
  const k = await lockOpen(w, input.id, input.version, M.saveError);
  if (!isComanda(k)) return k;
  await w.tx.delete(comandaLines).where(sql`${comandaLines.comandaId} = ${k.id}`);
  await w.tx.delete(comandaTips).where(sql`${comandaTips.comandaId} = ${k.id}`);
  if (input.lines.length) {
    await w.tx.insert(comandaLines).values(
      input.lines.map((l, position) => ({
        businessId: w.ctx.businessId, comandaId: k.id, position, kind: l.kind, serviceId: l.serviceId, productId: l.productId, name: l.name,
        professionalId: l.professionalId, quantity: l.quantity, unitCents: l.unitPrice,
        ...discountColumns(l.discount),
      })),
    );
  }
  if (input.tips.length) {
    await w.tx.insert(comandaTips).values(input.tips.map((t) => ({ businessId: w.ctx.businessId, comandaId: k.id, professionalId: t.professionalId, cents: t.cents })));
  }
  const version = k.version + 1;
  const whole = discountColumns(input.discount);
  await w.tx.execute(sql`
    update comandas set version = ${version}, discount_kind = ${whole.discountKind}, discount_value = ${whole.discountValue} where id = ${k.id}`);
  const before = k.figures.total;
  const after = billFigures(billOf(input.lines.map((l, i) => ({ ...l, id: String(i), unitCents: l.unitPrice })), input.discount, input.tips)).total;
  await w.audit({
    action: "UPDATE", entity: "comanda", entityId: k.id,
    description: `Comanda ${label(k)} alterada: ${input.lines.length} ${input.lines.length === 1 ? "item" : "itens"}, total ${brl(before)} → ${brl(after)}`,
    oldValues: { lines: k.lines.map((l) => `${l.quantity}× ${l.name} ${brl(l.unitCents)}`), total: before },
    newValues: { lines: input.lines.map((l) => `${l.quantity}× ${l.name} ${brl(l.unitPrice)}`), total: after },
  });
  return ok({ version });
}

/** The open register, held against its close until this transaction ends; null when none is open. */
async function holdOpenRegister(w: Write): Promise<string | null> {
  const [r] = await executePrepared<{ id: string }>(w.tx, sql`
    select id from cash_registers where business_id = ${w.ctx.businessId} and closed_at is null for share`);
  return r?.id ?? null;
}

/** The client's row locked (their balance is read and written under it); false when not the business's. */
async function lockClient(w: Write, clientId: string): Promise<boolean> {
  const [c] = await executePrepared<{ id: string }>(w.tx, sql`select id from clients where id = ${clientId} and business_id = ${w.ctx.businessId} for update`);
  return Boolean(c);
}

/**
 * 'Fechar comanda', one transaction: the payments, the register's movements, the stock's sales,
 * the commissions (each with the rate in force now) and the client's debt or credit. It closes only
 * at balance zero; cash over the total is change, given back or kept as a professional's tip.
 * Two devices closing at once: the second finds it closed (the row lock) and is told.
 */
export async function closeComanda(w: Write, input: CloseComanda): Promise<ActionResult<{ totalCents: number; changeCents: number }>> {
  const k = await lockOpen(w, input.id, input.version, M.closeError);
  if (!isComanda(k)) return k;
  if (k.lines.length === 0) return fail(M.closeError, M.emptyComanda);
  const owner = isOwnerLevel(w.ctx.business.role);
  // The Pix received by QR are payments already: taken first, each as its own Pix line (issue 54).
  const charges = await comandaCharges(w.tx, w.ctx.businessId, k.id);
  if (charges.active.length) return fail(M.closeError, M.pixAwaiting);
  const typed = [
    ...charges.paid.map((c) => ({ method: "pix" as const, cents: c.amount_cents, cardBrand: null, instalments: null, pixChargeId: c.id })),
    ...input.payments.map((p) => ({ ...p, pixChargeId: null })),
  ];
  if (!typed.length) return fail(M.closeError, M.noPayment);
  const methods = new Set(typed.map((p) => p.method));
  if (methods.has("debt") && !owner) return fail(M.closeError, M.debtOwnerOnly);
  if ((methods.has("debt") || methods.has("client_credit")) && !k.clientId) return fail(M.closeError, M.debtNeedsClient);

  // Tips as saved, plus the change when it is kept as one.
  let tips = k.tips;
  const firstSettle = settlement(k.figures.total, typed);
  if (firstSettle.overpaidByOther > 0) return fail(M.closeError, M.overpaid(brl(firstSettle.overpaidByOther)));
  let change = firstSettle.change;
  if (change > 0 && input.changeTipTo) {
    const to = input.changeTipTo;
    tips = tips.some((t) => t.professionalId === to)
      ? tips.map((t) => (t.professionalId === to ? { ...t, cents: t.cents + change } : t))
      : [...tips, { professionalId: to, cents: change }];
    await w.tx.execute(sql`
      insert into comanda_tips (business_id, comanda_id, professional_id, cents) values (${w.ctx.businessId}, ${k.id}, ${to}, ${change})
      on conflict (comanda_id, professional_id) do update set cents = comanda_tips.cents + excluded.cents`);
    change = 0;
  }
  const bill = billOf(k.lines, k.discount, tips);
  const figures = billFigures(bill);
  const settled = settlement(figures.total, typed);
  if (settled.due > 0) return fail(M.closeError, M.due_(brl(settled.due)));

  // One row per method as typed, cash less the change given back (what stays in the drawer).
  const fees = await cardFeesOf(w.ctx.businessId, w.tx);
  let changeLeft = change;
  const payments = typed.map((p) => {
    let cents = p.cents;
    if (p.method === "cash" && changeLeft > 0) {
      const back = Math.min(changeLeft, cents);
      cents -= back;
      changeLeft -= back;
    }
    const feeRate = p.method === "debit" ? fees.debit : p.method === "credit" ? fees.credit : 0;
    return { ...p, cents, feeRate };
  }).filter((p) => p.cents > 0);

  const registerId = payments.some((p) => REGISTER_METHODS.has(p.method)) ? await holdOpenRegister(w) : null;
  if (payments.some((p) => REGISTER_METHODS.has(p.method)) && !registerId) return fail(M.closeError, M.noRegister);

  const fromCredit = payments.filter((p) => p.method === "client_credit").reduce((a, p) => a + p.cents, 0);
  if (k.clientId && (fromCredit > 0 || methods.has("debt"))) {
    await lockClient(w, k.clientId);
    if (fromCredit > 0) {
      const balance = await clientBalance(w.ctx.businessId, k.clientId, w.tx);
      if (balance < fromCredit) return fail(M.closeError, M.noCredit(brl(Math.max(0, balance))));
    }
  }

  // Stock: each product line sold, under its product's lock (refused below zero, naming the stock).
  for (const line of k.lines) {
    if (line.kind !== "product" || !line.productId) continue;
    const sold = await recordMovement(w, line.productId, { kind: "sale", quantity: -line.quantity, reason: `Comanda ${label(k)}` }, M.closeError);
    if (!sold.ok) return { ...sold, description: `"${line.name}": ${sold.description ?? ""}`.trim() };
  }

  const dayOf = await commissionDays(w, todayInBusiness());
  const ruleOf = await commissionRules(w.ctx.businessId, [...k.lines.map((l) => l.professionalId), ...tips.map((t) => t.professionalId)].filter((x): x is string => Boolean(x)), w.tx);
  const entries = commissionEntries(bill, payments.map((p): Payment => ({ method: p.method, cents: p.cents, feeRate: p.feeRate })), ruleOf);

  await w.tx.insert(comandaPayments).values(payments.map((p) => ({
    businessId: w.ctx.businessId, comandaId: k.id, method: p.method, cents: p.cents, cardBrand: p.cardBrand, instalments: p.instalments, feeRate: p.feeRate,
    pixChargeId: p.pixChargeId, userId: w.ctx.userId,
  })));
  const toRegister = payments.filter((p) => REGISTER_METHODS.has(p.method));
  if (registerId && toRegister.length) {
    await w.tx.insert(cashMovements).values(toRegister.map((p) => ({
      businessId: w.ctx.businessId, registerId, kind: "payment" as const, method: p.method as "cash" | "pix" | "debit" | "credit", cents: p.cents, comandaId: k.id, userId: w.ctx.userId,
    })));
  }
  const balanceRows = payments.filter((p) => p.method === "debt" || p.method === "client_credit");
  if (k.clientId && balanceRows.length) {
    await w.tx.insert(clientBalanceMovements).values(balanceRows.map((p) => ({
      businessId: w.ctx.businessId, clientId: k.clientId!, comandaId: k.id, kind: p.method === "debt" ? ("debt" as const) : ("credit_use" as const), cents: -p.cents, userId: w.ctx.userId,
    })));
  }
  if (entries.length) {
    await w.tx.insert(commissionEntriesTable).values(entries.map((e) => ({
      businessId: w.ctx.businessId, professionalId: e.professionalId, comandaId: k.id, lineId: e.line === null ? null : k.lines[e.line].id,
      kind: e.kind, occurredOn: dayOf(e.professionalId), description: entryDescription(e.line === null ? M.tip : k.lines[e.line].name, k),
      baseCents: e.baseCents, rateKind: e.rate?.kind ?? null, rateValue: e.rate ? (e.rate.kind === "percent" ? e.rate.rate : e.rate.cents) : null,
      cents: e.cents, userId: w.ctx.userId,
    })));
  }
  await w.tx.execute(sql`
    update comandas set status = 'closed', total_cents = ${figures.total}, closed_at = now(), closed_by = ${w.ctx.userId}, closed_on = ${todayInBusiness()},
           register_id = ${registerId}, version = version + 1
     where id = ${k.id}`);
  const paid = payments.map((p) => `${PAYMENT_METHODS[p.method]} ${brl(p.cents)}`).join(", ");
  await w.audit({
    action: "UPDATE", entity: "comanda", entityId: k.id,
    description: `Comanda ${label(k)} fechada: total ${brl(figures.total)}; ${paid}${change > 0 ? `; troco ${brl(change)}` : ""}${firstSettle.change > 0 && input.changeTipTo ? `; troco de ${brl(firstSettle.change)} como gorjeta` : ""}`,
    newValues: { total: figures.total, payments: payments.map((p) => ({ method: p.method, cents: p.cents })), commissions: entries.map((e) => ({ professionalId: e.professionalId, kind: e.kind, cents: e.cents })) },
  });
  return ok({ totalCents: figures.total, changeCents: change });
}

/**
 * The day a professional's new commission entry counts on: today, or the day after the last period
 * already marked as paid for them when it covers today, so an entry never hides in a paid statement.
 */
async function commissionDays(w: Write, today: string): Promise<(professionalId: string) => string> {
  const rows = await executePrepared<{ professional_id: string; until: string }>(w.tx, sql`
    select professional_id, max(period_end)::text as until from commission_payouts
     where business_id = ${w.ctx.businessId} and period_end >= ${today} group by professional_id`);
  const paid = new Map(rows.map((r) => [r.professional_id, addDays(r.until, 1)]));
  return (professionalId) => paid.get(professionalId) ?? today;
}

const entryDescription = (what: string, k: { clientName: string | null }) => `${what} · ${k.clientName ?? M.walkIn}`.slice(0, 200);

/**
 * 'Estornar' (the owner's): the opposite of everything the close wrote, in the register open now,
 * the stock, the commissions and the client's balance, with the reason. Nothing is edited or
 * deleted; the comanda is marked reversed and stays in every list.
 */
export async function reverseComanda(w: Write, id: string, reason: string): Promise<ActionResult> {
  const k = await lockComanda(w, id);
  if (!k) return fail(M.reverseError, M.notFound);
  if (k.status === "reversed") return fail(M.reverseError, M.alreadyReversed);
  if (k.status !== "closed") return fail(M.reverseError, M.notClosed);
  const payments = k.payments.filter((p) => !p.reversal);
  const registerId = payments.some((p) => REGISTER_METHODS.has(p.method)) ? await holdOpenRegister(w) : null;
  if (payments.some((p) => REGISTER_METHODS.has(p.method)) && !registerId) return fail(M.reverseError, M.noRegister);
  if (k.clientId && payments.some((p) => !REGISTER_METHODS.has(p.method))) await lockClient(w, k.clientId);

  for (const line of k.lines) {
    if (line.kind !== "product" || !line.productId) continue;
    const back = await recordMovement(w, line.productId, { kind: "reversal", quantity: line.quantity, reason: `Estorno da comanda ${label(k)}` }, M.reverseError);
    if (!back.ok) return back;
  }
  const [stored] = await Promise.all([
    w.tx.select().from(commissionEntriesTable).where(sql`${commissionEntriesTable.comandaId} = ${k.id} and ${commissionEntriesTable.reversal} = 0`),
  ]);
  const dayOf = await commissionDays(w, todayInBusiness());
  if (payments.length) {
    await w.tx.insert(comandaPayments).values(payments.map((p) => ({
      businessId: w.ctx.businessId, comandaId: k.id, method: p.method, cents: -p.cents, reversal: 1, cardBrand: p.cardBrand, instalments: p.instalments, userId: w.ctx.userId,
    })));
  }
  const fromRegister = payments.filter((p) => REGISTER_METHODS.has(p.method));
  if (registerId && fromRegister.length) {
    await w.tx.insert(cashMovements).values(fromRegister.map((p) => ({
      businessId: w.ctx.businessId, registerId, kind: "reversal" as const, method: p.method as "cash" | "pix" | "debit" | "credit", cents: -p.cents, comandaId: k.id, reason, userId: w.ctx.userId,
    })));
  }
  const balanceRows = payments.filter((p) => p.method === "debt" || p.method === "client_credit");
  if (k.clientId && balanceRows.length) {
    await w.tx.insert(clientBalanceMovements).values(balanceRows.map((p) => ({
      businessId: w.ctx.businessId, clientId: k.clientId!, comandaId: k.id, kind: "reversal" as const, cents: p.cents, userId: w.ctx.userId,
    })));
  }
  const opposite = reversalOf(stored.map((e) => ({
    kind: e.kind as "service" | "product" | "tip", professionalId: e.professionalId, line: null, baseCents: e.baseCents, rate: null, cents: e.cents,
  })));
  if (stored.length) {
    await w.tx.insert(commissionEntriesTable).values(stored.map((e, i) => ({
      businessId: w.ctx.businessId, professionalId: e.professionalId, comandaId: k.id, lineId: e.lineId, kind: e.kind, occurredOn: dayOf(e.professionalId),
      description: `Estorno: ${e.description}`.slice(0, 200), baseCents: opposite[i].baseCents, rateKind: e.rateKind, rateValue: e.rateValue,
      cents: opposite[i].cents, reversal: 1, userId: w.ctx.userId,
    })));
  }
  await w.tx.execute(sql`
    update comandas set status = 'reversed', reversed_at = now(), reversed_by = ${w.ctx.userId}, reversal_reason = ${reason} where id = ${k.id}`);
  await w.audit({
    action: "UPDATE", entity: "comanda", entityId: k.id,
    description: `Comanda ${label(k)} estornada (${brl(k.totalCents ?? 0)}): ${reason}`,
    oldValues: { status: "closed" }, newValues: { status: "reversed", reason },
  });
  return ok();
}

/** 'Excluir comanda': an open one only (opened by mistake); a closed one is reversed instead. */
export async function deleteOpenComanda(w: Write, id: string): Promise<ActionResult> {
  const k = await lockComanda(w, id);
  if (!k) return fail(M.deleteError, M.notFound);
  if (k.status !== "open") return fail(M.deleteError, M.notOpen);
  if ((await comandaCharges(w.tx, w.ctx.businessId, k.id)).paid.length) return fail(M.deleteError, PIX_MESSAGES.paidCantDelete);
  await w.tx.execute(sql`delete from comandas where id = ${k.id}`);
  await w.audit({ action: "DELETE", entity: "comanda", entityId: k.id, description: `Comanda ${label(k)} excluída (aberta, ${brl(k.figures.total)})`, oldValues: { total: k.figures.total } });
  return ok();
}

/** 'Receber pagamento' on a client's page: a debt paid, or credit left, into the open register. */
export async function receiveClientPayment(
  w: Write, input: { clientId: string; method: "cash" | "pix" | "debit" | "credit"; amount: number },
): Promise<ActionResult<{ balance: number }>> {
  if (!(await lockClient(w, input.clientId))) return fail(M.receiveError, M.clientNotHere);
  const registerId = await holdOpenRegister(w);
  if (!registerId) return fail(M.receiveError, M.noRegister);
  const before = await clientBalance(w.ctx.businessId, input.clientId, w.tx);
  await w.tx.insert(cashMovements).values({ businessId: w.ctx.businessId, registerId, kind: "payment", method: input.method, cents: input.amount, userId: w.ctx.userId });
  await w.tx.insert(clientBalanceMovements).values({ businessId: w.ctx.businessId, clientId: input.clientId, kind: "payment", cents: input.amount, userId: w.ctx.userId });
  await w.audit({
    action: "UPDATE", entity: "client", entityId: input.clientId,
    description: `Pagamento recebido do cliente: ${PAYMENT_METHODS[input.method]} ${brl(input.amount)}; saldo ${brl(before)} → ${brl(before + input.amount)}`,
    oldValues: { balance: before }, newValues: { balance: before + input.amount },
  });
  return ok({ balance: before + input.amount });
}

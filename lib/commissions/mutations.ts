import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { businessCardFees, commissionEntries, commissionPayouts, professionalCommissions, professionalServiceCommissions, professionals } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { formatDate } from "@/lib/core/format/date";
import { formatCents as brl } from "@/lib/core/format/money";
import { COMMISSION_MESSAGES as M, STATEMENT_MESSAGES as S } from "./messages";
import { commissionOf } from "./queries";
import { formatRate, rateOf } from "./rates";
import type { advanceSchema, cardFeesSchema, commissionSchema, payoutSchema } from "./schemas";

type Input = z.output<typeof commissionSchema>;

/**
 * 'Comissão de …': the professional's rule and their services' own rates, replaced whole, under the
 * professional's row lock, with one audit row (the professional's) naming the new rates. Closed
 * comandas keep the rates they were closed with.
 */
export async function setCommission({ ctx, tx, audit }: Write, input: Input): Promise<ActionResult> {
  const [pro] = await tx
    .select({ id: professionals.id, name: professionals.name })
    .from(professionals)
    .where(and(eq(professionals.id, input.professionalId), eq(professionals.businessId, ctx.businessId)))
    .for("update");
  if (!pro) return fail(M.saveError, M.notFound);
  const before = await commissionOf(ctx.businessId, pro.id, tx);
  const { services, products } = input as { services: NonNullable<Input["services"]>; products: NonNullable<Input["products"]> };
  const values = {
    businessId: ctx.businessId,
    servicesKind: services.kind, servicesValue: services.value,
    productsKind: products.kind, productsValue: products.value,
    base: input.base, updatedBy: ctx.userId, updatedAt: new Date(),
  };
  await tx
    .insert(professionalCommissions)
    .values({ professionalId: pro.id, ...values })
    .onConflictDoUpdate({ target: professionalCommissions.professionalId, set: values });
  await tx.delete(professionalServiceCommissions).where(eq(professionalServiceCommissions.professionalId, pro.id));
  const own = input.overrides.flatMap((o) => (o.rate ? [{ businessId: ctx.businessId, professionalId: pro.id, serviceId: o.serviceId, kind: o.rate.kind, value: o.rate.value }] : []));
  if (own.length) await tx.insert(professionalServiceCommissions).values(own);
  const after = await commissionOf(ctx.businessId, pro.id, tx);
  const text = `serviços ${formatRate(rateOf(services.kind, services.value))}, produtos ${formatRate(rateOf(products.kind, products.value))}` +
    `${input.base === "net_of_card_fee" ? ", descontada a taxa do cartão" : ""}${own.length ? `, ${own.length} ${own.length === 1 ? "exceção" : "exceções"} por serviço` : ""}`;
  await audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: `Comissão de ${pro.name}: ${text}`,
    oldValues: { commission: before }, newValues: { commission: after },
  });
  return ok();
}

// ── the statement: vales, payouts, card fees ──

/** The business's professional, locked: a vale and a payout of one professional are written one at a time. */
async function lockProfessional({ ctx, tx }: Write, professionalId: string) {
  const [pro] = await tx
    .select({ id: professionals.id, name: professionals.name })
    .from(professionals)
    .where(and(eq(professionals.id, professionalId), eq(professionals.businessId, ctx.businessId)))
    .for("update");
  return pro ?? null;
}

/** The payout whose period holds `day`, if any. */
async function paidPeriodOf({ ctx, tx }: Write, professionalId: string, day: string) {
  const [row] = await tx.execute<{ paid_on: string }>(sql`
    select paid_on::text from commission_payouts
    where business_id = ${ctx.businessId} and professional_id = ${professionalId} and ${day}::date between period_start and period_end limit 1`);
  return row ?? null;
}

/**
 * 'Lançar vale': an advance paid to the professional, a negative entry of the ledger on its day, with
 * one audit row. A day already inside a paid period is refused (that payout's total would no
 * longer be the period's).
 */
export async function addAdvance(w: Write, input: z.output<typeof advanceSchema>): Promise<ActionResult> {
  const pro = await lockProfessional(w, input.professionalId);
  if (!pro) return fail(S.advanceError, S.notFound);
  const paid = await paidPeriodOf(w, pro.id, input.date);
  if (paid) return fail(S.advanceError, S.dayPaid(formatDate(paid.paid_on)), { date: S.dayPaid(formatDate(paid.paid_on)) });
  const [row] = await w.tx
    .insert(commissionEntries)
    .values({
      businessId: w.ctx.businessId, professionalId: pro.id, kind: "advance", occurredOn: input.date,
      description: `Vale: ${input.reason}`, baseCents: -input.amount, cents: -input.amount, userId: w.ctx.userId,
    })
    .returning({ id: commissionEntries.id });
  await w.audit({
    action: "CREATE", entity: "professional", entityId: pro.id,
    description: `Vale de ${brl(input.amount)} para ${pro.name} em ${formatDate(input.date)}: ${input.reason}`,
    newValues: { advance: row.id, cents: -input.amount, date: input.date, reason: input.reason },
  });
  return ok();
}

/**
 * 'Marcar como pago': the period's statement paid on a day, with the period's total (the ledger's
 * sum) and one audit row. A period meeting one already paid is refused by the exclusion constraint
 * `commission_payouts_no_overlap` (the action words it).
 */
export async function markPaid(w: Write, input: z.output<typeof payoutSchema>): Promise<ActionResult> {
  const pro = await lockProfessional(w, input.professionalId);
  if (!pro) return fail(S.paidError, S.notFound);
  const { from, to } = input.period;
  const [{ due }] = await w.tx.execute<{ due: string }>(sql`
    select coalesce(sum(cents), 0) as due from commission_entries
    where business_id = ${w.ctx.businessId} and professional_id = ${pro.id} and occurred_on between ${from}::date and ${to}::date`);
  const cents = Number(due);
  const [row] = await w.tx
    .insert(commissionPayouts)
    .values({ businessId: w.ctx.businessId, professionalId: pro.id, periodStart: from, periodEnd: to, paidOn: input.paidOn, cents, userId: w.ctx.userId })
    .returning({ id: commissionPayouts.id });
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: `Comissões de ${pro.name} de ${formatDate(from)} a ${formatDate(to)} pagas em ${formatDate(input.paidOn)}: ${brl(cents)}`,
    newValues: { payout: row.id, periodStart: from, periodEnd: to, paidOn: input.paidOn, cents },
  });
  return ok();
}

/** 'Taxas do cartão': the debit and credit fees (basis points), with one audit row naming them. */
export async function setCardFees({ ctx, tx, audit }: Write, input: z.output<typeof cardFeesSchema>): Promise<ActionResult> {
  const [before] = await tx.select({ debit: businessCardFees.debit, credit: businessCardFees.credit }).from(businessCardFees).where(eq(businessCardFees.businessId, ctx.businessId)).for("update");
  const values = { debit: input.debit, credit: input.credit, updatedBy: ctx.userId, updatedAt: new Date() };
  await tx.insert(businessCardFees).values({ businessId: ctx.businessId, ...values }).onConflictDoUpdate({ target: businessCardFees.businessId, set: values });
  const pct = (bp: number) => formatRate({ kind: "percent", rate: bp });
  await audit({
    action: "UPDATE", entity: "cash_register", entityId: null,
    description: `Taxas do cartão: débito ${pct(input.debit)}, crédito ${pct(input.credit)}`,
    oldValues: before ? { cardFees: before } : undefined, newValues: { cardFees: { debit: input.debit, credit: input.credit } },
  });
  return ok();
}

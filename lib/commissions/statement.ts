import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { CommissionEntryKind } from "@/db/schema";
import type { Rate } from "@/lib/comandas/rules/commissions";
import { isOwnerLevel } from "@/lib/auth/roles";
import type { BusinessRole } from "@/lib/auth/roles";
import { comandaLineFigures } from "./line-figures";
import { rateOf } from "./rates";

export type StatementEntry = {
  id: string;
  /** YYYY-MM-DD, the business day it counts on. */
  occurredOn: string;
  kind: CommissionEntryKind;
  description: string;
  baseCents: number;
  /** The rate it used (the snapshot); null for a tip or a vale. */
  rate: Rate | null;
  cents: number;
  /** One of the negated entries an 'Estornar' wrote. */
  reversal: boolean;
};

export type StatementTotals = {
  /** Σ of the service and product entries. */
  commissions: number;
  tips: number;
  /** Σ of the vales (negative). */
  advances: number;
  /** Σ of every entry: what the salon owes the professional for the period. */
  due: number;
};

export type StatementPayout = { id: string; periodStart: string; periodEnd: string; paidOn: string; cents: number };

export type Statement = {
  professional: { id: string; name: string };
  from: string;
  to: string;
  entries: StatementEntry[];
  totals: StatementTotals;
  /** 'O salão fica com': Σ (line net − its card-fee share) − Σ commissions, over the professional's lines (docs/features/checkout.md). */
  salonKeeps: number;
  /** The payouts whose period meets this one. */
  payouts: StatementPayout[];
};

type Member = { role: BusinessRole; professionalId: string | null };

/**
 * Whose statement a member may read: an owner (or administrator) any professional's of the
 * business; an employee only the professional linked to them ('Profissional vinculado'), none
 * with no link. Every read of a statement (pages, the CSV) asks this on the server.
 */
export function mayReadStatement(member: Member, professionalId: string): boolean {
  return isOwnerLevel(member.role) || (!!member.professionalId && member.professionalId === professionalId);
}

type EntryRow = { id: string; occurred_on: string; kind: CommissionEntryKind; description: string; base_cents: number; rate_kind: Rate["kind"] | null; rate_value: number | null; cents: number; reversal: number; comanda_id: string | null; line_id: string | null };

const inPeriod = (businessId: string, professionalId: string, from: string, to: string, alias = sql``) =>
  sql`${alias}business_id = ${businessId} and ${alias}professional_id = ${professionalId} and ${alias}occurred_on between ${from}::date and ${to}::date`;

/** The period's entries, oldest first; a comanda's in the order of its lines, its tip last. */
export async function statementEntries(businessId: string, professionalId: string, from: string, to: string, conn: Conn = db) {
  return conn.execute<EntryRow>(sql`
    select e.id, e.occurred_on::text, e.kind, e.description, e.base_cents, e.rate_kind, e.rate_value, e.cents, e.reversal, e.comanda_id, e.line_id
    from commission_entries e
    left join comanda_lines l on l.id = e.line_id
    where ${inPeriod(businessId, professionalId, from, to, sql`e.`)}
    order by e.occurred_on, e.created_at, e.comanda_id, l.position nulls last, e.id`);
}

const toEntry = (r: EntryRow): StatementEntry => ({
  id: r.id, occurredOn: r.occurred_on, kind: r.kind, description: r.description, baseCents: r.base_cents,
  rate: r.rate_kind ? rateOf(r.rate_kind, r.rate_value!) : null, cents: r.cents, reversal: r.reversal === 1,
});

/**
 * One professional's statement ('Extrato') for a period of business days, both ends included; null
 * when the professional is not the business's. The totals are SQL sums over the ledger; reversed
 * entries are listed beside what they reverse. The caller has checked `mayReadStatement`.
 */
export async function commissionStatement(businessId: string, professionalId: string, from: string, to: string, conn: Conn = db): Promise<Statement | null> {
  const [pro] = await conn.execute<{ id: string; name: string }>(sql`select id, name from professionals where id = ${professionalId} and business_id = ${businessId}`);
  if (!pro) return null;
  const [rows, [sums], payouts] = await Promise.all([
    statementEntries(businessId, professionalId, from, to, conn),
    conn.execute<{ commissions: string; tips: string; advances: string; due: string }>(sql`
      select coalesce(sum(cents) filter (where kind in ('service', 'product')), 0) as commissions,
             coalesce(sum(cents) filter (where kind = 'tip'), 0) as tips,
             coalesce(sum(cents) filter (where kind = 'advance'), 0) as advances,
             coalesce(sum(cents), 0) as due
      from commission_entries where ${inPeriod(businessId, professionalId, from, to)}`),
    conn.execute<{ id: string; period_start: string; period_end: string; paid_on: string; cents: number }>(sql`
      select id, period_start::text, period_end::text, paid_on::text, cents from commission_payouts
      where business_id = ${businessId} and professional_id = ${professionalId}
        and daterange(period_start, period_end, '[]') && daterange(${from}::date, ${to}::date, '[]')
      order by period_start`),
  ]);
  return {
    professional: pro,
    from,
    to,
    entries: rows.map(toEntry),
    totals: { commissions: Number(sums.commissions), tips: Number(sums.tips), advances: Number(sums.advances), due: Number(sums.due) },
    salonKeeps: await salonKeeps(businessId, rows, conn),
    payouts: payouts.map((p) => ({ id: p.id, periodStart: p.period_start, periodEnd: p.period_end, paidOn: p.paid_on, cents: p.cents })),
  };
}

/**
 * 'O salão fica com', over the professional's line entries: for each, its line's net less the line's
 * share of the card fees (the bill's rules, `comandaLineFigures`), less the commission it paid; a
 * reversal's entry counts the line negated. Tips are the professional's whole and are left out.
 */
async function salonKeeps(businessId: string, rows: readonly EntryRow[], conn: Conn): Promise<number> {
  const lines = rows.filter((r) => (r.kind === "service" || r.kind === "product") && r.line_id);
  const figures = await comandaLineFigures(businessId, [...new Set(lines.map((r) => r.comanda_id!))], conn);
  return lines.reduce((sum, r) => {
    const line = figures.get(r.line_id!);
    const brought = line ? line.net - line.cardFee : 0;
    return sum + (r.reversal === 1 ? -brought : brought) - r.cents;
  }, 0);
}

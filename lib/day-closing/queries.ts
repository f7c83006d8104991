import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { ComandaPaymentMethod } from "@/db/schema";
import { comandaLineFigures } from "@/lib/commissions/line-figures";
import { addDays } from "@/lib/core/time/business-date";
import { startOfBusinessDay } from "@/lib/core/time/business-time";

export const DAY_METHODS = ["cash", "pix", "debit", "credit", "client_credit", "debt"] as const satisfies readonly ComandaPaymentMethod[];

export type ProfessionalDay = {
  /** Null: the lines sold with nobody (a product at the desk). */
  professionalId: string | null;
  name: string;
  services: number;
  products: number;
  tips: number;
  commissions: number;
};

export type DayClosing = {
  /** YYYY-MM-DD, a business day. */
  date: string;
  /** Comandas closed that day, and comandas reversed that day. */
  closed: number;
  reversed: number;
  /** Per payment method: what the comandas closed that day took, less what the day's reversals gave back. */
  methods: Record<ComandaPaymentMethod, number>;
  /** Σ of the methods. */
  total: number;
  professionals: ProfessionalDay[];
};

/**
 * 'Fechamento do dia': a business day's comandas. A comanda counts on the day it closed (its
 * `closed_on`) and, reversed, again negated on the day of its reversal; so its payment rows count on
 * the close's day and their reversal rows on the reversal's. Per method and the commissions and tips
 * are SQL sums over the ledgers (commission entries count on their `occurred_on`, which is that
 * same day); the lines' nets are the bill's rules' (`comandaLineFigures`), summed per professional.
 */
export async function dayClosing(businessId: string, date: string, conn: Conn = db): Promise<DayClosing> {
  const from = startOfBusinessDay(date).toISOString();
  const to = startOfBusinessDay(addDays(date, 1)).toISOString();
  const reversedThatDay = sql`c.status = 'reversed' and c.reversed_at >= ${from}::timestamptz and c.reversed_at < ${to}::timestamptz`;
  const dayComandas = sql`select c.id from comandas c where c.business_id = ${businessId} and (c.closed_on = ${date}::date or (${reversedThatDay}))`;
  // One round trip: the comandas, the methods, the entries with their professionals' names, and the lines.
  const [comandas, methods, earned, lines] = await Promise.all([
    conn.execute<{ id: string; closed_today: boolean; reversed_today: boolean }>(sql`
      select c.id, coalesce(c.closed_on = ${date}::date, false) as closed_today, coalesce(${reversedThatDay}, false) as reversed_today
      from comandas c
      where c.business_id = ${businessId} and (c.closed_on = ${date}::date or (${reversedThatDay}))`),
    conn.execute<{ method: ComandaPaymentMethod; cents: string }>(sql`
      select p.method, sum(p.cents) as cents
      from comanda_payments p
      join comandas c on c.id = p.comanda_id and c.business_id = p.business_id
      where p.business_id = ${businessId}
        and ((p.reversal = 0 and c.closed_on = ${date}::date) or (p.reversal = 1 and ${reversedThatDay}))
      group by p.method`),
    conn.execute<{ professional_id: string; name: string; tips: string; commissions: string }>(sql`
      select e.professional_id, p.name,
             coalesce(sum(e.cents) filter (where e.kind = 'tip'), 0) as tips,
             coalesce(sum(e.cents) filter (where e.kind in ('service', 'product')), 0) as commissions
      from commission_entries e
      join professionals p on p.id = e.professional_id
      where e.business_id = ${businessId} and e.occurred_on = ${date}::date and e.kind <> 'advance'
      group by e.professional_id, p.name`),
    comandaLineFigures(businessId, dayComandas, conn),
  ]);
  const byMethod = Object.fromEntries(DAY_METHODS.map((m) => [m, 0])) as Record<ComandaPaymentMethod, number>;
  for (const m of methods) byMethod[m.method] = Number(m.cents);

  // The day's lines: + for a comanda closed that day, − for one reversed that day (both: nothing).
  const sign = new Map(comandas.map((c) => [c.id, (c.closed_today ? 1 : 0) - (c.reversed_today ? 1 : 0)]));
  const rows = new Map<string | null, ProfessionalDay>();
  const rowOf = (id: string | null) => rows.get(id) ?? rows.set(id, { professionalId: id, name: "", services: 0, products: 0, tips: 0, commissions: 0 }).get(id)!;
  for (const line of lines.values()) {
    const s = sign.get(line.comandaId) ?? 0;
    if (s === 0) continue;
    const row = rowOf(line.professionalId);
    if (line.kind === "service") row.services += s * line.net;
    else row.products += s * line.net;
  }
  for (const e of earned) {
    const row = rowOf(e.professional_id);
    row.tips += Number(e.tips);
    row.commissions += Number(e.commissions);
  }
  // Every line with a professional has its entry (0 with no rule), so the entries name them all.
  for (const e of earned) rows.get(e.professional_id)!.name = e.name;
  const none = rows.get(null);
  if (none) none.name = "Sem profissional";
  const professionals = [...rows.values()].sort((a, b) => (a.professionalId === null ? 1 : b.professionalId === null ? -1 : a.name.localeCompare(b.name, "pt-BR")));
  return {
    date,
    closed: comandas.filter((c) => c.closed_today).length,
    reversed: comandas.filter((c) => c.reversed_today).length,
    methods: byMethod,
    total: Object.values(byMethod).reduce((a, b) => a + b, 0),
    professionals,
  };
}

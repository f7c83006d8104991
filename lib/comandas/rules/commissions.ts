/**
 * The professionals' shares under the salão-parceiro law (Lei 13.352/2016): each line of a closed
 * comanda pays its professional a commission by the rule in force at the close, written with the
 * rate it used (a snapshot), so a later rate change rewrites nothing. Tips go to their
 * professional whole. Pure: closing a comanda writes what `commissionEntries` returns.
 */
import { apportion, percentOf, type BasisPoints, type Cents } from "./money";
import { billFigures, cardFees, type Bill, type LineKind, type Payment } from "./totals";

/** A % of the line, or a fixed amount per unit (never more than the line brought in). */
export type Rate = { kind: "percent"; rate: BasisPoints } | { kind: "fixed"; cents: Cents };

/**
 * A professional's rule: one rate for services and one for products, overrides per service or
 * product (by id), computed on the line's amount (`gross`: what the client paid for it, after
 * discounts) or on that less its share of the card fees (`net_of_card_fee`).
 */
export type CommissionRule = {
  services: Rate;
  products: Rate;
  overrides?: Readonly<Record<string, Rate>>;
  base: "gross" | "net_of_card_fee";
};

export type CommissionEntry = {
  kind: LineKind | "tip";
  professionalId: string;
  /** The line's index in the bill; null for a tip. */
  line: number | null;
  /** The amount the rate applied to. */
  baseCents: Cents;
  /** The rate used, as written (the snapshot). Null for a tip. */
  rate: Rate | null;
  cents: Cents;
};

const NO_RULE: CommissionRule = { services: { kind: "percent", rate: 0 }, products: { kind: "percent", rate: 0 }, base: "gross" };

export function commissionOf(base: Cents, quantity: number, rate: Rate): Cents {
  if (rate.kind === "percent") return percentOf(base, rate.rate);
  return Math.max(0, Math.min(base, rate.cents * quantity));
}

/**
 * The entries a comanda's close writes: one per line with a professional, one per tip. A
 * professional with no rule earns nothing on their lines (an entry of 0, so the statement lists
 * the line). The card fees, when a rule asks for the net, are apportioned over all the lines by
 * their amounts (largest remainder): a tip reaches its professional whole, its fee is the salon's.
 */
export function commissionEntries(
  bill: Bill,
  payments: readonly Payment[],
  rules: Readonly<Record<string, CommissionRule>>,
): CommissionEntry[] {
  const figures = billFigures(bill);
  const nets = figures.lines.map((l) => l.net);
  const fees = nets.length ? apportion(Math.min(cardFees(payments), nets.reduce((a, b) => a + b, 0)), nets) : [];
  const entries: CommissionEntry[] = [];
  bill.lines.forEach((line, i) => {
    if (!line.professionalId) return;
    const rule = rules[line.professionalId] ?? NO_RULE;
    const rate = rule.overrides?.[line.itemId] ?? (line.kind === "service" ? rule.services : rule.products);
    const base = rule.base === "net_of_card_fee" ? nets[i] - fees[i] : nets[i];
    entries.push({ kind: line.kind, professionalId: line.professionalId, line: i, baseCents: base, rate, cents: commissionOf(base, line.quantity, rate) });
  });
  for (const tip of bill.tips ?? []) {
    entries.push({ kind: "tip", professionalId: tip.professionalId, line: null, baseCents: tip.cents, rate: null, cents: tip.cents });
  }
  return entries;
}

/** The opposite entries a reversal ('Estornar') writes: the same lines, every amount negated. */
export function reversalOf(entries: readonly CommissionEntry[]): CommissionEntry[] {
  return entries.map((e) => ({ ...e, baseCents: -e.baseCents || 0, cents: -e.cents || 0 }));
}

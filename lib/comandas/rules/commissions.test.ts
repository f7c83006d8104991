import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { commissionEntries, reversalOf, type CommissionRule } from "./commissions";
import { percentOf } from "./money";
import { billFigures, settlement, type Bill, type ComandaLine, type Payment } from "./totals";

const JOAO = "joao";
const joaoRule: CommissionRule = {
  services: { kind: "percent", rate: 5000 },
  products: { kind: "percent", rate: 1000 },
  base: "gross",
};

/** The scenario: Corte + Barba (R$ 80) and a pomada (R$ 45); Pix 60 + cash 70; the R$ 5 change is João's tip. */
const visit: Bill = {
  lines: [
    { kind: "service", itemId: "corte", professionalId: JOAO, quantity: 1, unitCents: 5000 },
    { kind: "service", itemId: "barba", professionalId: JOAO, quantity: 1, unitCents: 3000 },
    { kind: "product", itemId: "pomada", professionalId: JOAO, quantity: 1, unitCents: 4500 },
  ],
};
const paid: Payment[] = [
  { method: "pix", cents: 6000 },
  { method: "cash", cents: 7000 },
];

describe("the barbershop's visit", () => {
  test("R$ 125,00 owed, R$ 130,00 paid: R$ 5,00 of cash change", () => {
    const { total } = billFigures(visit);
    expect(total).toBe(12_500);
    expect(settlement(total, paid)).toEqual({ paid: 13_000, due: 0, change: 500, overpaidByOther: 0 });
  });

  test("the change kept as João's tip settles the bill; João earns R$ 40,00 + R$ 4,50 and his tip R$ 5,00", () => {
    const withTip: Bill = { ...visit, tips: [{ professionalId: JOAO, cents: 500 }] };
    const { total } = billFigures(withTip);
    expect(total).toBe(13_000);
    expect(settlement(total, paid)).toEqual({ paid: 13_000, due: 0, change: 0, overpaidByOther: 0 });

    const entries = commissionEntries(withTip, paid, { [JOAO]: joaoRule });
    const services = entries.filter((e) => e.kind === "service").reduce((a, e) => a + e.cents, 0);
    const products = entries.filter((e) => e.kind === "product").reduce((a, e) => a + e.cents, 0);
    const tips = entries.filter((e) => e.kind === "tip").reduce((a, e) => a + e.cents, 0);
    expect([services, products, tips]).toEqual([4000, 450, 500]);
    // The snapshot: each line says which rate it used.
    expect(entries[2].rate).toEqual({ kind: "percent", rate: 1000 });
  });

  test("a reversal writes the opposite entries: the sums come back to zero", () => {
    const entries = commissionEntries(visit, paid, { [JOAO]: joaoRule });
    const both = [...entries, ...reversalOf(entries)];
    expect(both.reduce((a, e) => a + e.cents, 0)).toBe(0);
    expect(reversalOf(entries).map((e) => e.cents)).toEqual([-2500, -1500, -450]);
  });
});

describe("discounts", () => {
  test("a line's R$ or % off, never below zero", () => {
    const bill: Bill = {
      lines: [
        { kind: "service", itemId: "a", professionalId: null, quantity: 2, unitCents: 3000, discount: { kind: "percent", rate: 1000 } },
        { kind: "product", itemId: "b", professionalId: null, quantity: 1, unitCents: 1000, discount: { kind: "amount", cents: 5000 } },
      ],
    };
    const f = billFigures(bill);
    expect(f.lines.map((l) => [l.gross, l.lineDiscount, l.net])).toEqual([[6000, 600, 5400], [1000, 1000, 0]]);
    expect(f.total).toBe(5400);
  });

  test("the whole comanda's discount reaches the lines in proportion, and commissions start from what was paid", () => {
    const bill: Bill = { ...visit, discount: { kind: "amount", cents: 1000 } };
    const f = billFigures(bill);
    // R$ 10 over 50, 30 and 45: 4,00 + 2,40 + 3,60.
    expect(f.lines.map((l) => l.sharedDiscount)).toEqual([400, 240, 360]);
    expect(f.total).toBe(11_500);
    const entries = commissionEntries(bill, [], { [JOAO]: joaoRule });
    expect(entries.map((e) => e.cents)).toEqual([2300, 1380, 414]);
  });
});

describe("rules", () => {
  test("an override per service, a fixed amount per unit (capped at the line), the net of the card fee", () => {
    const rule: CommissionRule = {
      services: { kind: "percent", rate: 4000 },
      products: { kind: "fixed", cents: 300 },
      overrides: { barba: { kind: "percent", rate: 6000 } },
      base: "net_of_card_fee",
    };
    const bill: Bill = {
      lines: [
        { kind: "service", itemId: "corte", professionalId: JOAO, quantity: 1, unitCents: 5000 },
        { kind: "service", itemId: "barba", professionalId: JOAO, quantity: 1, unitCents: 3000 },
        { kind: "product", itemId: "cera", professionalId: JOAO, quantity: 2, unitCents: 100 },
      ],
    };
    // Crédito R$ 82,00 at 5 %: a fee of R$ 4,10 over 50 / 30 / 2: 2,50 + 1,50 + 0,10.
    const entries = commissionEntries(bill, [{ method: "credit", cents: 8200, feeRate: 500 }], { [JOAO]: rule });
    expect(entries.map((e) => e.baseCents)).toEqual([4750, 2850, 190]);
    expect(entries.map((e) => e.cents)).toEqual([1900, 1710, 190]);
  });

  test("a professional with no rule earns 0 on their lines, which are still listed; a line with nobody writes nothing", () => {
    const bill: Bill = {
      lines: [
        { kind: "service", itemId: "corte", professionalId: "ana", quantity: 1, unitCents: 5000 },
        { kind: "product", itemId: "pomada", professionalId: null, quantity: 1, unitCents: 4500 },
      ],
    };
    expect(commissionEntries(bill, [], {})).toEqual([
      { kind: "service", professionalId: "ana", line: 0, baseCents: 5000, rate: { kind: "percent", rate: 0 }, cents: 0 },
    ]);
  });
});

describe("any comanda (fast-check)", () => {
  const discount = fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant("amount" as const), cents: fc.integer({ min: 0, max: 50_000 }) }),
      fc.record({ kind: fc.constant("percent" as const), rate: fc.integer({ min: 0, max: 12_000 }) }),
    ),
  );
  const line: fc.Arbitrary<ComandaLine> = fc.record({
    kind: fc.constantFrom("service" as const, "product" as const),
    itemId: fc.constantFrom("corte", "barba", "pomada", "cera"),
    professionalId: fc.option(fc.constantFrom("joao", "ana", "bia")),
    quantity: fc.integer({ min: 1, max: 5 }),
    unitCents: fc.integer({ min: 0, max: 100_000 }),
    discount,
  });
  const rate = fc.oneof(
    fc.record({ kind: fc.constant("percent" as const), rate: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ kind: fc.constant("fixed" as const), cents: fc.integer({ min: 0, max: 10_000 }) }),
  );
  const rule: fc.Arbitrary<CommissionRule> = fc.record({
    services: rate,
    products: rate,
    base: fc.constantFrom("gross" as const, "net_of_card_fee" as const),
    overrides: fc.dictionary(fc.constantFrom("corte", "pomada"), rate),
  });
  const bill: fc.Arbitrary<Bill> = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    discount,
    tips: fc.array(fc.record({ professionalId: fc.constantFrom("joao", "ana"), cents: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 2 }),
  });

  test("the payments that settle it equal its total; the commissions are the rules applied to its lines", () => {
    fc.assert(
      fc.property(
        bill,
        fc.dictionary(fc.constantFrom("joao", "ana"), rule),
        fc.array(fc.tuple(fc.constantFrom("pix" as const, "debit" as const, "credit" as const, "cash" as const), fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 600 })), { minLength: 1, maxLength: 4 }),
        (b, rules, split) => {
          const f = billFigures(b);
          expect(f.lines.reduce((a, l) => a + l.net, 0) + f.tips).toBe(f.total);
          expect(f.subtotal - f.discounts + f.tips).toBe(f.total);
          f.lines.forEach((l) => expect(l.net).toBeGreaterThanOrEqual(0));

          // Payments in proportion to `split`, settling the bill exactly.
          const parts = split.map(([, w]) => w);
          const amounts = apportionForTest(f.total, parts);
          const payments: Payment[] = split.map(([method, , fee], i) => ({ method, cents: amounts[i], feeRate: method === "credit" || method === "debit" ? fee : undefined }));
          const s = settlement(f.total, payments);
          expect(s.paid).toBe(f.total);
          expect([s.due, s.change, s.overpaidByOther]).toEqual([0, 0, 0]);

          const entries = commissionEntries(b, payments, rules);
          for (const e of entries) {
            if (e.kind === "tip") continue;
            const l = b.lines[e.line!];
            const r = rules[l.professionalId!];
            const used = r ? (r.overrides?.[l.itemId] ?? (l.kind === "service" ? r.services : r.products)) : { kind: "percent" as const, rate: 0 };
            expect(e.rate).toEqual(used);
            expect(e.baseCents).toBeLessThanOrEqual(f.lines[e.line!].net);
            expect(e.baseCents).toBeGreaterThanOrEqual(0);
            const expected = used.kind === "percent" ? percentOf(e.baseCents, used.rate) : Math.min(e.baseCents, used.cents * l.quantity);
            expect(e.cents).toBe(expected);
            expect(e.cents).toBeLessThanOrEqual(e.baseCents);
          }
          expect(entries.filter((e) => e.kind === "tip").reduce((a, e) => a + e.cents, 0)).toBe(f.tips);
          expect(entries.filter((e) => e.kind !== "tip")).toHaveLength(b.lines.filter((l) => l.professionalId).length);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** A split of `total` written independently of `apportion`: whole parts, the rest on the last. */
function apportionForTest(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

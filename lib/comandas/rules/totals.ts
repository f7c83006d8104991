/**
 * A comanda's bill: its lines, discounts and tips to the centavo, and whether its payments settle
 * it. Pure: the comanda screen shows these figures while it is open, and closing writes them (the
 * database's sums are checked against them in tests/integration/comandas*.int.test.ts).
 */
import { apportion, percentOf, FULL, type BasisPoints, type Cents } from "./money";

/** 'R$' off, or '%' off (in basis points: 10 % = 1000). */
export type Discount = { kind: "amount"; cents: Cents } | { kind: "percent"; rate: BasisPoints };

export type LineKind = "service" | "product";

export type ComandaLine = {
  kind: LineKind;
  /** The service or product. */
  itemId: string;
  /** Who did the service or sold the product (a product may have nobody). */
  professionalId: string | null;
  quantity: number;
  unitCents: Cents;
  discount?: Discount | null;
};

export type Tip = { professionalId: string; cents: Cents };

export type Bill = {
  lines: readonly ComandaLine[];
  /** On the whole comanda, after the lines' own discounts; reaches the lines in proportion. */
  discount?: Discount | null;
  tips?: readonly Tip[];
};

export type LineFigures = {
  /** quantity × unit price. */
  gross: Cents;
  /** The line's own discount. */
  lineDiscount: Cents;
  /** Its share of the whole comanda's discount. */
  sharedDiscount: Cents;
  /** What the client pays for the line: gross − both discounts. Commissions start from it. */
  net: Cents;
};

export type BillFigures = {
  lines: LineFigures[];
  /** Σ gross. */
  subtotal: Cents;
  /** Σ line discounts + the whole comanda's. */
  discounts: Cents;
  tips: Cents;
  /** Σ net + tips: what the payments must add up to. */
  total: Cents;
};

/** A discount of `base`, never more than the base (a 120 % or R$ 90 off R$ 80 takes it to zero). */
export function discountOf(base: Cents, discount: Discount | null | undefined): Cents {
  if (!discount) return 0;
  const off = discount.kind === "amount" ? discount.cents : percentOf(base, Math.min(discount.rate, FULL));
  return Math.max(0, Math.min(base, off));
}

export function billFigures(bill: Bill): BillFigures {
  const lineFigures = bill.lines.map((line) => {
    const gross = line.quantity * line.unitCents;
    return { gross, lineDiscount: discountOf(gross, line.discount) };
  });
  const afterLines = lineFigures.map((l) => l.gross - l.lineDiscount);
  const subAfterLines = afterLines.reduce((a, b) => a + b, 0);
  const whole = bill.lines.length === 0 ? 0 : discountOf(subAfterLines, bill.discount);
  const shares = bill.lines.length === 0 ? [] : apportion(whole, afterLines);
  const lines = lineFigures.map((l, i) => ({ ...l, sharedDiscount: shares[i], net: afterLines[i] - shares[i] }));
  const tips = (bill.tips ?? []).reduce((a, t) => a + t.cents, 0);
  const subtotal = lineFigures.reduce((a, l) => a + l.gross, 0);
  const discounts = lineFigures.reduce((a, l) => a + l.lineDiscount, 0) + whole;
  return { lines, subtotal, discounts, tips, total: subtotal - discounts + tips };
}

export type PaymentMethod = "cash" | "pix" | "debit" | "credit" | "client_credit" | "debt";

export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  cash: "Dinheiro",
  pix: "Pix",
  debit: "Débito",
  credit: "Crédito",
  client_credit: "Crédito do cliente",
  debt: "Fiado",
};

export type Payment = {
  method: PaymentMethod;
  cents: Cents;
  /** Card payments: the acquirer's fee for this payment (basis points), for commissions on the net. */
  feeRate?: BasisPoints;
};

/**
 * Where the payments leave the bill. `due` > 0: still to pay. `change` > 0: paid over the total,
 * which only cash can be (the drawer gives it back, or it is kept as a tip). `overpaidByOther`: a
 * Pix or card line alone went past the total: a typing mistake, never change.
 */
export function settlement(total: Cents, payments: readonly Payment[]) {
  const paid = payments.reduce((a, p) => a + p.cents, 0);
  const cash = payments.filter((p) => p.method === "cash").reduce((a, p) => a + p.cents, 0);
  const over = Math.max(0, paid - total);
  return {
    paid,
    due: Math.max(0, total - paid),
    change: Math.min(over, cash),
    overpaidByOther: Math.max(0, over - cash),
  };
}

/** What the acquirers keep of the card payments, each rounded at its own centavo. */
export function cardFees(payments: readonly Payment[]): Cents {
  return payments.reduce((a, p) => a + (p.feeRate ? percentOf(p.cents, p.feeRate) : 0), 0);
}

import type { DeepPartialSkipArrayKey } from "react-hook-form";
import type { Comanda } from "@/lib/comandas/queries";
import type { Bill, Discount } from "@/lib/comandas/rules/totals";
import { rateInputText, parseRateValue } from "@/lib/commissions/rates";
import { centsInputText, parseCents } from "@/lib/core/format/money";

export type DiscountKind = "none" | "amount" | "percent";

/** A line as its fields hold it (saveComandaSchema's input). */
export type LineValues = {
  kind: "service" | "product";
  serviceId: string;
  productId: string;
  name: string;
  professionalId: string;
  quantity: string;
  unitPrice: string;
  discountKind: DiscountKind;
  discountValue: string;
};

export type TipValues = { professionalId: string; amount: string };

export type ComandaValues = {
  id: string;
  version: number;
  lines: LineValues[];
  discountKind: DiscountKind;
  discountValue: string;
  tips: TipValues[];
};

/** A stored discount as its two fields show it. */
export function discountFields(d: Discount | null): { discountKind: DiscountKind; discountValue: string } {
  if (!d) return { discountKind: "none", discountValue: "" };
  return d.kind === "amount"
    ? { discountKind: "amount", discountValue: centsInputText(d.cents) }
    : { discountKind: "percent", discountValue: rateInputText({ kind: "percent", rate: d.rate }) };
}

/** The saved comanda as the form's fields. */
export function valuesOf(k: Comanda): ComandaValues {
  return {
    id: k.id,
    version: k.version,
    lines: k.lines.map((l) => ({
      kind: l.kind,
      serviceId: l.serviceId ?? "",
      productId: l.productId ?? "",
      name: l.name,
      professionalId: l.professionalId ?? "",
      quantity: String(l.quantity),
      unitPrice: centsInputText(l.unitCents),
      ...discountFields(l.discount),
    })),
    ...discountFields(k.discount),
    tips: k.tips.map((t) => ({ professionalId: t.professionalId, amount: centsInputText(t.cents) })),
  };
}

/** Typed reais → centavos, 0 while it isn't an amount yet. */
export const typedCents = (text: string | undefined) => {
  const c = parseCents(text ?? "");
  return typeof c === "number" ? c : 0;
};

function typedDiscount(kind: DiscountKind | undefined, value: string | undefined): Discount | null {
  if (kind === "amount") return { kind, cents: typedCents(value) };
  if (kind === "percent") {
    const bp = parseRateValue(value ?? "");
    return bp === null ? null : { kind, rate: Math.min(bp, 10_000) };
  }
  return null;
}

/** The bill as typed so far (what isn't a number yet counts as zero): the figures the screen shows live. */
export function typedBill(v: DeepPartialSkipArrayKey<ComandaValues>): Bill {
  return {
    lines: (v.lines ?? []).map((l, i) => {
      const q = Number((l?.quantity ?? "").trim());
      return {
        kind: l?.kind ?? "service",
        itemId: String(i),
        professionalId: l?.professionalId || null,
        quantity: Number.isInteger(q) && q > 0 && q <= 999 ? q : 0,
        unitCents: typedCents(l?.unitPrice),
        discount: typedDiscount(l?.discountKind, l?.discountValue),
      };
    }),
    discount: typedDiscount(v.discountKind, v.discountValue),
    tips: (v.tips ?? []).map((t) => ({ professionalId: t?.professionalId ?? "", cents: typedCents(t?.amount) })),
  };
}

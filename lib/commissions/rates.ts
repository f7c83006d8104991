import { centsInputText, formatCents, parseCents } from "@/lib/core/format/money";
import type { Rate } from "@/lib/comandas/rules/commissions";

/** A rate as the owner reads it: "50%", "12,5%", "R$ 10,00 por item". */
export function formatRate(rate: Rate): string {
  if (rate.kind === "fixed") return `${formatCents(rate.cents)} por item`;
  return `${(rate.rate / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;
}

/** What the form's field shows for a stored rate: "50", "12,5", "10,00". */
export function rateInputText(rate: Rate): string {
  if (rate.kind === "fixed") return centsInputText(rate.cents);
  return (rate.rate / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2, useGrouping: false });
}

/**
 * A typed rate → basis points (percent: "12,5" → 1250) or centavos (fixed: "12,50" → 1250): both
 * are hundredths, read as text like any amount (parseCents); null when it isn't a number.
 */
export function parseRateValue(text: string): number | null {
  const n = parseCents(text.replace(/%/g, ""));
  return typeof n === "number" ? n : null;
}

/** The stored columns (kind, value) as a rule's rate. */
export function rateOf(kind: Rate["kind"], value: number): Rate {
  return kind === "percent" ? { kind, rate: value } : { kind, cents: value };
}

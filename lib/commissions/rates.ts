import { formatBRL, parsePriceInput } from "@/lib/core/format/money";
import type { Rate } from "@/lib/comandas/rules/commissions";

/** A rate as the owner reads it: "50%", "12,5%", "R$ 10,00 por item". */
export function formatRate(rate: Rate): string {
  if (rate.kind === "fixed") return `${formatBRL(rate.cents / 100)} por item`;
  return `${(rate.rate / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;
}

/** What the form's field shows for a stored rate: "50", "12,5", "10,00". */
export function rateInputText(rate: Rate): string {
  if (rate.kind === "fixed") return (rate.cents / 100).toFixed(2).replace(".", ",");
  return (rate.rate / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2, useGrouping: false });
}

/** A typed rate → basis points (percent) or centavos (fixed); null when it isn't a number. */
export function parseRateValue(kind: Rate["kind"], text: string): number | null {
  const n = parsePriceInput(text.replace(/[%R$\s]/g, ""));
  return n === null ? null : Math.round(n * 100);
}

/** The stored columns (kind, value) as a rule's rate. */
export function rateOf(kind: Rate["kind"], value: number): Rate {
  return kind === "percent" ? { kind, rate: value } : { kind, cents: value };
}

/** Prices as the public page shows them. Pure. */
import { formatBRL } from "@/lib/core/format/money";

/** 'R$ 50,00', 'R$ 40,00 a R$ 90,00', or null when no professional set a price. */
export function priceRange(min: string | number | null, max: string | number | null): string | null {
  if (min === null || max === null) return null;
  return Number(min) === Number(max) ? formatBRL(min) : `${formatBRL(min)} a ${formatBRL(max)}`;
}

/** The sum of the known prices of a set of choices: each choice a list of possible prices (one per professional). */
export function totalRange(choices: readonly (readonly (string | null)[])[]): { min: number; max: number } | null {
  let min = 0;
  let max = 0;
  let any = false;
  for (const prices of choices) {
    const known = prices.filter((p): p is string => p !== null).map(Number).filter(Number.isFinite);
    if (!known.length) continue;
    any = true;
    min += Math.min(...known);
    max += Math.max(...known);
  }
  return any ? { min: Math.round(min * 100) / 100, max: Math.round(max * 100) / 100 } : null;
}

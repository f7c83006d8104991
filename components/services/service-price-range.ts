import { formatBRL } from "@/lib/core/format/money";

/** "R$ 35,00 – R$ 45,00", one price when all agree, or null when no professional priced it. */
export function priceRangeText(min: string | null, max: string | null): string | null {
  if (min === null || max === null) return null;
  return Number(min) === Number(max) ? formatBRL(min) : `${formatBRL(min)} – ${formatBRL(max)}`;
}

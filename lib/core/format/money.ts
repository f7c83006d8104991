const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** pt-BR currency, e.g. "R$ 1.234,50" / "-R$ 5,00"; missing or unparseable values show as "R$ 0,00". */
export function formatBRL(value: number | string | null | undefined): string {
  let n = typeof value === "string" ? Number(value.trim()) : (value ?? 0);
  // Anything that rounds to zero cents would otherwise print as "-R$ 0,00".
  if (!Number.isFinite(n) || Math.abs(n) < 0.005) n = 0;
  // Intl separates the symbol with a (narrow) no-break space; plain text/tests expect a regular one.
  return brl.format(n).replace(/[\u00a0\u202f]/g, " ");
}

/**
 * A chart axis's short BRL label: "R$ 0", "R$ 850", "R$ 1,5 mil", "R$ 12 mil", "R$ 2,3 mi". Written
 * out here rather than by Intl's compact notation, whose output differs between ICU versions (the
 * server's said "R$ 100,0" where the browser's said "R$ 100": a hydration mismatch on every load).
 */
export function formatCompactBRL(value: number): string {
  const n = Number.isFinite(value) ? value : 0;
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  const [scaled, unit] = abs >= 999_500 ? [abs / 1_000_000, " mi"] : abs >= 999.5 ? [abs / 1_000, " mil"] : [abs, ""];
  // One decimal below 10 of a unit (1,5 mil), none above (12 mil); plain values are whole reais.
  const digits = unit && scaled < 9.95 ? 1 : 0;
  const text = scaled.toFixed(digits).replace(/\.0$/, "").replace(".", ",");
  return `${sign}R$ ${text}${unit}`;
}

/** Keeps digits and only the first "," or "." (as typed); everything else is dropped. */
export function sanitizePriceInput(input: string): string {
  let out = "";
  let hasSeparator = false;
  for (const ch of input) {
    if (ch >= "0" && ch <= "9") out += ch;
    else if ((ch === "," || ch === ".") && !hasSeparator) {
      out += ch;
      hasSeparator = true;
    }
  }
  return out;
}

/** Sanitised price as a number, or null when nothing numeric is left (e.g. "" or ","). */
export function parsePriceInput(input: string): number | null {
  const clean = sanitizePriceInput(input).replace(",", ".");
  if (clean === "" || clean === ".") return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/** The largest price numeric(10,2) holds. */
export const MAX_PRICE = 99_999_999.99;

/**
 * A professional's price input as it is saved (spec section 5): the parsed value rounded to cents
 * ("45,5" → "45.50"), or null when the input does not parse (the service is still offered, without
 * a price); "too_large" when it does not fit a price column.
 */
export function priceForSave(input: string | null | undefined): string | null | "too_large" {
  const n = parsePriceInput(input ?? "");
  if (n === null) return null;
  const cents = Math.round(n * 100);
  if (cents > Math.round(MAX_PRICE * 100)) return "too_large";
  return (cents / 100).toFixed(2);
}

// ── Centavos: money as integers (products, and the comanda after them), never a float on the way ──

/** The largest amount an integer column holds, in centavos (R$ 21.474.836,47). */
export const MAX_CENTS = 2_147_483_647;

const groups = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0, useGrouping: true });

/** Integer centavos in pt-BR currency, "R$ 1.234,50" / "-R$ 5,00", by integer arithmetic (no float rounding). */
export function formatCents(cents: number): string {
  const n = Number.isSafeInteger(cents) ? cents : 0;
  const abs = Math.abs(n);
  const reais = groups.format(Math.floor(abs / 100)).replace(/[\u00a0\u202f]/g, " ");
  return `${n < 0 ? "-" : ""}R$ ${reais},${String(abs % 100).padStart(2, "0")}`;
}

/** Centavos as the input shows them: 4550 → "45,50" (no symbol, no thousands dots). */
export function centsInputText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A typed amount in reais → integer centavos, read as text (never through a float): "45", "45,5",
 * "45,50", "45.50", "1.234,56", "R$ 1.234,56"; null when empty, "invalid" when it is not an amount
 * (a minus sign, three decimals, letters), "too_large" above MAX_CENTS.
 */
export function parseCents(input: string | number | null | undefined): number | null | "invalid" | "too_large" {
  // A number goes as its shortest text: 45.5 → "45.5"; 0.1 + 0.2 ("0.30000000000000004") is refused.
  if (typeof input === "number") input = String(input);
  const text = (input ?? "").replace(/^\s*R\$/, "").replace(/\s+/g, "");
  if (text === "") return null;
  // "1.234,56" (thousands dots, a decimal comma) or "1234,56" / "1234.56" (one separator).
  const m = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$|^(\d{1,3}(?:\.\d{3})+)$|^(\d+)(?:[.,](\d{0,2}))?$/.exec(text);
  if (!m) return "invalid";
  const whole = (m[1] ?? m[3] ?? m[4]).replace(/\./g, "");
  const frac = (m[2] ?? m[5] ?? "").padEnd(2, "0");
  if (whole.replace(/^0+/, "").length > 8) return "too_large";
  const cents = Number(whole) * 100 + Number(frac);
  return cents > MAX_CENTS ? "too_large" : cents;
}

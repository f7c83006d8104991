const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** pt-BR currency, e.g. "R$ 1.234,50" / "-R$ 5,00"; missing or unparseable values show as "R$ 0,00". */
export function formatBRL(value: number | string | null | undefined): string {
  let n = typeof value === "string" ? Number(value.trim()) : (value ?? 0);
  // Anything that rounds to zero cents would otherwise print as "-R$ 0,00".
  if (!Number.isFinite(n) || Math.abs(n) < 0.005) n = 0;
  // Intl separates the symbol with a (narrow) no-break space; plain text/tests expect a regular one.
  return brl.format(n).replace(/[\u00a0\u202f]/g, " ");
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

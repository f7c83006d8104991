/**
 * PostgreSQL text cannot hold the NUL character (U+0000): an insert with one fails with 22P05 after
 * everything before it ran. No keyboard types it; a forged request does. Inputs are checked for it
 * before parsing, so the answer is a field error in Portuguese instead of an unexpected failure.
 */
export const NUL_MESSAGE = "O texto contém um caractere inválido.";

/** The dotted path of the first string holding U+0000 ('' for the value itself), or null. */
export function nulPath(value: unknown, at = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? at : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes("\u0000")) return at ? `${at}.${k}` : k;
    const found = nulPath(v, at ? `${at}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

import { randomBytes } from "node:crypto";
import { createStaticPix, hasError, isStaticPix, parsePix } from "pix-utils";

/**
 * The BR Code ('Pix copia e cola') of a static charge, by pix-utils: the EMV fields, the merchant's
 * name and city folded as the Banco Central's manual asks (no accents, upper case, 25 and 15
 * characters) and the CRC16. The amount goes as reais with two decimals: centavos / 100 is exact for
 * every integer below 2^53 once printed with two decimals, which the library does.
 */
export function staticBrCode(input: { pixKey: string; merchantName: string; merchantCity: string; amountCents: number; txid: string }): string {
  const pix = createStaticPix({
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    pixKey: input.pixKey,
    infoAdicional: "",
    transactionAmount: input.amountCents / 100,
    txid: input.txid,
  });
  if (hasError(pix)) throw new Error(`BR Code inválido: ${pix.message}`);
  return pix.toBRCode();
}

/** What a static BR Code says, read back (its CRC checked); null when it isn't one. */
export function readBrCode(code: string): { pixKey?: string; amountCents: number; txid?: string; merchantName: string; merchantCity: string } | null {
  const pix = parsePix(code);
  if (hasError(pix) || !isStaticPix(pix)) return null;
  return {
    pixKey: pix.pixKey,
    amountCents: Math.round(Number(pix.transactionAmount ?? 0) * 100),
    txid: pix.txid,
    merchantName: pix.merchantName,
    merchantCity: pix.merchantCity,
  };
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A charge's txid: random letters and digits (the standard's [a-zA-Z0-9]). A static BR Code carries
 * at most 25; a PSP's charge (cob) takes 26 to 35. 25 characters of 62 are 148 bits: unguessable.
 */
export function newTxid(length: 25 | 35): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length; i++) {
    const b = bytes[i % bytes.length];
    if (b < 248) out += ALNUM[b % 62]; // 248 = 4 × 62: no bias
  }
  return out;
}

/**
 * The kinds of Pix key (the DICT's): CPF (11 digits), CNPJ (14), phone (+55 and 10 or 11 digits),
 * e-mail, or a random key (EVP, a UUID). Returns the key as the BR Code carries it, or null.
 */
export function normalizePixKey(raw: string): string | null {
  const key = raw.trim();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return key.toLowerCase();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) && key.length <= 77) return key.toLowerCase();
  const digits = key.replace(/[\s().\-/]/g, "");
  if (/^\+55\d{10,11}$/.test(digits)) return digits;
  // Written as a phone ("(65) 99999-1234"): a phone, even when its 11 digits happen to make a valid CPF.
  if (/^\(\d{2}\)/.test(key) && /^\d{10,11}$/.test(digits)) return `+55${digits}`;
  if (/^\d{11}$/.test(digits) && validCpf(digits)) return digits;
  if (/^\d{14}$/.test(digits) && validCnpj(digits)) return digits;
  // A phone typed without +55 (DDD and number): 10 or 11 digits, not written as a CPF is (dots).
  if (/^\d{10,11}$/.test(digits) && !/[./]/.test(key)) return `+55${digits}`;
  return null;
}

function validCpf(d: string): boolean {
  if (/^(\d)\1{10}$/.test(d)) return false;
  const check = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return (r === 10 ? 0 : r) === Number(d[n]);
  };
  return check(9) && check(10);
}

function validCnpj(d: string): boolean {
  if (/^(\d)\1{13}$/.test(d)) return false;
  const check = (n: number) => {
    const weights = n === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((a, w, i) => a + Number(d[i]) * w, 0);
    const r = sum % 11;
    return (r < 2 ? 0 : 11 - r) === Number(d[n]);
  };
  return check(12) && check(13);
}

/**
 * What every server-side list shares: the URL's ?q=&page= (parsed the same way on every page),
 * the page window and the paged result, and accent- and case-insensitive text matching.
 */
import { sql, type SQL } from "drizzle-orm";
import { isPhoneLike } from "@/lib/core/format/phone";

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The first value of a query parameter ('' when absent), without NUL characters: PostgreSQL text
 * cannot hold one, and a ?q=%00 would otherwise fail the page's query instead of finding nothing.
 */
export function param(searchParams: SearchParams, name: string): string {
  const v = searchParams[name];
  return ((Array.isArray(v) ? v[0] : v) ?? "").replaceAll("\u0000", "");
}

/** ?q= (trimmed, at most 200 characters) and ?page= (a positive integer, 1 when absent or invalid). */
export function listParams(searchParams: SearchParams) {
  const q = param(searchParams, "q").trim().slice(0, 200);
  const pageNumber = Number.parseInt(param(searchParams, "page"), 10);
  const page = Number.isFinite(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 100_000) : 1;
  return { q, page };
}

export type Paged<T> = { items: T[]; total: number; page: number; pageCount: number; pageSize: number };

export function pageWindow(page: number, pageSize: number) {
  const p = Math.max(1, Math.floor(page) || 1);
  return { page: p, limit: pageSize, offset: (p - 1) * pageSize };
}

export function paged<T>(items: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/** `%text%` for LIKE, with the user's own % _ and \ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Case- and accent-insensitive matching without a locale-aware database ("salao" finds "Salão",
// "ÔMEGA" finds "ômega"): the same folding on both sides; agenda_fold() in migration 0004 holds
// the same two strings.
export const ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ";
export const PLAIN = [...ACCENTED].map((c) => c.normalize("NFD")[0].toLowerCase()).join("");
const FOLD_MAP = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]]));

/** Lower-cases and strips the accents of Portuguese letters, exactly as `foldedSql()` does in SQL. */
export function foldText(text: string): string {
  return [...text.toLowerCase()].map((c) => FOLD_MAP.get(c) ?? c).join("");
}

/** The database's agenda_fold() (migration 0004): the trigram indexes are built on it. */
export function foldedSql(column: SQL): SQL {
  return sql`agenda_fold(${column})`;
}

/** The digits of `text` ('(65) 99999-1234' → '65999991234'), as agenda_digits() keeps them in SQL. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "");
}

/**
 * What a search box's text is looked up as in a search column of folded text and phone digits
 * (clients.search_text): a phone typed any way ('(65) 99912', '65 9991-2') as its digits, anything
 * else folded ('JÉSSICA' → 'jessica').
 */
export function searchTerm(q: string): string {
  return isPhoneLike(q) ? digitsOnly(q) : foldText(q.trim());
}

/** `column` (free text with accents) contains the folded, escaped `pattern`. */
export function containsFolded(column: SQL, pattern: string): SQL {
  return sql`${foldedSql(column)} like ${pattern}`;
}

/** `column` (ASCII such as e-mails: lower() is enough and much cheaper) contains the folded `pattern`. */
export function containsAscii(column: SQL, pattern: string): SQL {
  return sql`lower(${column}) like ${pattern}`;
}

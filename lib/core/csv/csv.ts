/**
 * CSV as spreadsheets read it safely. Every export goes through these: csv-stringify quotes any
 * field holding a comma, a quote (doubled) or a line break, so a description can never break the
 * file; a UTF-8 BOM lets Excel read the accents; and a field that a spreadsheet would take for a
 * formula is neutralised (OWASP "CSV injection"). Pure; the route handler streams with the same
 * options.
 */
import type { Options } from "csv-stringify";

/** What makes a spreadsheet evaluate a cell: a leading = + - @, or a tab / carriage return before one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `=HYPERLINK(…)` → `'=HYPERLINK(…)`: shown as typed, never run. Other text is untouched. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One record's cells: null/undefined as empty, each one neutralised. */
export function csvRecord(values: readonly (string | null | undefined)[]): string[] {
  return values.map((v) => neutraliseFormula(v ?? ""));
}

/** The csv-stringify options of every export: comma-separated, CRLF (RFC 4180), quoted when needed, BOM first. */
export const CSV_OPTIONS: Options = {
  bom: true,
  delimiter: ",",
  quote: '"',
  escape: '"',
  record_delimiter: "windows",
  // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR,
  // which every spreadsheet reads as a new row: quote those too.
  quoted_match: /[\r\n]/,
  eof: true,
};

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** `attachment; filename="…"` with the RFC 5987 form too, for names a header can't hold as is. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

import type { z } from "zod";

/**
 * A name is one line of text: no line break and no other control character (C0, DEL, C1, and the
 * Unicode line and paragraph separators). No form types one; a forged request does, and a name with
 * a line break breaks every line-based format it goes into: a calendar feed's NAME property
 * (issue 50, item 4: "Ana\r\nX-INJ:1" became a property of its own), a CSV row, an e-mail header, a
 * log line. Every schema that saves a name (people, businesses, services, holidays, keys…) checks it
 * with this rule; free text (descriptions, bios, notes) may keep its lines.
 */
export const SINGLE_LINE_MESSAGE = "Use uma só linha, sem quebras de linha ou caracteres de controle.";

const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const CONTROL_RUNS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** True when the text (or its absence) holds no line break or control character. */
export function isSingleLine(value: string | null | undefined): boolean {
  return value == null || !CONTROL.test(value);
}

/** `schema` (a name, required or optional) refusing a line break or control character with the Portuguese message. */
export function singleLine<T extends z.ZodType<string | null | undefined>>(schema: T): T {
  return schema.refine(isSingleLine, SINGLE_LINE_MESSAGE) as T;
}

/** The text made one line for a line-based format: each run of control characters becomes a space. */
export function toSingleLine(text: string): string {
  return text.replace(CONTROL_RUNS, " ");
}

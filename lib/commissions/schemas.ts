import { z } from "zod";
import { CASH_MESSAGES } from "@/lib/cash-register/messages";
import { centsInput } from "@/lib/cash-register/schemas";
import { daysBetween, isDateOnly } from "@/lib/core/time/business-date";
import { COMMISSION_MESSAGES as M, STATEMENT_MESSAGES } from "./messages";
import { parseRateValue } from "./rates";

/** R$ 100.000,00 per item at most: more is a typing mistake. */
const MAX_FIXED_CENTS = 10_000_000;

const kind = z.enum(["percent", "fixed"], M.invalid);

/** A rate typed in the form: its kind and the text ("50", "12,5", "10,00"); `optional`: blank means none. */
function rateFields(optional: boolean) {
  return z
    .object({ kind, value: z.string({ error: M.required }).trim().max(20, M.invalid) })
    .transform((r, ctx) => {
      if (r.value === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", path: ["value"], message: M.required });
        return z.NEVER;
      }
      const value = parseRateValue(r.value);
      const message = value === null ? M.invalid : r.kind === "percent" && value > 10_000 ? M.percentRange : value > MAX_FIXED_CENTS ? M.tooLarge : null;
      if (message) {
        ctx.addIssue({ code: "custom", path: ["value"], message });
        return z.NEVER;
      }
      return { kind: r.kind, value: value! };
    });
}

export const commissionSchema = z.object({
  professionalId: z.uuid(M.notFound),
  services: rateFields(false),
  products: rateFields(false),
  base: z.enum(["gross", "net_of_card_fee"], M.invalid),
  overrides: z.array(z.object({ serviceId: z.uuid(M.serviceGone), rate: rateFields(true) })).max(200, M.invalid),
});

// ── the statement ('Extrato'): vales, payouts, card fees ──

const S = STATEMENT_MESSAGES;

/** A business day, YYYY-MM-DD. */
export const dayField = z.string({ error: S.dateRequired }).trim().min(1, S.dateRequired).refine(isDateOnly, S.dateInvalid);

/** A period of business days, both ends included, at most a year (a statement, a payout). */
export const periodFields = z
  .object({ from: dayField, to: dayField })
  // (zod runs an object's refinements even when a field failed: each checks its days are days.)
  .refine((p) => !bothDays(p) || p.from <= p.to, { path: ["to"], message: S.periodInvalid })
  .refine((p) => !bothDays(p) || p.from > p.to || daysBetween(p.from, p.to) <= 366, { path: ["to"], message: S.periodTooLong });

function bothDays(p: { from: unknown; to: unknown }): boolean {
  return typeof p.from === "string" && typeof p.to === "string" && isDateOnly(p.from.trim()) && isDateOnly(p.to.trim());
}

/** 'Lançar vale': an advance paid to the professional, with its day and why. */
export const advanceSchema = z.object({
  professionalId: z.uuid(S.notFound),
  amount: centsInput({ zero: false }),
  date: dayField,
  reason: z.string({ error: CASH_MESSAGES.reasonRequired }).trim().min(1, CASH_MESSAGES.reasonRequired).max(150, "O motivo deve ter no máximo 150 caracteres."),
});

/** 'Marcar como pago': the period's statement paid on a day. */
export const payoutSchema = z.object({ professionalId: z.uuid(S.notFound), period: periodFields, paidOn: dayField });

/** A fee typed as a % ("2,5") → basis points (250), 0 to 100 %. */
const feeField = z
  .string({ error: M.required })
  .trim()
  .transform((text, ctx) => {
    const value = text === "" ? 0 : parseRateValue(text);
    if (value === null || value > 10_000) {
      ctx.addIssue({ code: "custom", message: value === null ? M.invalid : M.percentRange });
      return z.NEVER;
    }
    return value;
  });

export const cardFeesSchema = z.object({ debit: feeField, credit: feeField });

/** A statement's URL (the page's and the CSV's): ?professional=&from=&to=. */
export const statementQuerySchema = z.object({ professional: z.uuid(S.notFound) }).and(periodFields);

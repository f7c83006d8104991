import { z } from "zod";
import { parsePriceInput } from "@/lib/core/format/money";
import { CASH_MESSAGES as M } from "./messages";

/** The largest amount one entry may carry: R$ 1.000.000,00 (an int column holds 21 million reais). */
export const MAX_ENTRY_CENTS = 100_000_000;

/** An amount typed in reais ("150", "150,5", "R$ 1500,00") → centavos; `zero` says whether 0 is allowed. */
export function centsInput({ zero }: { zero: boolean }) {
  return z
    .string({ error: M.amountRequired })
    .trim()
    .min(1, M.amountRequired)
    .transform((s, ctx) => {
      const reais = parsePriceInput(s.replace(/R\$/g, ""));
      if (reais === null) {
        ctx.addIssue({ code: "custom", message: M.amountInvalid });
        return z.NEVER;
      }
      return Math.round(reais * 100);
    })
    .pipe(
      z
        .number()
        .int()
        .min(zero ? 0 : 1, M.amountPositive)
        .max(MAX_ENTRY_CENTS, M.amountTooLarge),
    );
}

export const openRegisterSchema = z.object({ float: centsInput({ zero: true }) });

export const movementSchema = z.object({
  registerId: z.uuid(M.alreadyClosed),
  kind: z.enum(["withdrawal", "deposit"], M.saveError),
  amount: centsInput({ zero: false }),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(200, M.reasonTooLong),
});

export const closeRegisterSchema = z.object({
  registerId: z.uuid(M.alreadyClosed),
  counted: z.object({
    cash: centsInput({ zero: true }),
    pix: centsInput({ zero: true }),
    debit: centsInput({ zero: true }),
    credit: centsInput({ zero: true }),
  }),
});

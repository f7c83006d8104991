import { z } from "zod";
import { parseCents } from "@/lib/core/format/money";
import { CASH_MESSAGES as M } from "./messages";

/** The largest amount one entry may carry: R$ 1.000.000,00 (an int column holds 21 million reais). */
export const MAX_ENTRY_CENTS = 100_000_000;

/** An amount typed in reais ("150", "150,5", "R$ 1.500,00") → centavos, read as text (parseCents); `zero`: whether 0 is allowed. */
export function centsInput({ zero }: { zero: boolean }) {
  return z
    .string({ error: M.amountRequired })
    .transform((s, ctx) => {
      const cents = parseCents(s);
      const message = cents === null ? M.amountRequired : cents === "invalid" ? M.amountInvalid : cents === "too_large" || cents > MAX_ENTRY_CENTS ? M.amountTooLarge : cents === 0 && !zero ? M.amountPositive : null;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents as number;
    });
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

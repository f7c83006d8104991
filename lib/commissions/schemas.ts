import { z } from "zod";
import { COMMISSION_MESSAGES as M } from "./messages";
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

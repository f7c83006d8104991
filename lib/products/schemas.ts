import { z } from "zod";
import { parseCents } from "@/lib/core/format/money";
import { optionalText } from "@/lib/core/validation/optional-text";
import { singleLine } from "@/lib/core/validation/single-line";
import { PRODUCT_MESSAGES as MSG } from "./messages";

/** The most units one movement moves (a typo of a few zeros is refused, not booked). */
export const MAX_MOVEMENT_UNITS = 100_000;

/** A whole number as typed ("5", 5, "-2", "+3"); null when empty, NaN when it is not one. */
function wholeNumber(v: string | number | null | undefined): number | null {
  const text = typeof v === "number" ? String(v) : (v ?? "").trim().replace(/^\u2212/, "-");
  if (text === "") return null;
  return /^[+-]?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

const typed = z.union([z.string(), z.number(), z.null()]).optional();

/** A typed amount in reais → centavos (lib/core/format/money.ts parseCents); `required`: empty refused. */
const cents = <R extends boolean>(required: R, missing: string) =>
  typed.transform((v, ctx): R extends true ? number : number | null => {
    const c = parseCents(v ?? null);
    if (c === null && !required) return null as never;
    const message = c === null ? missing : c === "invalid" ? MSG.amountInvalid : c === "too_large" ? MSG.amountTooLarge : null;
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return c as number;
  });

/** The product form: name, 'Preço de venda' (required), 'Custo' and 'Estoque mínimo' (optional), 'Ativo'. */
export const productFieldsSchema = z.object({
  name: singleLine(z.string().trim().min(1, MSG.nameRequired).max(120, "Máximo de 120 caracteres")),
  price: cents(true, MSG.priceRequired),
  cost: cents(false, ""),
  minStock: typed.transform((v, ctx) => {
    const n = wholeNumber(v);
    if (n === null) return null;
    if (Number.isNaN(n) || n < 0 || n > MAX_MOVEMENT_UNITS) {
      ctx.addIssue({ code: "custom", message: MSG.minStockWhole });
      return z.NEVER;
    }
    return n;
  }),
  // Absent: a new product is active, an edit keeps what it was.
  active: z.boolean().optional(),
});
export type ProductFields = z.input<typeof productFieldsSchema>;

export const productIdSchema = z.object({ id: z.uuid(MSG.notFound) });
export const updateProductSchema = productFieldsSchema.extend(productIdSchema.shape);
export const setProductActiveSchema = productIdSchema.extend({ active: z.boolean() });

/**
 * 'Movimentar estoque', one form for three ways: 'Entrada (compra)' (units in, the reason
 * optional), 'Ajuste' (units in or out, signed) and 'Contagem' (the units counted on the shelf:
 * the difference is the adjustment, computed under the product's lock); both of the last need why.
 */
export const MOVE_TYPES = ["purchase", "adjustment", "count"] as const;
export type MoveType = (typeof MOVE_TYPES)[number];

export const moveStockSchema = z
  .object({
    productId: z.uuid(MSG.notFound),
    type: z.enum(MOVE_TYPES),
    quantity: typed,
    reason: singleLine(optionalText(200, MSG.reasonTooLong)),
  })
  .superRefine((v, ctx) => {
    const n = wholeNumber(v.quantity);
    const issue = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (v.type === "count") {
      if (n === null || Number.isNaN(n) || n < 0) issue(MSG.countedWhole, "quantity");
      else if (n > MAX_MOVEMENT_UNITS) issue(MSG.quantityTooLarge, "quantity");
    } else if (n === null || Number.isNaN(n)) issue(MSG.quantityWhole, "quantity");
    else if (v.type === "purchase" && n <= 0) issue(MSG.quantityPositive, "quantity");
    else if (n === 0) issue(MSG.quantityNonZero, "quantity");
    else if (Math.abs(n) > MAX_MOVEMENT_UNITS) issue(MSG.quantityTooLarge, "quantity");
    if (v.type !== "purchase" && !v.reason) issue(MSG.reasonRequired, "reason");
  })
  .transform((v): StockMove => {
    const n = wholeNumber(v.quantity)!;
    return v.type === "count"
      ? { productId: v.productId, type: "count", counted: n, reason: v.reason! }
      : { productId: v.productId, type: v.type, quantity: n, reason: v.reason };
  });
export type MoveStockInput = z.input<typeof moveStockSchema>;
export type StockMove =
  | { productId: string; type: "purchase" | "adjustment"; quantity: number; reason: string | null }
  | { productId: string; type: "count"; counted: number; reason: string };

/** The history shows the newest HISTORY_STEP movements, HISTORY_STEP more per 'Ver mais antigos', up to HISTORY_MAX. */
export const HISTORY_STEP = 10;
export const HISTORY_MAX = 500;

export const productHistorySchema = z.object({
  productId: z.uuid(MSG.notFound),
  shown: z.coerce.number().int().min(1).max(HISTORY_MAX).optional(),
});

/** 24 cards per page: 2, 3 and 4 columns all fill their rows. */
export const PRODUCTS_PAGE_SIZE = 24;

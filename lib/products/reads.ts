import "server-only";
import { defineRead } from "@/lib/pipeline";
import { PRODUCT_MESSAGES as MSG } from "./messages";
import { productHistory } from "./queries";
import { productHistorySchema } from "./schemas";

/** A product's stock and its newest movements (the 'Histórico de estoque' dialog); `history` null: no such product in the business. */
export const productHistoryRead = defineRead({
  name: "products.history",
  level: "owner",
  live: { tables: ["product_stock_movements", "products"] },
  schema: productHistorySchema,
  error: MSG.historyLoadError,
  run: async ({ input, ctx, conn }) => ({ history: await productHistory(ctx.businessId, input.productId, input.shown, conn) }),
});

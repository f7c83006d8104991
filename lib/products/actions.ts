"use server";

import { defineAction } from "@/lib/pipeline";
import { createProduct, deleteProduct, moveStock, setProductActive, updateProduct } from "./mutations";
import { PRODUCT_MESSAGES as MSG } from "./messages";
import { moveStockSchema, productFieldsSchema, productIdSchema, setProductActiveSchema, updateProductSchema } from "./schemas";

const PATHS = ["/products"] as const;

const noBusiness = (error: string) => ({ error, description: MSG.noBusinessDescription });
// The name's unique index (case ignored): two saves of one name at once, the second is told.
const nameTaken = { products_business_name_key: { description: MSG.nameTaken } };

const save = {
  error: MSG.saveError,
  fallback: MSG.saveFallback,
  noBusiness: noBusiness(MSG.saveError),
  conflicts: nameTaken,
  revalidate: PATHS,
} as const;

export const createProductAction = defineAction({
  name: "products.create",
  level: "owner",
  schema: productFieldsSchema,
  ...save,
  run: ({ input, ...w }) => createProduct(w, input),
});

export const updateProductAction = defineAction({
  name: "products.update",
  level: "owner",
  schema: updateProductSchema,
  ...save,
  run: ({ input: { id, ...fields }, ...w }) => updateProduct(w, id, fields),
});

export const setProductActiveAction = defineAction({
  name: "products.setActive",
  level: "owner",
  schema: setProductActiveSchema,
  ...save,
  run: ({ input, ...w }) => setProductActive(w, input.id, input.active),
});

/** Deletes a product with no movement; one with movements is archived instead (`archived: true`). */
export const deleteProductAction = defineAction({
  name: "products.delete",
  level: "owner",
  schema: productIdSchema,
  error: MSG.deleteError,
  noBusiness: noBusiness(MSG.deleteError),
  revalidate: PATHS,
  run: ({ input, ...w }) => deleteProduct(w, input.id),
});

/** 'Movimentar estoque': a purchase, an adjustment, or a count (lib/products/mutations.ts moveStock). */
export const moveStockAction = defineAction({
  name: "products.moveStock",
  level: "owner",
  schema: moveStockSchema,
  error: MSG.moveError,
  noBusiness: noBusiness(MSG.moveError),
  revalidate: PATHS,
  run: ({ input, ...w }) => moveStock(w, input),
});

import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES as MSG } from "./messages";
import { moveStockSchema, productFieldsSchema } from "./schemas";

const ID = "7b0a3c1e-2f4d-4e5a-9b6c-0d1e2f3a4b5c";
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("product fields", () => {
  it("amounts to centavos, empty optional fields to null", () => {
    expect(productFieldsSchema.parse({ name: " Pomada ", price: "45,9", cost: "", minStock: "" })).toEqual({ name: "Pomada", price: 4590, cost: null, minStock: null });
    expect(productFieldsSchema.parse({ name: "Gel", price: "1.234,56", cost: "0", minStock: "0", active: false })).toEqual({ name: "Gel", price: 123456, cost: 0, minStock: 0, active: false });
  });
  it("refusals in Portuguese", () => {
    expect(issues(productFieldsSchema.safeParse({ name: "", price: "abc", cost: "-1", minStock: "2,5" }))).toEqual({
      name: MSG.nameRequired, price: MSG.amountInvalid, cost: MSG.amountInvalid, minStock: MSG.minStockWhole,
    });
    expect(issues(productFieldsSchema.safeParse({ name: "Gel" }))).toEqual({ price: MSG.priceRequired });
  });
});

describe("stock movement", () => {
  it("an entry, a signed adjustment, a count", () => {
    expect(moveStockSchema.parse({ productId: ID, type: "purchase", quantity: "5", reason: "" })).toEqual({ productId: ID, type: "purchase", quantity: 5, reason: null });
    expect(moveStockSchema.parse({ productId: ID, type: "adjustment", quantity: "−2", reason: " Quebra " })).toEqual({ productId: ID, type: "adjustment", quantity: -2, reason: "Quebra" });
    expect(moveStockSchema.parse({ productId: ID, type: "count", quantity: "0", reason: "Contagem" })).toEqual({ productId: ID, type: "count", counted: 0, reason: "Contagem" });
  });
  it.each([
    [{ type: "purchase", quantity: "" }, { quantity: MSG.quantityWhole }],
    [{ type: "purchase", quantity: "-1" }, { quantity: MSG.quantityPositive }],
    [{ type: "adjustment", quantity: "0", reason: "x" }, { quantity: MSG.quantityNonZero }],
    [{ type: "adjustment", quantity: "3" }, { reason: MSG.reasonRequired }],
    [{ type: "count", quantity: "-1", reason: "x" }, { quantity: MSG.countedWhole }],
    [{ type: "purchase", quantity: "1.5" }, { quantity: MSG.quantityWhole }],
    [{ type: "purchase", quantity: "100001" }, { quantity: MSG.quantityTooLarge }],
  ])("%j refused", (input, expected) => expect(issues(moveStockSchema.safeParse({ productId: ID, ...input }))).toEqual(expected));
});

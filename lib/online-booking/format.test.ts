import { expect, test } from "vitest";
import { priceRange, totalRange } from "./format";

test("priceRange", () => {
  expect(priceRange("50.00", "50.00")).toBe("R$ 50,00");
  expect(priceRange("40.00", "90.00")).toBe("R$ 40,00 a R$ 90,00");
  expect(priceRange(null, null)).toBeNull();
});

test("totalRange adds each service's cheapest and dearest known price", () => {
  expect(totalRange([["50.00", "40.00"], ["30.00"]])).toEqual({ min: 70, max: 80 });
  expect(totalRange([["50.00", null], [null]])).toEqual({ min: 50, max: 50 });
  expect(totalRange([[null], []])).toBeNull();
  expect(totalRange([["0.10"], ["0.20"]])).toEqual({ min: 0.3, max: 0.3 });
});

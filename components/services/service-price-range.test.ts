import { describe, expect, it } from "vitest";
import { priceRangeText } from "./service-price-range";

describe("priceRangeText", () => {
  it.each([
    ["35.00", "45.00", "R$ 35,00 – R$ 45,00"],
    ["45.50", "45.50", "R$ 45,50"],
    ["45.5", "45.50", "R$ 45,50"],
    ["0.00", "1234.50", "R$ 0,00 – R$ 1.234,50"],
    [null, null, null],
  ])("%j..%j → %j", (min, max, text) => expect(priceRangeText(min, max)).toBe(text));
});

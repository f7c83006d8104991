import { describe, expect, it } from "vitest";
import { noShowPercent } from "./no-show";

describe("noShowPercent", () => {
  it("is 0 with nothing booked, not NaN", () => {
    expect(noShowPercent(0, 0)).toBe(0);
    expect(noShowPercent(3, 0)).toBe(0);
  });
  it("keeps a decimal under 10 % and rounds above", () => {
    expect(noShowPercent(1, 30)).toBe(3.3);
    expect(noShowPercent(2, 8)).toBe(25);
    expect(noShowPercent(1, 3)).toBe(33);
    expect(noShowPercent(5, 5)).toBe(100);
  });
});

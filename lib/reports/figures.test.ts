import { describe, expect, it } from "vitest";
import { averageTo2, complementaryShares, formatCount, formatDecimal2, formatPercent, wholePercent } from "./figures";

describe("wholePercent", () => {
  it("rounds half up to a whole number", () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(1, 8)).toBe(13); // 12.5
    expect(wholePercent(1, 200)).toBe(1); // 0.5
    expect(wholePercent(0, 5)).toBe(0);
    expect(wholePercent(5, 5)).toBe(100);
  });
  it("is 0 without a total", () => {
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(3, 0)).toBe(0);
  });
});

describe("complementaryShares (conversation bot / human share)", () => {
  it("adds up to 100 even on a .5 split", () => {
    expect(complementaryShares(101, 99)).toEqual([51, 49]); // 50.5 / 49.5
    expect(complementaryShares(1, 2)).toEqual([33, 67]);
    expect(complementaryShares(2, 1)).toEqual([67, 33]);
    expect(complementaryShares(1, 7)).toEqual([13, 87]); // 12.5 / 87.5
  });
  it("all bot, all human, nothing", () => {
    expect(complementaryShares(4, 0)).toEqual([100, 0]);
    expect(complementaryShares(0, 4)).toEqual([0, 100]);
    expect(complementaryShares(0, 0)).toEqual([0, 0]);
  });
  it("every split of 1..60 conversations sums to 100", () => {
    for (let total = 1; total <= 60; total++) {
      for (let bot = 0; bot <= total; bot++) {
        const [a, b] = complementaryShares(bot, total - bot);
        expect(a + b).toBe(100);
        expect(Math.abs(a - (bot * 100) / total)).toBeLessThanOrEqual(0.5);
      }
    }
  });
});

describe("averageTo2 (appointments per client)", () => {
  it("two decimals, half up", () => {
    expect(averageTo2(5, 2)).toBe(2.5);
    expect(averageTo2(10, 3)).toBe(3.33);
    expect(averageTo2(20, 3)).toBe(6.67);
    expect(averageTo2(2675, 1000)).toBe(2.68); // 2.675 exactly: up, not the float's 2.67
    expect(averageTo2(1, 8)).toBe(0.13); // 0.125
    expect(averageTo2(0, 4)).toBe(0);
  });
  it("0 without clients", () => expect(averageTo2(7, 0)).toBe(0));
});

describe("pt-BR formatting", () => {
  it("decimals, counts and percents", () => {
    expect(formatDecimal2(2.5)).toBe("2,50");
    expect(formatDecimal2(0)).toBe("0,00");
    expect(formatCount(1234)).toBe("1.234");
    expect(formatPercent(67)).toBe("67%");
  });
});

import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { apportion, instalments, percentOf } from "./money";

describe("percentOf: half away from zero at the centavo", () => {
  test.each([
    [4500, 1000, 450], // 10 % of R$ 45,00
    [8000, 5000, 4000], // 50 % of R$ 80,00
    [45, 1000, 5], // 4,5 centavos → 5
    [44, 1000, 4], // 4,4 → 4
    [-45, 1000, -5], // a reversal mirrors the sale
    [12345, 250, 309], // 2,5 % of R$ 123,45 = 308,625 → 309
    [0, 1000, 0],
    [1999, 0, 0],
  ])("%i × %i bp = %i", (amount, rate, expected) => {
    expect(percentOf(amount, rate)).toBe(expected);
  });

  test("never a float, never -0", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (a, r) => {
        const p = percentOf(a, r);
        expect(Number.isSafeInteger(p)).toBe(true);
        expect(Object.is(p, -0)).toBe(false);
        expect(percentOf(-a, r)).toBe(-p || 0);
        // Within half a centavo of the exact value.
        expect(Math.abs(p - (a * r) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  test("refuses fractions of a centavo", () => {
    expect(() => percentOf(10.5, 1000)).toThrow(RangeError);
    expect(() => percentOf(100, 12.5)).toThrow(RangeError);
  });
});

describe("apportion: the largest remainder", () => {
  test("R$ 10,00 over three equal lines: 3,34 + 3,33 + 3,33", () => {
    expect(apportion(1000, [1, 1, 1])).toEqual([334, 333, 333]);
  });

  test("in proportion, the leftover centavo to the largest remainder", () => {
    // 500 over 8000 and 4500: 320 and 180 exactly.
    expect(apportion(500, [8000, 4500])).toEqual([320, 180]);
    // 100 over 1, 2: 33,33… and 66,66…: the second's remainder is larger.
    expect(apportion(100, [1, 2])).toEqual([33, 67]);
  });

  test("zero weights split evenly; a negative total mirrors a positive one", () => {
    expect(apportion(5, [0, 0])).toEqual([3, 2]);
    expect(apportion(-1000, [1, 1, 1])).toEqual([-334, -333, -333]);
  });

  test("always adds up to the total, each share within a centavo of its exact part", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const shares = apportion(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach((s, i) => {
            expect(Number.isSafeInteger(s)).toBe(true);
            const exact = sum === 0 ? total / weights.length : (total * weights[i]) / sum;
            expect(Math.abs(s - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("instalments", () => {
  test("R$ 100,00 in 3: the first takes the centavo that doesn't divide", () => {
    expect(instalments(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(instalments(13_000, 1)).toEqual([13_000]);
  });

  test("add up to the total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 1, max: 24 }), (total, n) => {
        const parts = instalments(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan(n);
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { centsInputText, formatBRL, formatCents, formatCompactBRL, MAX_CENTS, parseCents, parsePriceInput, priceForSave, sanitizePriceInput } from "./money";

describe("formatBRL", () => {
  it.each([
    [0, "R$ 0,00"],
    [1, "R$ 1,00"],
    [1234.5, "R$ 1.234,50"],
    [0.5, "R$ 0,50"],
    [0.05, "R$ 0,05"],
    [999.99, "R$ 999,99"],
    [1000, "R$ 1.000,00"],
    [1234567.891, "R$ 1.234.567,89"],
    [-5, "-R$ 5,00"],
    [-1234.5, "-R$ 1.234,50"],
    [-0, "R$ 0,00"],
    [-0.001, "R$ 0,00"],
    [0.004, "R$ 0,00"],
    [0.006, "R$ 0,01"],
  ])("%d → %s", (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });
  it.each([
    ["1234.50", "R$ 1.234,50"],
    ["80", "R$ 80,00"],
    [" 45.9 ", "R$ 45,90"],
    ["-5.00", "-R$ 5,00"],
    ["", "R$ 0,00"],
    ["abc", "R$ 0,00"],
  ])("string %j → %s", (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });
  it.each([
    [null, "R$ 0,00"],
    [undefined, "R$ 0,00"],
    [Number.NaN, "R$ 0,00"],
    [Number.POSITIVE_INFINITY, "R$ 0,00"],
  ])("%s → %s", (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });
  it("uses a regular space, not a no-break space", () => {
    expect(formatBRL(10)).not.toMatch(/[\u00a0\u202f]/);
    expect(formatBRL(10).charCodeAt(2)).toBe(32);
  });
});

describe("sanitizePriceInput", () => {
  it.each([
    ["12,5", "12,5"],
    ["12.5", "12.5"],
    ["R$ 1a2.3.4", "12.34"],
    ["1.234,56", "1.23456"],
    ["1,2,3", "1,23"],
    ["12,3.4", "12,34"],
    ["abc", ""],
    ["", ""],
    [",", ","],
    ["-5", "5"],
    [" 7 0 ", "70"],
    ["R$ 80,00", "80,00"],
  ])("%j → %j", (input, expected) => {
    expect(sanitizePriceInput(input)).toBe(expected);
  });
});

describe("parsePriceInput", () => {
  it.each([
    ["12,5", 12.5],
    ["12.5", 12.5],
    ["R$ 1a2.3.4", 12.34],
    ["80", 80],
    ["80,00", 80],
    ["0", 0],
    ["0,99", 0.99],
    [",5", 0.5],
    ["5,", 5],
    ["007", 7],
    ["-5", 5],
    // Spec rule: only the first separator is kept, so pt-BR thousands are not understood.
    ["1.234,56", 1.23456],
  ])("%j → %d", (input, expected) => {
    expect(parsePriceInput(input)).toBe(expected);
  });
  it.each(["", ",", ".", "abc", "R$ ", " "])("%j → null", (input) => {
    expect(parsePriceInput(input)).toBeNull();
  });
});

describe("priceForSave (professional price inputs)", () => {
  it.each([
    ["45,50", "45.50"],
    ["45.5", "45.50"],
    ["45,5", "45.50"],
    ["45", "45.00"],
    ["R$ 45,50", "45.50"],
    ["R$45", "45.00"],
    ["  80,00  ", "80.00"],
    ["0", "0.00"],
    ["0,005", "0.01"],
    ["0,004", "0.00"],
    ["12,345", "12.35"],
    ["1.234,56", "1.23"],
    ["1,2,3", "1.23"],
    ["12,3.4", "12.34"],
    [",99", "0.99"],
    ["99,", "99.00"],
    ["-10", "10.00"],
    ["1e3", "13.00"],
    ["R$ 1a2.3.4", "12.34"],
    ["１２", null],
    ["99999999,99", "99999999.99"],
    ["0099", "99.00"],
  ])("%j → %j", (input, expected) => {
    expect(priceForSave(input)).toBe(expected);
  });
  it.each(["", " ", ",", ".", "abc", "R$", "R$ ,", null, undefined])("%j → null (kept without a price)", (input) => {
    expect(priceForSave(input)).toBeNull();
  });
  it.each(["100000000", "99999999,996", "123456789012"])("%j → too_large", (input) => {
    expect(priceForSave(input)).toBe("too_large");
  });
});

describe("formatCompactBRL (the same text on the server and in every browser)", () => {
  it.each([
    [0, "R$ 0"],
    [100, "R$ 100"],
    [850.4, "R$ 850"],
    [999.6, "R$ 1 mil"],
    [1000, "R$ 1 mil"],
    [1500, "R$ 1,5 mil"],
    [9960, "R$ 10 mil"],
    [12_345, "R$ 12 mil"],
    [999_499, "R$ 999 mil"],
    [999_500, "R$ 1 mi"],
    [2_340_000, "R$ 2,3 mi"],
    [-1500, "-R$ 1,5 mil"],
    [Number.NaN, "R$ 0"],
  ])("%d → %s", (value, expected) => expect(formatCompactBRL(value)).toBe(expected));
});

describe("centavos", () => {
  it.each([
    [0, "R$ 0,00"],
    [5, "R$ 0,05"],
    [4550, "R$ 45,50"],
    [123456, "R$ 1.234,56"],
    [123456789, "R$ 1.234.567,89"],
    [-500, "-R$ 5,00"],
    [MAX_CENTS, "R$ 21.474.836,47"],
  ])("formatCents(%d) → %s", (cents, text) => expect(formatCents(cents)).toBe(text));

  it.each([
    ["", null],
    ["  ", null],
    [null, null],
    ["45", 4500],
    ["45,5", 4550],
    ["45,50", 4550],
    ["45.50", 4550],
    ["0,05", 5],
    ["1.234,56", 123456],
    ["1.234", 123400],
    ["12.345.678,90", 1234567890],
    ["R$ 1.234,56", 123456],
    [" 7 ", 700],
    ["45,", 4500],
    [45.5, 4550],
    [0, 0],
    ["21.474.836,47", MAX_CENTS],
    ["21474836,48", "too_large"],
    ["999999999", "too_large"],
    ["45,555", "invalid"],
    ["-5", "invalid"],
    [-5, "invalid"],
    ["1,234,56", "invalid"],
    ["abc", "invalid"],
    ["1.23.4", "invalid"],
    [0.1 + 0.2, "invalid"],
    [Number.NaN, "invalid"],
  ])("parseCents(%j) → %j", (input, cents) => expect(parseCents(input)).toBe(cents));

  it("the input text reads back to the same centavos", () => {
    for (const c of [0, 1, 99, 100, 4550, 123456, MAX_CENTS]) expect(parseCents(centsInputText(c))).toBe(c);
    expect(centsInputText(null)).toBe("");
  });
});

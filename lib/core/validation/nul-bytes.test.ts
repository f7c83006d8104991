import { describe, expect, test } from "vitest";
import { nulPath } from "./nul-bytes";

describe("nulPath", () => {
  test("finds U+0000 in a string, a nested field or an array element", () => {
    expect(nulPath("a\u0000b")).toBe("");
    expect(nulPath({ name: "Ana", offers: [{ price: "1" }, { note: "x\u0000" }] })).toBe("offers.1.note");
    expect(nulPath({ ["k\u0000"]: 1 })).toBe("k\u0000");
  });
  test("null for text without it (emoji, RTL, other control characters)", () => {
    expect(nulPath({ name: "💇‍♀️ مرحبا \u202E\t\n", n: 1, b: true, z: null, a: [] })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
  });
});

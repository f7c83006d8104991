import { describe, expect, it } from "vitest";
import { contrast, difference, parseOklch } from "./contrast";

const c = (text: string) => parseOklch(text)!;

describe("contrast", () => {
  it("black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrast(c("oklch(0 0 0)"), c("oklch(1 0 0)"))).toBeCloseTo(21, 5);
    expect(contrast(c("oklch(0.6 0.1 30)"), c("oklch(0.6 0.1 30)"))).toBeCloseTo(1, 5);
  });
  it("matches the WCAG figure of a known sRGB colour (Tailwind yellow-700, #a16207: 4.92:1 on white)", () => {
    expect(contrast(c("oklch(0.554 0.135 66.442)"), c("oklch(1 0 0)"))).toBeCloseTo(4.92, 1);
  });
  it("reads oklch as app/globals.css writes it, a percentage lightness and an alpha included", () => {
    expect(parseOklch("oklch(0.52 0.14 150)")).toEqual({ l: 0.52, c: 0.14, h: 150 });
    expect(parseOklch("oklch(52% 0.14 150deg / 50%)")).toEqual({ l: 0.52, c: 0.14, h: 150 });
    expect(parseOklch("var(--success)")).toBeNull();
    expect(parseOklch("#fff")).toBeNull();
  });
  it("difference: none for the same colour, large between hues", () => {
    expect(difference(c("oklch(0.5 0.1 100)"), c("oklch(0.5 0.1 100)"))).toBe(0);
    expect(difference(c("oklch(0.55 0.13 78)"), c("oklch(0.5 0.16 255)"))).toBeGreaterThan(0.2);
  });
});

import { describe, expect, test } from "vitest";
import { z } from "zod";
import { isSingleLine, singleLine, SINGLE_LINE_MESSAGE, toSingleLine } from "./single-line";

// Each feature schema that saves a name: tests/unit/single-line-names.test.ts.
describe("one line", () => {
  test.each(["Ana\r\nX-INJ:1", "Ana\nLima", "Ana\rLima", "Ana\u0000", "Ana\u0007Lima", "Ana\u000bLima", "Ana\u0085Lima", "Ana\u2028Lima", "Ana\tLima"])(
    "%j is refused",
    (text) => expect(isSingleLine(text)).toBe(false),
  );

  test.each(["Ana Lima", "Conceição D'Ávila", "José — Barbearia 💈", "مرحبا", "", null, undefined])("%j is accepted", (text) => {
    expect(isSingleLine(text)).toBe(true);
  });

  test("a schema made single-line refuses a break with the Portuguese message", () => {
    const name = singleLine(z.string().trim().min(1));
    expect(name.parse("  Ana Lima\r\n")).toBe("Ana Lima");
    expect(name.safeParse("Ana\nLima").error?.issues[0].message).toBe(SINGLE_LINE_MESSAGE);
  });

  test("toSingleLine makes each run of control characters a space", () => {
    expect(toSingleLine("Ana\r\nX-INJ:1\u2028Lima")).toBe("Ana X-INJ:1 Lima");
  });
});

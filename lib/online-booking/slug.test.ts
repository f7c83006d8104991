import { describe, expect, test } from "vitest";
import { foldSlug, isSlugShaped, RESERVED_SLUGS, SLUG_MAX, slugProblem } from "./slug";

describe("foldSlug", () => {
  test.each([
    ["Studio Bela Vista", "studio-bela-vista"],
    ["Salão da Ana", "salao-da-ana"],
    ["  Barbearia do Paulo  ", "barbearia-do-paulo"],
    ["Espaço Çécília & Cia.", "espaco-cecilia-cia"],
    ["JOÃO'S BARBER SHOP", "joao-s-barber-shop"],
    ["Unhas — 24h!!", "unhas-24h"],
    ["--a--b--", "a-b"],
    ["Ótica Ênfase Ñandu Üma", "otica-enfase-nandu-uma"],
    ["€$%", ""],
  ])("%s → %s", (name, slug) => {
    expect(foldSlug(name)).toBe(slug);
  });

  test("cut at the maximum length without a trailing hyphen", () => {
    const folded = foldSlug(`${"a".repeat(SLUG_MAX - 1)} bcd`);
    expect(folded.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(folded.endsWith("-")).toBe(false);
    expect(folded).toBe("a".repeat(SLUG_MAX - 1));
  });

  test("a folded name is a valid slug when long enough and not reserved", () => {
    for (const name of ["Studio Bela Vista", "Salão da Ana", "Clínica Estética São José 2"]) {
      expect(slugProblem(foldSlug(name))).toBeNull();
    }
  });
});

describe("slugProblem", () => {
  test.each([
    ["", "empty"],
    ["ab", "short"],
    ["a".repeat(SLUG_MAX + 1), "long"],
    ["Studio", "format"],
    ["studio bela", "format"],
    ["studio_bela", "format"],
    ["-studio", "format"],
    ["studio-", "format"],
    ["studio--bela", "format"],
    ["salão", "format"],
    ["reserva", "reserved"],
    ["admin", "reserved"],
    ["api", "reserved"],
  ])("%s → %s", (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  test.each(["studio-bela-vista", "abc", "salao-2", "24h-unhas", "a".repeat(SLUG_MAX)])("%s is valid", (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  test("every reserved word is refused, and a suffix makes it valid", () => {
    for (const word of RESERVED_SLUGS) {
      expect(slugProblem(word)).toBe(word.length < 3 ? "short" : "reserved");
      expect(slugProblem(`${word}-2`)).toBeNull();
    }
  });
});

test("isSlugShaped", () => {
  expect(isSlugShaped("studio-bela-vista")).toBe(true);
  expect(isSlugShaped("reserva")).toBe(true);
  expect(isSlugShaped("x")).toBe(false);
  expect(isSlugShaped("../etc")).toBe(false);
  expect(isSlugShaped("Studio")).toBe(false);
});

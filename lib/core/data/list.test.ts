import { describe, expect, test } from "vitest";
import { foldText, likePattern, listParams, param, searchTerm } from "./list";

describe("searchTerm", () => {
  test.each([
    ["(65) 99912", "6599912"],
    ["65 9991-2345", "6599912345"],
    ["+55 65 99912-0000", "5565999120000"],
    ["9912", "9912"],
    ["  JÉSSICA ", "jessica"],
    ["Conceição", "conceicao"],
    ["ana@exemplo.com.br", "ana@exemplo.com.br"],
    ["cliente12", "cliente12"],
    ["12", "12"],
    ["ana 99", "ana 99"],
    ["", ""],
  ])("%j → %j", (q, term) => expect(searchTerm(q)).toBe(term));
});

describe("text matching helpers", () => {
  test("folding drops accents and case", () => expect(foldText("ÁgUA Ç ñ")).toBe("agua c n"));
  test("LIKE patterns take the user's own wildcards literally", () => expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%"));
  test("list params: trimmed query, positive page", () => {
    expect(listParams({ q: "  ana ", page: "3" })).toEqual({ q: "ana", page: 3 });
    expect(listParams({ page: "-2" })).toEqual({ q: "", page: 1 });
    expect(listParams({ page: ["x"] })).toEqual({ q: "", page: 1 });
  });
});

describe("param", () => {
  test("the first value, '' when absent, never a NUL character (PostgreSQL text cannot hold one)", () => {
    expect(param({ q: ["a", "b"] }, "q")).toBe("a");
    expect(param({}, "q")).toBe("");
    expect(param({ q: "Ana\u0000 Maria\u0000" }, "q")).toBe("Ana Maria");
  });
});

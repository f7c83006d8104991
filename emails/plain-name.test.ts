import { describe, expect, test } from "vitest";
import { plainName } from "./plain-name";

describe("plainName", () => {
  test.each([
    ["  Studio   Bela Vista ", "Studio Bela Vista"],
    ["Barbearia do Paulo", "Barbearia do Paulo"],
    ["Salão Ágata & Cia.", "Salão Ágata & Cia."],
    ["Espaço\u0007 Zen\n", "Espaço Zen"],
  ])("%o → %o", (value, expected) => expect(plainName(value)).toBe(expected));

  test.each([
    "URGENTE: sua conta do banco foi bloqueada, acesse http://banco.exemplo",
    "acesse www.golpe.com",
    "golpe.com.br",
    "bit.ly/abc",
    "fale com suporte@golpe.com",
    "x".repeat(61),
    "   ",
    null,
  ])("%o is not plain", (value) => expect(plainName(value)).toBeNull());
});

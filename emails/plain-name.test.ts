import { describe, expect, test } from "vitest";
import { PLAIN_ADDRESS_MAX, plainAddress, plainBusiness, plainName, plainPhone, plainProfessional, plainService } from "./plain-name";

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

describe("the same rule for every field that reaches a message", () => {
  test.each([
    "acesse golpe.top/premio",
    "Pix em 192.168.0.10/pagar",
    "ｈｔｔｐ://golpe.exemplo", // full-width letters, which mail apps may still link
    "Corte\u200b www.golpe.exemplo",
    "veja t.me/golpe",
  ])("%o is not plain", (value) => expect(plainName(value)).toBeNull());

  test("an address may be longer than a name, but not carry a link", () => {
    const long = "Av. Historiador Rubens de Mendonça, 1234, Sala 56, Edifício Centro Norte, Bosque da Saúde, Cuiabá - MT";
    expect(plainName(long)).toBeNull();
    expect(plainAddress(long)).toBe(long);
    expect(plainAddress("Rua A, 10 — pague em golpe.com.br")).toBeNull();
    expect(plainAddress("x".repeat(PLAIN_ADDRESS_MAX + 1))).toBeNull();
  });

  test.each([
    ["(65) 3322-4455", "(65) 3322-4455"],
    ["+55 65 99876-5432", "+55 65 99876-5432"],
    ["65 3322.4455 / 99876-5432", "65 3322.4455 / 99876-5432"],
    ["bit.ly/pix-agora", null],
    ["ligue 0800 golpe", null],
    ["1234", null],
    [null, null],
  ])("phone %o → %o", (value, expected) => expect(plainPhone(value)).toBe(expected));

  test("a service that is not plain reads 'Serviço'; such a professional is left out", () => {
    expect(plainService("Corte feminino + escova")).toBe("Corte feminino + escova");
    expect(plainService("Corte — ganhe brinde em www.golpe.exemplo")).toBe("Serviço");
    expect(plainProfessional("Ana https://golpe.exemplo")).toBeNull();
    expect(plainProfessional("Ana Paula")).toBe("Ana Paula");
  });

  test("a business's fields, each on its own", () => {
    expect(plainBusiness({ name: "Studio http://golpe.exemplo", address: "Rua A, 10", phone: "(65) 3322-4455" })).toEqual({
      name: null, address: "Rua A, 10", phone: "(65) 3322-4455",
    });
  });
});

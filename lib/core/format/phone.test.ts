import { describe, expect, it } from "vitest";
import { displayName, formatPhone, initials, whatsappLink } from "./phone";

const message = (name: string) =>
  encodeURIComponent(`Olá ${name}, tudo bem? Este é um contato do nosso estabelecimento sobre seu agendamento.`);

describe("whatsappLink", () => {
  it("prefixes 55 and strips formatting", () => {
    expect(whatsappLink("(65) 99999-1234", "Maria")).toBe(`https://wa.me/5565999991234?text=${message("Maria")}`);
  });
  it("does not double an existing country code", () => {
    expect(whatsappLink("+55 (65) 99999-1234", "Maria")).toBe(`https://wa.me/5565999991234?text=${message("Maria")}`);
    expect(whatsappLink("556532221234", "Ana")).toBe(`https://wa.me/556532221234?text=${message("Ana")}`);
  });
  it("still prefixes a local number from DDD 55", () => {
    expect(whatsappLink("(55) 99123-4567", "João")).toBe(`https://wa.me/5555991234567?text=${message("João")}`);
    expect(whatsappLink("5532221234", "João")).toBe(`https://wa.me/555532221234?text=${message("João")}`);
  });
  it("keeps a DDD 55 number that already has the country code", () => {
    expect(whatsappLink("55 55 99123-4567", "Rita")).toBe(`https://wa.me/5555991234567?text=${message("Rita")}`);
  });
  it("encodes the exact greeting", () => {
    expect(whatsappLink("65999991234", "Ana Lúcia")).toBe(
      "https://wa.me/5565999991234?text=Ol%C3%A1%20Ana%20L%C3%BAcia%2C%20tudo%20bem%3F%20Este%20%C3%A9%20um%20contato%20do%20nosso%20estabelecimento%20sobre%20seu%20agendamento.",
    );
  });
  it("encodes characters that would break the query string", () => {
    const url = whatsappLink("65999991234", "A&B #1");
    expect(url).toContain("A%26B%20%231");
    expect(decodeURIComponent(url.split("?text=")[1])).toBe(
      "Olá A&B #1, tudo bem? Este é um contato do nosso estabelecimento sobre seu agendamento.",
    );
  });
  it("trims and collapses the name, and greets without a name when it is blank", () => {
    expect(whatsappLink("65999991234", "  Maria   Silva ")).toBe(`https://wa.me/5565999991234?text=${message("Maria Silva")}`);
    expect(decodeURIComponent(whatsappLink("65999991234", "  ").split("?text=")[1])).toBe(
      "Olá, tudo bem? Este é um contato do nosso estabelecimento sobre seu agendamento.",
    );
  });
});

describe("initials", () => {
  it.each([
    ["Maria da Silva", "MD"],
    ["maria", "M"],
    ["joão pedro alves", "JP"],
    ["  ana   lúcia  ", "AL"],
    ["Élise Ônix", "ÉÔ"],
    ["", ""],
    ["   ", ""],
    [null, ""],
    [undefined, ""],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("displayName", () => {
  it.each([
    [{ fullName: "Maria Silva", email: "maria@example.com" }, "Maria Silva"],
    [{ fullName: "  Maria  ", email: "maria@example.com" }, "Maria"],
    [{ fullName: "", email: "maria@example.com" }, "maria@example.com"],
    [{ fullName: "   ", email: "maria@example.com" }, "maria@example.com"],
    [{ fullName: null, email: "maria@example.com" }, "maria@example.com"],
    [{ email: "maria@example.com" }, "maria@example.com"],
    [{ fullName: null, email: null }, "Usuário"],
    [{ fullName: "", email: "" }, "Usuário"],
    [{}, "Usuário"],
  ])("%j → %s", (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

describe("formatPhone", () => {
  it.each([
    ["65999991234", "(65) 99999-1234"],
    ["(65) 99999-1234", "(65) 99999-1234"],
    ["65 3025 1000", "(65) 3025-1000"],
    ["+55 65 99999-1234", "(65) 99999-1234"],
    ["556530251000", "(65) 3025-1000"],
    ["  99999-1234 ", "99999-1234"],
    ["", ""],
    [null, ""],
  ])("%j → %j", (input, out) => expect(formatPhone(input)).toBe(out));
});

import { describe, expect, it } from "vitest";
import { newTxid, normalizePixKey, readBrCode, staticBrCode } from "./brcode";

const base = { pixKey: "+5565999990000", merchantName: "Barbearia São João", merchantCity: "Cuiabá", txid: "A".repeat(25) };

describe("staticBrCode", () => {
  it("carries the amount to the centavo, read back with its CRC checked", () => {
    for (const cents of [1, 10, 99, 1999, 6000, 123456, 99_999_99]) {
      const code = staticBrCode({ ...base, amountCents: cents });
      expect(readBrCode(code)?.amountCents).toBe(cents);
      expect(code).toContain(`54${String((cents / 100).toFixed(2).length).padStart(2, "0")}${(cents / 100).toFixed(2)}`);
    }
  });

  it("folds the name and city as the manual asks, and keeps key and txid", () => {
    const read = readBrCode(staticBrCode({ ...base, amountCents: 6000 }))!;
    expect(read).toMatchObject({ pixKey: "+5565999990000", merchantName: "BARBEARIA SAO JOAO", merchantCity: "CUIABA", txid: "A".repeat(25) });
  });

  it("a changed character breaks the CRC", () => {
    const code = staticBrCode({ ...base, amountCents: 6000 });
    const tampered = code.replace("60.00", "10.00");
    expect(readBrCode(tampered)).toBeNull();
  });
});

describe("newTxid", () => {
  it("gives letters and digits of the asked length, never twice the same", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const t = newTxid(i % 2 ? 25 : 35);
      expect(t).toMatch(i % 2 ? /^[A-Za-z0-9]{25}$/ : /^[A-Za-z0-9]{35}$/);
      seen.add(t);
    }
    expect(seen.size).toBe(500);
  });
});

describe("normalizePixKey", () => {
  it("takes each kind of key", () => {
    expect(normalizePixKey("529.982.247-25")).toBe("52998224725");
    expect(normalizePixKey("11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizePixKey("(65) 99999-0000")).toBe("+5565999990000");
    // Its digits are a valid CPF (52998224725 → "(52) 99822-4725"), but it is written as a phone.
    expect(normalizePixKey("(52) 99822-4725")).toBe("+5552998224725");
    expect(normalizePixKey("52998224725")).toBe("52998224725");
    expect(normalizePixKey("+55 65 99999-0000")).toBe("+5565999990000");
    expect(normalizePixKey("Caixa@Salao.com.br")).toBe("caixa@salao.com.br");
    expect(normalizePixKey("123E4567-E89B-12D3-A456-426614174000")).toBe("123e4567-e89b-12d3-a456-426614174000");
  });

  it("refuses what is no key", () => {
    for (const bad of ["", "abc", "111.111.111-11", "11.222.333/0001-80", "+1 202 555 0100", "a@b", "12345"]) expect(normalizePixKey(bad)).toBeNull();
  });
});

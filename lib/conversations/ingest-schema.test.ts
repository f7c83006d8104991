import { describe, expect, it } from "vitest";
import { ingestBodySchema, localPhoneDigits } from "./ingest-schema";

const good = { client_phone: "+55 (65) 99999-1234", client_name: " Ana ", message: " Oi! ", is_bot: false };

describe("ingestBodySchema", () => {
  it("trims, empties the name to null, reads sent_at with its offset", () => {
    const v = ingestBodySchema.parse({ ...good, sent_at: "2026-01-02T10:00:00-04:00" });
    expect(v).toMatchObject({ client_phone: "+55 (65) 99999-1234", client_name: "Ana", message: "Oi!", is_bot: false });
    expect(v.sent_at?.toISOString()).toBe("2026-01-02T14:00:00.000Z");
    expect(ingestBodySchema.parse({ ...good, client_name: "  " }).client_name).toBeNull();
    expect(ingestBodySchema.parse({ ...good, client_name: undefined, sent_at: null })).toMatchObject({ client_name: null, sent_at: null });
  });
  it("refuses each bad field with a Portuguese message on that field", () => {
    const issues = (body: unknown) =>
      Object.fromEntries((ingestBodySchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues({})).toEqual({
      client_phone: "Informe client_phone (o telefone do cliente, texto).",
      message: "Informe message (o texto da mensagem).",
      is_bot: "Informe is_bot: true para mensagem do bot, false para mensagem do cliente.",
    });
    expect(issues({ ...good, client_phone: "12-34" })).toEqual({ client_phone: "Telefone inválido: informe de 8 a 15 dígitos." });
    expect(issues({ ...good, client_phone: "1".repeat(16) })).toEqual({ client_phone: "Telefone inválido: informe de 8 a 15 dígitos." });
    expect(issues({ ...good, message: "   " })).toEqual({ message: "A mensagem não pode ficar vazia." });
    expect(issues({ ...good, message: "x".repeat(4001) })).toEqual({ message: "A mensagem pode ter no máximo 4000 caracteres." });
    expect(issues({ ...good, is_bot: "true" })).toHaveProperty("is_bot");
    expect(issues({ ...good, sent_at: "01/02/2026" })).toHaveProperty("sent_at");
    expect(issues({ ...good, sent_at: "2026-01-02T10:00:00" })).toHaveProperty("sent_at");
    expect(issues({ ...good, sent_at: new Date(Date.now() + 3600_000).toISOString() })).toEqual({ sent_at: "sent_at não pode estar no futuro." });
  });
});

describe("localPhoneDigits", () => {
  it("drops 55 only when it is clearly the country prefix", () => {
    expect(localPhoneDigits("+55 (65) 99999-1234")).toBe("65999991234");
    expect(localPhoneDigits("5565999991234")).toBe("65999991234");
    expect(localPhoneDigits("556530251000")).toBe("6530251000");
    expect(localPhoneDigits("(65) 99999-1234")).toBe("65999991234");
    // DDD 55 (Rio Grande do Sul) without the country code.
    expect(localPhoneDigits("(55) 99999-1234")).toBe("55999991234");
  });
});

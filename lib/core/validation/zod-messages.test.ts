import { describe, expect, test } from "vitest";
import { z } from "zod";
import "./zod-messages";

const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("zod's fallback messages are Portuguese", () => {
  test("wrong type, missing, too long, too short, format, enum", () => {
    expect(first(z.object({ name: z.string() }), { name: 1 })).toBe("Valor inválido.");
    expect(first(z.object({ name: z.string() }), {})).toBe("Campo obrigatório.");
    expect(first(z.string().max(100), "x".repeat(101))).toBe("Use no máximo 100 caracteres.");
    expect(first(z.string().min(8), "abc")).toBe("Use pelo menos 8 caracteres.");
    expect(first(z.array(z.string()).max(1), ["a", "b"])).toBe("No máximo 1 item.");
    expect(first(z.number().max(10), 11)).toBe("O valor máximo é 10.");
    expect(first(z.uuid(), "x")).toBe("Identificador inválido.");
    expect(first(z.email(), "x")).toBe("E-mail inválido");
    expect(first(z.enum(["a", "b"]), "c")).toBe("Valor inválido.");
  });
  test("a schema's own text still wins", () => {
    expect(first(z.string().min(1, "Nome é obrigatório"), "")).toBe("Nome é obrigatório");
  });
});

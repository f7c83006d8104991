import { describe, expect, it } from "vitest";
import { cardSummary } from "./appointment-lines";

describe("a collapsed card's line", () => {
  it("the first service, '+N' for the rest, and its professional", () => {
    expect(cardSummary([{ serviceName: "Escova", professionalName: "Juliana Alves" }])).toBe("Escova · Juliana Alves");
    expect(cardSummary([
      { serviceName: "Escova", professionalName: "Juliana Alves" },
      { serviceName: "Barba", professionalName: "Rafael Souza" },
      { serviceName: "Hidratação", professionalName: null },
    ])).toBe("Escova +2 · Juliana Alves");
    expect(cardSummary([{ serviceName: "Corte", professionalName: null }])).toBe("Corte · Sem profissional");
    expect(cardSummary([])).toBe("Nenhum serviço");
  });
});

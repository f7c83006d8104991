import { describe, expect, it } from "vitest";
import { STATUS, statusChoices, statusMeta, statusName } from "./status";

describe("status", () => {
  it("the spec's badges, and each status its own bar", () => {
    expect(statusMeta(2)).toMatchObject({ label: "Confirmado", badge: "success", bar: "bg-status-confirmado" });
    expect(statusMeta(3)).toMatchObject({ label: "Cancelado", badge: "destructive", bar: "bg-status-cancelado" });
    expect(statusMeta(1)).toMatchObject({ label: "Pendente", badge: "secondary", bar: "bg-status-pendente" });
    expect(statusMeta(4)).toMatchObject({ label: "Concluído", badge: "secondary", bar: "bg-status-concluido" });
    expect(new Set([1, 2, 3, 4].map((id) => statusMeta(id).bar)).size).toBe(4);
  });
  it("a missing or unknown status shows as pendente", () => {
    expect(statusMeta(null).label).toBe("Pendente");
    expect(statusMeta(99).label).toBe("Pendente");
  });
  it("the ids are the seeded rows', and the audit names follow them", () => {
    expect(STATUS).toEqual({ pendente: 1, confirmado: 2, cancelado: 3, concluido: 4 });
    expect([1, 2, 3, 4, 99].map(statusName)).toEqual(["pendente", "confirmado", "cancelado", "concluido", "pendente"]);
  });
  it("the menu offers concluído only when present", () => {
    expect(statusChoices(1).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(statusChoices(4).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});

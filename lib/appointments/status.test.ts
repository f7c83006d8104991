import { describe, expect, it } from "vitest";
import { isOutcome, STATUS, STATUS_MENU, statusAllowed, statusMeta, statusName } from "./status";

describe("status", () => {
  it("the spec's badges, and each status its own bar", () => {
    expect(statusMeta(2)).toMatchObject({ label: "Confirmado", badge: "success", bar: "bg-status-confirmado" });
    expect(statusMeta(3)).toMatchObject({ label: "Cancelado", badge: "destructive", bar: "bg-status-cancelado" });
    expect(statusMeta(1)).toMatchObject({ label: "Pendente", badge: "secondary", bar: "bg-status-pendente" });
    expect(statusMeta(4)).toMatchObject({ label: "Concluído", badge: "secondary", bar: "bg-status-concluido" });
    expect(statusMeta(5)).toMatchObject({ label: "Faltou", badge: "secondary", bar: "bg-status-faltou" });
    expect(new Set([1, 2, 3, 4, 5].map((id) => statusMeta(id).bar)).size).toBe(5);
  });
  it("a missing or unknown status shows as pendente", () => {
    expect(statusMeta(null).label).toBe("Pendente");
    expect(statusMeta(99).label).toBe("Pendente");
  });
  it("the ids are the seeded rows', and the audit names follow them", () => {
    expect(STATUS).toEqual({ pendente: 1, confirmado: 2, cancelado: 3, concluido: 4, faltou: 5 });
    expect([1, 2, 3, 4, 5, 99].map(statusName)).toEqual(["pendente", "confirmado", "cancelado", "concluido", "faltou", "pendente"]);
  });
  it("the menu: the spec's three, then the two outcomes", () => {
    expect(STATUS_MENU.map((s) => s.label)).toEqual(["Pendente", "Confirmado", "Cancelado", "Concluído", "Faltou"]);
    expect(STATUS_MENU.filter((s) => isOutcome(s.id)).map((s) => s.key)).toEqual(["concluido", "faltou"]);
  });
  it("'Concluído' and 'Faltou' only once the visit has started; the rest any time", () => {
    for (const id of [1, 2, 3]) expect(statusAllowed(id, false)).toBe(true);
    expect(statusAllowed(STATUS.concluido, false)).toBe(false);
    expect(statusAllowed(STATUS.faltou, false)).toBe(false);
    for (const id of [1, 2, 3, 4, 5]) expect(statusAllowed(id, true)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { changeList, withChanges } from "./describe";

type S = { name: string; description: string | null; durationMinutes: number | null; active?: boolean; tags?: string[] };
const labels = {
  name: { label: "nome" },
  description: { label: "descrição" },
  durationMinutes: { label: "duração", show: (m: number | null) => `${m}min` },
  active: { label: "ativo" },
  tags: { label: "etiquetas", show: (t: string[] | undefined) => (t ?? []).join(", ") },
};

describe("changeList", () => {
  const base: S = { name: "Corte", description: null, durationMinutes: 30, active: true, tags: ["a"] };
  it("nothing changed → empty", () => expect(changeList(labels, base, { ...base, tags: ["a"] })).toEqual([]));
  it("lists each changed field in label order, with its formatter; empty as 'vazio'", () => {
    expect(changeList(labels, base, { ...base, durationMinutes: 45, name: "Corte curto", description: "Com lavagem", active: false, tags: ["a", "b"] })).toEqual([
      'nome: "Corte" → "Corte curto"',
      'descrição: vazio → "Com lavagem"',
      "duração: 30min → 45min",
      "ativo: sim → não",
      "etiquetas: a → a, b",
    ]);
    expect(changeList(labels, base, { ...base, durationMinutes: null })).toEqual(["duração: 30min → vazio"]);
  });
  it("a field can word its own change", () => {
    const photo = { photo: { label: "foto", change: (a: string | null, b: string | null) => (!a ? "adicionada" : !b ? "removida" : "trocada") } };
    expect(changeList(photo, { photo: "/a" }, { photo: "/b" })).toEqual(["foto: trocada"]);
    expect(changeList(photo, { photo: null }, { photo: "/b" })).toEqual(["foto: adicionada"]);
    expect(changeList(photo, { photo: "/a" }, { photo: null })).toEqual(["foto: removida"]);
    expect(changeList(photo, { photo: "/a" }, { photo: "/a" })).toEqual([]);
  });
  it("ignores fields without a label", () => {
    expect(changeList({ name: { label: "nome" } }, { name: "a", x: 1 }, { name: "a", x: 2 })).toEqual([]);
  });
});

describe("withChanges", () => {
  it("joins the changes, or says there were none", () => {
    expect(withChanges('Serviço "Corte" atualizado', ["a", "b"])).toBe('Serviço "Corte" atualizado (a; b)');
    expect(withChanges('Serviço "Corte" atualizado', [])).toBe('Serviço "Corte" atualizado (sem alterações)');
  });
});

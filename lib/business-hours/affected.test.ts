import { describe, expect, it } from "vitest";
import { fail } from "@/lib/core/actions/result";
import { AFFECTED_CODE, AFFECTED_LIST_LIMIT, affectedAfterText, affectedCountText, affectedLine, affectedOf, affectedRefusal } from "./affected";

const one = (i: number) => ({ id: `id-${i}`, clientName: `Cliente ${i}`, date: "2026-12-08", time: "10:30" });

describe("the refusal that lists the appointments a change leaves outside the hours", () => {
  it("counts them all, names the first ones, carries its code", () => {
    const r = affectedRefusal("Erro", Array.from({ length: 7 }, (_, i) => one(i)));
    expect(r).toMatchObject({
      ok: false, code: AFFECTED_CODE, error: "Erro", total: 7,
      description: "7 agendamentos ficariam fora do horário de funcionamento. Confirme para salvar mesmo assim.",
    });
    expect(r.affected).toHaveLength(7);
    const many = affectedRefusal("Erro", Array.from({ length: AFFECTED_LIST_LIMIT + 5 }, (_, i) => one(i)));
    expect([many.affected.length, many.total]).toEqual([AFFECTED_LIST_LIMIT, AFFECTED_LIST_LIMIT + 5]);
  });
  it("is recognised by its code, never by its text", () => {
    expect(affectedOf(affectedRefusal("Erro", [one(1)]))?.total).toBe(1);
    expect(affectedOf(fail("Erro", "7 agendamentos ficariam fora do horário de funcionamento."))).toBeNull();
    expect(affectedOf({ ...fail("Erro"), code: AFFECTED_CODE })).toBeNull();
  });
  it("texts: singular and plural, client and time (and date when the change spans days)", () => {
    expect(affectedCountText(1)).toBe("1 agendamento ficaria fora do horário de funcionamento");
    expect(affectedLine(one(1), false)).toBe("Cliente 1 — 10:30");
    expect(affectedLine(one(1), true)).toBe("Cliente 1 — 08/12/2026 às 10:30");
    expect(affectedAfterText(0)).toBeUndefined();
    expect(affectedAfterText(2)).toBe('2 agendamentos ficaram fora do horário e estão marcados na agenda como "Fora do horário".');
  });
});

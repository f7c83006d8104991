/**
 * Issue 53, 'Fechamento do dia': a business day's comandas per payment method (the payments of the
 * comandas closed that day, less the reversals made that day) and per professional (services,
 * products, tips, commissions); every sum checked against the ledgers' rows; the CSV streamed and
 * formula-safe; the owner's only, and only of their own business.
 */
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { comandaPayments, comandas } from "@/db/schema";
import { GET as dayClosingCsvGET } from "@/app/api/reports/day-closing/csv/route";
import { dayClosing } from "@/lib/day-closing/queries";
import { actAs } from "./act-as";
import { barberVisit, closedComanda, reverseComanda } from "./comanda-rows";
import { createProfessional, createTeam } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const PCT = (rate: number) => ({ kind: "percent" as const, rate });

async function salonDay() {
  const team = await createTeam();
  const joao = await createProfessional(team.business.id, { name: "João" });
  const bia = await createProfessional(team.business.id, { name: "Bia" });
  const rules = {
    [joao.id]: { services: PCT(5000), products: PCT(1000), base: "gross" as const },
    [bia.id]: { services: PCT(4000), products: PCT(0), base: "net_of_card_fee" as const },
  };
  const b = team.business.id;
  // João's visit: R$ 80 of services and a R$ 45 pomada, R$ 60 Pix + R$ 70 cash with a R$ 5 tip.
  const first = await closedComanda(barberVisit(b, joao.id, "2026-11-10", rules));
  // Bia's: R$ 120 with R$ 20 off the line, on credit at 3 %, and a shampoo sold at the desk (nobody) paid by debit.
  const second = await closedComanda({
    businessId: b, closedOn: "2026-11-10", at: "23:30", rules,
    lines: [
      { kind: "service", name: "Coloração", professionalId: bia.id, unitCents: 12_000, discount: { kind: "amount", cents: 2000 } },
      { kind: "product", name: "Xampu", professionalId: null, unitCents: 3990 },
    ],
    payments: [{ method: "credit", cents: 10_000, feeRate: 300 }, { method: "debit", cents: 3990, feeRate: 150 }],
  });
  // The day before, closed; reversed on the 10th (its payments count negated on the 10th).
  const earlier = await closedComanda({
    businessId: b, closedOn: "2026-11-09", rules,
    lines: [{ kind: "service", name: "Corte", professionalId: joao.id, unitCents: 5000 }],
    payments: [{ method: "cash", cents: 5000 }],
  });
  await reverseComanda(b, earlier.id, "2026-11-10", { at: "09:00" });
  // The next day's comanda is not the 10th's.
  await closedComanda({ businessId: b, closedOn: "2026-11-11", rules, lines: [{ kind: "service", name: "Corte", professionalId: joao.id, unitCents: 5000 }], payments: [{ method: "pix", cents: 5000 }] });
  return { ...team, joao, bia, first, second, earlier };
}

describe("the day's closing", () => {
  test("per method: the day's payments less the day's reversals; every method's sum is its rows'", async () => {
    const s = await salonDay();
    const d = await dayClosing(s.business.id, "2026-11-10");
    expect(d).toMatchObject({ date: "2026-11-10", closed: 2, reversed: 1 });
    expect(d.methods).toEqual({ cash: 7000 - 5000, pix: 6000, debit: 3990, credit: 10_000, client_credit: 0, debt: 0 });
    expect(d.total).toBe(13_000 + 13_990 - 5000);
    // Against the rows: the 10th's closes' payments and the 10th's reversal rows.
    const rows = await db
      .select({ method: comandaPayments.method, cents: comandaPayments.cents })
      .from(comandaPayments)
      .innerJoin(comandas, eq(comandas.id, comandaPayments.comandaId))
      .where(and(eq(comandaPayments.businessId, s.business.id), sql`((${comandaPayments.reversal} = 0 and ${comandas.closedOn} = '2026-11-10') or (${comandaPayments.reversal} = 1 and ${comandas.id} = ${s.earlier.id}))`));
    for (const m of Object.keys(d.methods) as (keyof typeof d.methods)[]) {
      expect(d.methods[m], m).toBe(rows.filter((r) => r.method === m).reduce((a, r) => a + r.cents, 0));
    }
    // The comandas' totals agree: what closed that day less what was reversed.
    expect(d.total).toBe(s.first.totalCents + s.second.totalCents - s.earlier.totalCents);
  });

  test("per professional: services and products at their nets, tips and commissions; the nets add up to the comandas' totals", async () => {
    const s = await salonDay();
    const d = await dayClosing(s.business.id, "2026-11-10");
    expect(d.professionals).toEqual([
      // Bia: R$ 100 net; her 40 % on R$ 100 less its share of the R$ 3,00 + R$ 0,60 fees, apportioned
      // by the nets (100,00 / 39,90: 2,57 and 1,03): 40 % of R$ 97,43 = R$ 38,97.
      { professionalId: s.bia.id, name: "Bia", services: 10_000, products: 0, tips: 0, commissions: 3897 },
      // João: R$ 80 − the reversed R$ 50 corte; R$ 45 pomada; R$ 5 tip; 40 + 4,50 − 25.
      { professionalId: s.joao.id, name: "João", services: 8000 - 5000, products: 4500, tips: 500, commissions: 4450 - 2500 },
      { professionalId: null, name: "Sem profissional", services: 0, products: 3990, tips: 0, commissions: 0 },
    ]);
    const nets = d.professionals.reduce((a, p) => a + p.services + p.products + p.tips, 0);
    expect(nets).toBe(d.total);
  });

  test("a day with nothing: zeros, no professional", async () => {
    const s = await salonDay();
    expect(await dayClosing(s.business.id, "2026-11-08")).toEqual({
      date: "2026-11-08", closed: 0, reversed: 0, total: 0, professionals: [],
      methods: { cash: 0, pix: 0, debit: 0, credit: 0, client_credit: 0, debt: 0 },
    });
  });

  test("the CSV: streamed, formula-safe, the owner's only, and only of their own business", async () => {
    const s = await salonDay();
    const other = await salonDay();
    const get = async (business: string, date = "2026-11-10") => {
      const res = await dayClosingCsvGET(new NextRequest(`http://localhost/api/reports/day-closing/csv?business=${business}&date=${date}`));
      return { status: res.status, body: await res.text(), disposition: res.headers.get("content-disposition") };
    };
    await actAs(s.owner.id);
    const r = await get(s.business.id);
    expect(r.status).toBe(200);
    expect(r.disposition).toContain('filename="fechamento_2026-11-10.csv"');
    const lines = r.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Seção,Nome,Valor,Serviços,Produtos,Gorjetas,Comissões");
    expect(lines).toContain("Comandas,Comandas fechadas,2,,,,");
    expect(lines).toContain(`Por forma de pagamento,Dinheiro,"R$ 20,00",,,,`);
    expect(lines).toContain(`Por forma de pagamento,Total,"R$ 219,90",,,,`);
    expect(lines).toContain(`Por profissional,João,,"R$ 30,00","R$ 45,00","R$ 5,00","R$ 19,50"`);
    expect((await get(s.business.id, "2026-13-01")).status).toBe(400);
    expect((await get(other.business.id)).status).toBe(403);
    await actAs(s.employee.id);
    expect((await get(s.business.id)).status).toBe(403);
  });
});

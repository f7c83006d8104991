/**
 * Issue 53, commissions: an owner sets each professional's rule (services and products, % or R$
 * per item, on the gross or the net of the card fee) and per-service rates; the rates are checked
 * on the server; saving a professional's catalog (an employee with the catalog grant may) keeps
 * them; each change is one audit row; another business's professional or service is refused.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, professionalCommissions, professionalServiceCommissions, professionalServices } from "@/db/schema";
import { setCommissionAction } from "@/lib/commissions/actions";
import { COMMISSION_MESSAGES as M } from "@/lib/commissions/messages";
import { commissionRows } from "@/lib/commissions/queries";
import { actAs } from "./act-as";
import { createProfessional, createService, createTeam } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

async function barbershop() {
  const { owner, employee, business } = await createTeam();
  const corte = await createService(business.id, 30, { name: "Corte" });
  const barba = await createService(business.id, 20, { name: "Barba" });
  const joao = await createProfessional(business.id, { name: "João" });
  await db.insert(professionalServices).values([
    { professionalId: joao.id, serviceId: corte.id, businessId: business.id, price: "50.00" },
    { professionalId: joao.id, serviceId: barba.id, businessId: business.id, price: "30.00" },
  ]);
  return { owner, employee, business, corte, barba, joao };
}

const rule = (s: Awaited<ReturnType<typeof barbershop>>, extra: object = {}) => ({
  businessId: s.business.id, professionalId: s.joao.id, base: "gross",
  services: { kind: "percent", value: "50" }, products: { kind: "percent", value: "10" },
  overrides: [{ serviceId: s.corte.id, rate: { kind: "percent", value: "" } }, { serviceId: s.barba.id, rate: { kind: "fixed", value: "12,50" } }],
  ...extra,
});

describe("the rule", () => {
  test("João: 50 % on services, 10 % on products, Barba R$ 12,50 a cut; listed, audited once", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    expect(await setCommissionAction(rule(s) as never)).toMatchObject({ ok: true });
    const [row] = await commissionRows(s.business.id);
    expect(row.rule).toEqual({ services: { kind: "percent", rate: 5000 }, products: { kind: "percent", rate: 1000 }, base: "gross" });
    expect(row.services).toEqual([
      { serviceId: s.barba.id, name: "Barba", override: { kind: "fixed", cents: 1250 } },
      { serviceId: s.corte.id, name: "Corte", override: null },
    ]);
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.businessId, s.business.id), eq(auditLogs.entityId, s.joao.id)));
    expect(audits.map((a) => a.description)).toEqual(["Comissão de João: serviços 50%, produtos 10%, 1 exceção por serviço"]);
  });

  test("changed: replaced whole (an override cleared goes); the fractional % kept to the basis point", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    await setCommissionAction(rule(s) as never);
    const r = await setCommissionAction(rule(s, { services: { kind: "percent", value: "42,5" }, base: "net_of_card_fee", overrides: [] }) as never);
    expect(r).toMatchObject({ ok: true });
    const [row] = await db.select().from(professionalCommissions).where(eq(professionalCommissions.professionalId, s.joao.id));
    expect(row).toMatchObject({ servicesValue: 4250, base: "net_of_card_fee" });
    expect(await db.select().from(professionalServiceCommissions).where(eq(professionalServiceCommissions.professionalId, s.joao.id))).toEqual([]);
  });

  test("bad rates are refused in Portuguese at their field, nothing written", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    const cases = [
      [{ services: { kind: "percent", value: "120" } }, "services.value", M.percentRange],
      [{ products: { kind: "fixed", value: "abc" } }, "products.value", M.invalid],
      [{ services: { kind: "percent", value: "" } }, "services.value", M.required],
      [{ products: { kind: "fixed", value: "200000" } }, "products.value", M.tooLarge],
    ] as const;
    for (const [extra, path, message] of cases) {
      const r = await setCommissionAction(rule(s, extra) as never);
      expect(r).toMatchObject({ ok: false, fieldErrors: { [path]: message } });
    }
    expect(await db.select().from(professionalCommissions).where(eq(professionalCommissions.professionalId, s.joao.id))).toEqual([]);
  });
});

describe("who and whose", () => {
  test("an employee can't set one; another business's professional or service is refused and nothing changes", async () => {
    const s = await barbershop();
    const other = await barbershop();
    await actAs(s.employee.id);
    expect(await setCommissionAction(rule(s) as never)).toMatchObject({ ok: false });
    await actAs(s.owner.id);
    expect(await setCommissionAction(rule(s, { professionalId: other.joao.id }) as never)).toMatchObject({ ok: false, description: M.notFound });
    const r = await setCommissionAction(rule(s, { overrides: [{ serviceId: other.barba.id, rate: { kind: "percent", value: "70" } }] }) as never);
    expect(r).toMatchObject({ ok: false, description: M.serviceGone });
    expect(await db.select().from(professionalCommissions).where(eq(professionalCommissions.businessId, s.business.id))).toEqual([]);
    expect(await db.select().from(professionalCommissions).where(eq(professionalCommissions.businessId, other.business.id))).toEqual([]);
  });

  test("saving the professional's catalog (offers rewritten) keeps the owner's per-service rates", async () => {
    const s = await barbershop();
    await actAs(s.owner.id);
    await setCommissionAction(rule(s) as never);
    // What 'Editar profissional' does with the offers: delete and insert them again.
    await db.delete(professionalServices).where(eq(professionalServices.professionalId, s.joao.id));
    await db.insert(professionalServices).values({ professionalId: s.joao.id, serviceId: s.barba.id, businessId: s.business.id, price: "35.00" });
    const [row] = await commissionRows(s.business.id);
    expect(row.services).toEqual([{ serviceId: s.barba.id, name: "Barba", override: { kind: "fixed", cents: 1250 } }]);
  });
});

import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { businessCardFees, professionalCommissions, professionalServiceCommissions, professionalServices, professionals, services, type CommissionBase } from "@/db/schema";
import type { CommissionRule, Rate } from "@/lib/comandas/rules/commissions";
import { rateOf } from "./rates";

export type CommissionRow = {
  professionalId: string;
  name: string;
  active: boolean;
  /** Null: no rule yet (the professional earns 0 %). */
  rule: { services: Rate; products: Rate; base: CommissionBase } | null;
  /** The services they offer, each with its own rate when it has one. */
  services: { serviceId: string; name: string; override: Rate | null }[];
};

/** Every professional of the business with their rule and their services' own rates, by name. */
export async function commissionRows(businessId: string, conn: Conn = db): Promise<CommissionRow[]> {
  const [pros, offers, overrides] = await Promise.all([
    conn
      .select({ id: professionals.id, name: professionals.name, active: professionals.active, rule: professionalCommissions })
      .from(professionals)
      .leftJoin(professionalCommissions, eq(professionalCommissions.professionalId, professionals.id))
      .where(eq(professionals.businessId, businessId))
      .orderBy(asc(professionals.name), asc(professionals.id)),
    conn
      .select({ professionalId: professionalServices.professionalId, serviceId: services.id, name: services.name })
      .from(professionalServices)
      .innerJoin(services, eq(services.id, professionalServices.serviceId))
      .where(eq(professionalServices.businessId, businessId))
      .orderBy(asc(services.name)),
    conn.select().from(professionalServiceCommissions).where(eq(professionalServiceCommissions.businessId, businessId)),
  ]);
  return pros.map((p) => ({
    professionalId: p.id,
    name: p.name,
    active: p.active,
    rule: p.rule && {
      services: rateOf(p.rule.servicesKind, p.rule.servicesValue),
      products: rateOf(p.rule.productsKind, p.rule.productsValue),
      base: p.rule.base,
    },
    services: offers
      .filter((o) => o.professionalId === p.id)
      .map((o) => {
        const own = overrides.find((x) => x.professionalId === p.id && x.serviceId === o.serviceId);
        return { serviceId: o.serviceId, name: o.name, override: own ? rateOf(own.kind, own.value) : null };
      }),
  }));
}

/** One professional's rule as stored (for the audit's before), or null. */
export async function commissionOf(businessId: string, professionalId: string, conn: Conn = db) {
  const [rule] = await conn
    .select()
    .from(professionalCommissions)
    .where(and(eq(professionalCommissions.businessId, businessId), eq(professionalCommissions.professionalId, professionalId)));
  const overrides = await conn
    .select({ serviceId: professionalServiceCommissions.serviceId, kind: professionalServiceCommissions.kind, value: professionalServiceCommissions.value })
    .from(professionalServiceCommissions)
    .where(and(eq(professionalServiceCommissions.businessId, businessId), eq(professionalServiceCommissions.professionalId, professionalId)))
    .orderBy(asc(professionalServiceCommissions.serviceId));
  return { rule: rule ?? null, overrides };
}

/**
 * The rules of `professionalIds` as a comanda's close applies them (lib/comandas/rules/commissions):
 * read inside the close's transaction, so the entries keep the rates in force at that moment.
 */
export async function commissionRules(businessId: string, professionalIds: readonly string[], conn: Conn = db): Promise<Record<string, CommissionRule>> {
  if (professionalIds.length === 0) return {};
  const ids = [...new Set(professionalIds)];
  const [rules, overrides] = await Promise.all([
    conn.select().from(professionalCommissions).where(and(eq(professionalCommissions.businessId, businessId), inArray(professionalCommissions.professionalId, ids))),
    conn.select().from(professionalServiceCommissions).where(and(eq(professionalServiceCommissions.businessId, businessId), inArray(professionalServiceCommissions.professionalId, ids))),
  ]);
  const out: Record<string, CommissionRule> = {};
  for (const r of rules) {
    out[r.professionalId] = {
      services: rateOf(r.servicesKind, r.servicesValue),
      products: rateOf(r.productsKind, r.productsValue),
      base: r.base,
      overrides: Object.fromEntries(overrides.filter((o) => o.professionalId === r.professionalId).map((o) => [o.serviceId, rateOf(o.kind, o.value)])),
    };
  }
  return out;
}

/** 'Taxas do cartão': the business's debit and credit fees in basis points (0 when never set). */
export async function cardFeesOf(businessId: string, conn: Conn = db): Promise<{ debit: number; credit: number }> {
  const [row] = await conn.select({ debit: businessCardFees.debit, credit: businessCardFees.credit }).from(businessCardFees).where(eq(businessCardFees.businessId, businessId));
  return row ?? { debit: 0, credit: 0 };
}

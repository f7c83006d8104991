import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { professionalCommissions, professionalServiceCommissions, professionals } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { COMMISSION_MESSAGES as M } from "./messages";
import { commissionOf } from "./queries";
import { formatRate, rateOf } from "./rates";
import type { commissionSchema } from "./schemas";

type Input = z.output<typeof commissionSchema>;

/**
 * 'Comissão de …': the professional's rule and their services' own rates, replaced whole, under the
 * professional's row lock, with one audit row (the professional's) naming the new rates. Closed
 * comandas keep the rates they were closed with.
 */
export async function setCommission({ ctx, tx, audit }: Write, input: Input): Promise<ActionResult> {
  const [pro] = await tx
    .select({ id: professionals.id, name: professionals.name })
    .from(professionals)
    .where(and(eq(professionals.id, input.professionalId), eq(professionals.businessId, ctx.businessId)))
    .for("update");
  if (!pro) return fail(M.saveError, M.notFound);
  const before = await commissionOf(ctx.businessId, pro.id, tx);
  const { services, products } = input as { services: NonNullable<Input["services"]>; products: NonNullable<Input["products"]> };
  const values = {
    businessId: ctx.businessId,
    servicesKind: services.kind, servicesValue: services.value,
    productsKind: products.kind, productsValue: products.value,
    base: input.base, updatedBy: ctx.userId, updatedAt: new Date(),
  };
  await tx
    .insert(professionalCommissions)
    .values({ professionalId: pro.id, ...values })
    .onConflictDoUpdate({ target: professionalCommissions.professionalId, set: values });
  await tx.delete(professionalServiceCommissions).where(eq(professionalServiceCommissions.professionalId, pro.id));
  const own = input.overrides.flatMap((o) => (o.rate ? [{ businessId: ctx.businessId, professionalId: pro.id, serviceId: o.serviceId, kind: o.rate.kind, value: o.rate.value }] : []));
  if (own.length) await tx.insert(professionalServiceCommissions).values(own);
  const after = await commissionOf(ctx.businessId, pro.id, tx);
  const text = `serviços ${formatRate(rateOf(services.kind, services.value))}, produtos ${formatRate(rateOf(products.kind, products.value))}` +
    `${input.base === "net_of_card_fee" ? ", descontada a taxa do cartão" : ""}${own.length ? `, ${own.length} ${own.length === 1 ? "exceção" : "exceções"} por serviço` : ""}`;
  await audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: `Comissão de ${pro.name}: ${text}`,
    oldValues: { commission: before }, newValues: { commission: after },
  });
  return ok();
}

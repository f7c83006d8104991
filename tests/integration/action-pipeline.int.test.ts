import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { appointments, auditLogs, clients } from "@/db/schema";
import { defineAction } from "@/lib/pipeline";
import { CONFLICTS } from "@/lib/core/actions/messages";
import { ACCESS } from "@/lib/auth/permissions";
import { fail, ok } from "@/lib/core/actions/result";
import { actAs, revalidated } from "./act-as";
import { createAppointment, createClient, uniq, twoBusinesses } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const ERROR = "Erro ao salvar cliente";
const schema = z.object({ name: z.string().trim().min(1, "Nome é obrigatório").max(200) });

/** A client write with its audit row, like the catalog's; `refuseAfterWrite` refuses once the row is in. */
const createClientAction = defineAction({
  name: "test.createClient",
  level: "staff",
  schema: schema.extend({ refuseAfterWrite: z.boolean().optional(), brokenAudit: z.boolean().optional() }),
  error: ERROR,
  fallback: "Não foi possível salvar o cliente. Tente novamente.",
  revalidate: ["/clients"],
  async run({ input, ctx, tx, audit }) {
    const [row] = await tx.insert(clients).values({ businessId: ctx.businessId, name: input.name, userId: ctx.userId }).returning();
    await audit({
      action: "CREATE",
      // An entity the audit table's check constraint refuses: the audit insert fails after the write.
      entity: input.brokenAudit ? ("invalida" as "client") : "client",
      entityId: row.id,
      description: `Cliente "${row.name}" criado`,
      newValues: { name: row.name },
    });
    if (input.refuseAfterWrite) return fail(ERROR, "Recusado depois de escrever.");
    return ok({ id: row.id });
  },
});

const ownerOnlyAction = defineAction({
  name: "test.ownerOnly",
  level: "owner",
  schema: z.object({}),
  error: "Erro",
  async run() {
    return ok();
  },
});

const bookAction = defineAction({
  name: "test.book",
  level: "staff",
  schema: z.object({ clientId: z.uuid(), date: z.string(), time: z.string() }),
  error: "Erro ao criar agendamento",
  async run({ input, ctx, tx }) {
    await tx.insert(appointments).values({ businessId: ctx.businessId, clientId: input.clientId, date: input.date, time: input.time });
    return ok();
  },
});

async function clientsNamed(businessId: string, name: string) {
  return db.select().from(clients).where(and(eq(clients.businessId, businessId), eq(clients.name, name)));
}

async function auditsFor(businessId: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.businessId, businessId));
}

describe("the action pipeline", () => {
  let owner: { id: string };
  let employee: { id: string };
  let business: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    ({ owner, employee, business, other } = await twoBusinesses());
  });

  test("anonymous: refused before anything runs", async () => {
    await actAs(null);
    const name = `Anon ${uniq()}`;
    expect(await createClientAction({ businessId: business.id, name })).toEqual({ ok: false, error: ERROR, description: ACCESS.notSignedIn });
    expect(await clientsNamed(business.id, name)).toHaveLength(0);
  });

  test("a business the caller does not belong to: refused, nothing written there", async () => {
    await actAs(owner.id);
    const name = `Cross ${uniq()}`;
    expect(await createClientAction({ businessId: other.id, name })).toEqual({ ok: false, error: ERROR, description: ACCESS.forbidden });
    expect(await clientsNamed(other.id, name)).toHaveLength(0);
    expect(await auditsFor(other.id)).toHaveLength(0);
  });

  test("no business named: the spec's 'Selecione um negócio'", async () => {
    await actAs(owner.id, { currentBusinessId: business.id });
    // The current-business cookie is never used in its place.
    expect(await createClientAction({ name: "x" } as never)).toEqual({ ok: false, error: ACCESS.noBusiness });
    expect(await createClientAction({ businessId: 42, name: "x" } as never)).toEqual({ ok: false, error: ACCESS.noBusiness });
  });

  test("role level: an employee can't run an owner-level action of their own business", async () => {
    await actAs(employee.id);
    expect(await ownerOnlyAction({ businessId: business.id })).toEqual({ ok: false, error: "Erro", description: ACCESS.forbidden });
    await actAs(owner.id);
    expect(await ownerOnlyAction({ businessId: business.id })).toEqual({ ok: true });
  });

  test("bad input: field errors with the schema's messages, nothing written", async () => {
    await actAs(employee.id);
    const before = (await auditsFor(business.id)).length;
    const result = await createClientAction({ businessId: business.id, name: "   " });
    expect(result).toEqual({ ok: false, error: ERROR, description: "Nome é obrigatório", fieldErrors: { name: "Nome é obrigatório" } });
    expect(await createClientAction({ businessId: business.id, name: 12 } as never)).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String) } });
    expect((await auditsFor(business.id)).length).toBe(before);
  });

  test("success: the row and its audit row, with the actor and the business; the path revalidated", async () => {
    await actAs(employee.id);
    const name = `Ana ${uniq()}`;
    const result = await createClientAction({ businessId: business.id, name: `  ${name}  ` });
    expect(result).toMatchObject({ ok: true, id: expect.any(String) });
    const [row] = await clientsNamed(business.id, name);
    expect(row.id).toBe((result as { id: string }).id);
    const audits = await auditsFor(business.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: employee.id, actionType: "CREATE", entityType: "client", entityId: row.id, newValues: { name },
    });
    expect(revalidated).toEqual(["/clients"]);
  });

  test("a write whose audit insert fails leaves no trace", async () => {
    await actAs(owner.id);
    const name = `Sem auditoria ${uniq()}`;
    const result = await createClientAction({ businessId: business.id, name, brokenAudit: true });
    expect(result).toEqual({ ok: false, error: ERROR, description: "Não foi possível salvar o cliente. Tente novamente." });
    expect(await clientsNamed(business.id, name)).toHaveLength(0);
    expect(await auditsFor(business.id)).toHaveLength(0);
    expect(revalidated).toEqual([]);
  });

  test("a refusal after the write rolls the write back", async () => {
    await actAs(owner.id);
    const name = `Recusado ${uniq()}`;
    expect(await createClientAction({ businessId: business.id, name, refuseAfterWrite: true })).toEqual({
      ok: false, error: ERROR, description: "Recusado depois de escrever.",
    });
    expect(await clientsNamed(business.id, name)).toHaveLength(0);
    expect(await auditsFor(business.id)).toHaveLength(0);
  });

  test("an exclusion-constraint violation becomes the spec's conflict text", async () => {
    await actAs(owner.id);
    const client = await createClient(business.id);
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2030-03-04", time: "10:00" });
    expect(await bookAction({ businessId: business.id, clientId: client.id, date: "2030-03-04", time: "10:30" })).toEqual({
      ok: false, code: CONFLICTS.client.code, error: CONFLICTS.client.error, description: CONFLICTS.client.description,
    });
  });
});

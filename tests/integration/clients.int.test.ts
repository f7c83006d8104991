import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, clients } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { createClientAction, deleteClientAction, updateClientAction } from "@/lib/clients/actions";
import { searchClients } from "@/lib/clients/queries";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { CLIENTS_PAGE_SIZE } from "@/lib/clients/schemas";
import { actAs } from "./act-as";
import { createAppointment, createBusiness, createClient, createUser, uniq, twoBusinesses } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const clientById = async (id: string) => (await db.select().from(clients).where(eq(clients.id, id)))[0];
const auditsOf = (entityId: string) => db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);

describe("client actions", () => {
  let owner: { id: string };
  let employee: { id: string };
  let business: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    ({ owner, employee, business, other } = await twoBusinesses());
  });

  test("create: trimmed, empty phone and e-mail stored as null, one audit row with the new values", async () => {
    await actAs(employee.id);
    const name = `Ana ${uniq()}`;
    const result = await createClientAction({ businessId: business.id, name: `  ${name} `, phone: "  ", email: "" });
    expect(result).toMatchObject({ ok: true });
    const id = (result as { id: string }).id;
    expect(await clientById(id)).toMatchObject({ name, phone: null, email: null, businessId: business.id, userId: employee.id });
    const audits = await auditsOf(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      businessId: business.id, userId: employee.id, actionType: "CREATE", entityType: "client",
      description: `Cliente "${name}" criado`, oldValues: null, newValues: { name, phone: null, email: null },
    });
  });

  test("validation: name required, e-mail well formed", async () => {
    await actAs(owner.id);
    expect(await createClientAction({ businessId: business.id, name: " ", email: "x@" })).toMatchObject({
      ok: false, error: CLIENT_MESSAGES.saveError, fieldErrors: { name: CLIENT_MESSAGES.nameRequired, email: CLIENT_MESSAGES.invalidEmail },
    });
  });

  test("no business named: the spec's audit-business text", async () => {
    await actAs(owner.id, { currentBusinessId: business.id });
    expect(await createClientAction({ name: "Sem negócio" } as never)).toEqual({
      ok: false, error: CLIENT_MESSAGES.saveError, description: CLIENT_MESSAGES.noBusinessDescription,
    });
  });

  test("update: old and new values in the audit row", async () => {
    const client = await createClient(business.id, { name: "Beto", phone: "65 91111-2222", email: null });
    await actAs(owner.id);
    expect(await updateClientAction({ businessId: business.id, id: client.id, name: "Beto Lima", phone: "", email: "beto@x.com" })).toEqual({ ok: true });
    const [audit] = await auditsOf(client.id);
    expect(audit).toMatchObject({
      actionType: "UPDATE",
      oldValues: { name: "Beto", phone: "65 91111-2222", email: null },
      newValues: { name: "Beto Lima", phone: null, email: "beto@x.com" },
    });
  });

  test("another business's client can't be read, changed or deleted by id", async () => {
    const foreign = await createClient(other.id, { name: "Cliente do vizinho" });
    await actAs(owner.id);
    // Naming the other business: not a member.
    expect(await updateClientAction({ businessId: other.id, id: foreign.id, name: "Invadido" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await deleteClientAction({ businessId: other.id, id: foreign.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    // Naming their own business with the other's row id: not found there.
    expect(await updateClientAction({ businessId: business.id, id: foreign.id, name: "Invadido" })).toMatchObject({ ok: false, description: CLIENT_MESSAGES.notFound });
    expect(await deleteClientAction({ businessId: business.id, id: foreign.id, withAppointments: true })).toMatchObject({ ok: false, description: CLIENT_MESSAGES.notFound });
    expect(await clientById(foreign.id)).toMatchObject({ name: "Cliente do vizinho" });
    expect(await auditsOf(foreign.id)).toHaveLength(0);
    // And the list never shows it.
    const page = await searchClients(business.id, "vizinho", 1);
    expect(page.items).toHaveLength(0);
  });

  test("delete: refused while appointments exist unless confirmed; then the appointments go too, each audited", async () => {
    const client = await createClient(business.id, { name: `Com agenda ${uniq()}` });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2031-02-03", time: "09:00" });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2031-02-04", time: "09:00" });
    await actAs(employee.id);
    expect(await deleteClientAction({ businessId: business.id, id: client.id })).toEqual({
      ok: false, error: CLIENT_MESSAGES.deleteError,
      description: "Este cliente tem 2 agendamentos. Confirme que deseja excluir o cliente junto com eles.",
    });
    expect(await clientById(client.id)).toBeDefined();
    expect(await deleteClientAction({ businessId: business.id, id: client.id, withAppointments: true })).toEqual({ ok: true, appointmentsDeleted: 2 });
    expect(await clientById(client.id)).toBeUndefined();
    expect(await db.select().from(appointments).where(eq(appointments.clientId, client.id))).toHaveLength(0);
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.actionType, "DELETE")));
    expect(audits.map((a) => a.entityType).sort()).toEqual(["appointment", "appointment", "client"]);
  });
});

describe("client search", () => {
  test("accents and case ignored, by phone digits and e-mail, alphabetical, paged", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const t = uniq();
    await createClient(business.id, { name: `Jéssica ${t}`, phone: "(65) 99123-4567", email: null });
    await createClient(business.id, { name: `Juliana ${t}`, phone: null, email: `juli.${t}@Exemplo.com` });
    await createClient(business.id, { name: `Isabela ${t}`, phone: "65 3025 1000", email: null });

    const names = async (q: string) => (await searchClients(business.id, q, 1)).items.map((c) => c.name);
    expect(await names(t)).toEqual([`Isabela ${t}`, `Jéssica ${t}`, `Juliana ${t}`]);
    expect(await names(`JESSICA ${t}`)).toEqual([`Jéssica ${t}`]);
    expect(await names("991234567")).toEqual([`Jéssica ${t}`]);
    expect(await names("(65) 3025-1000")).toEqual([`Isabela ${t}`]);
    expect(await names(`juli.${t}@exemplo`)).toEqual([`Juliana ${t}`]);
    expect(await names(`%_${t}x`)).toEqual([]);

    for (let i = 0; i < CLIENTS_PAGE_SIZE; i++) await createClient(business.id, { name: `Zeca ${String(i).padStart(2, "0")} ${t}` });
    const p1 = await searchClients(business.id, t, 1);
    const p2 = await searchClients(business.id, t, 2);
    expect(p1.total).toBe(CLIENTS_PAGE_SIZE + 3);
    expect(p1.items).toHaveLength(CLIENTS_PAGE_SIZE);
    expect(p2.items.map((c) => c.name)).toEqual([`Zeca 21 ${t}`, `Zeca 22 ${t}`, `Zeca 23 ${t}`]);
    expect(p2.pageCount).toBe(2);

    // Without a term the total is the business's kept one (business_totals); past the last page,
    // counted: the same figure either way.
    const all = await searchClients(business.id, "", 1);
    expect(all.total).toBe(CLIENTS_PAGE_SIZE + 3);
    expect(all.items.slice(0, 3).map((c) => c.name)).toEqual([`Isabela ${t}`, `Jéssica ${t}`, `Juliana ${t}`]);
    expect(await searchClients(business.id, t, 9)).toMatchObject({ items: [], total: CLIENTS_PAGE_SIZE + 3 });
    expect(await searchClients(business.id, "", 9)).toMatchObject({ items: [], total: CLIENTS_PAGE_SIZE + 3 });
  });
});

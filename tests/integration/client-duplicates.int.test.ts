/**
 * Issue 52, "no silent duplicate clients": a new client with the phone or e-mail of one of the
 * business's clients is refused unless the caller says it is another person (the business's own
 * clients only), and 'Mesclar' moves every row that names the removed client to the kept one, in one
 * transaction with one audit row, for the owner alone.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, clientBalanceMovements, clients, comandas, conversations, waitlistEntries } from "@/db/schema";
import { createAppointmentAction } from "@/lib/appointments/actions";
import { ACCESS } from "@/lib/auth/permissions";
import { createClientAction, mergeClientsAction } from "@/lib/clients/actions";
import { CLIENT_DUPLICATE_CODE, CLIENT_MESSAGES } from "@/lib/clients/messages";
import { duplicateClients } from "@/lib/clients/queries";
import { clientBalance } from "@/lib/comandas/queries";
import { actAs } from "./act-as";
import { createAppointment, createClient, createProfessional, createService, twoBusinesses, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const clientById = async (id: string) => (await db.select().from(clients).where(eq(clients.id, id)))[0];
const auditsOf = (entityId: string) => db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId));
const clientsOf = async (businessId: string) => (await db.select({ id: clients.id }).from(clients).where(eq(clients.businessId, businessId))).length;
/** A phone no other test uses: '(65) 9XXXX-XXXX'. */
const freshPhone = () => {
  const d = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return `(65) 9${d.slice(0, 4)}-${d.slice(4)}`;
};

/** Every foreign key that references clients, as the database has them (a new table shows up here). */
async function keysToClients(): Promise<{ table: string; column: string }[]> {
  const rows = await db.execute<{ table: string; column: string }>(sql`
    select c.conrelid::regclass::text as table, a.attname as column
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[array_position(c.confkey, (
        select attnum from pg_attribute where attrelid = 'clients'::regclass and attname = 'id'))]
     where c.contype = 'f' and c.confrelid = 'clients'::regclass
     order by 1`);
  return [...new Map(rows.map((r) => [`${r.table}.${r.column}`, r])).values()];
}

async function rowsNaming(clientId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const k of await keysToClients()) {
    const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${clientId}`);
    out[k.table] = Number(r.n);
  }
  return out;
}

// The cast of every test: business A with its owner and employee, business B of the stranger.
let owner: { id: string };
let employee: { id: string };
let stranger: { id: string };
let business: { id: string };
let other: { id: string };

beforeEach(async () => {
  ({ owner, employee, stranger, business, other } = await twoBusinesses());
});

describe("duplicate clients", () => {
  test("'Novo Cliente' with a client's phone (typed another way, with 55) or e-mail (any case) is refused naming them; 'é outra pessoa' saves it, the audit row names the twin", async () => {
    const phone = freshPhone();
    const email = `maria.${uniq()}@example.test`;
    const maria = await createClient(business.id, { name: "Maria Silva", phone, email });
    await actAs(employee.id);
    const before = await clientsOf(business.id);

    const samePhone = await createClientAction({ businessId: business.id, name: "Maria S.", phone: `+55 ${phone.replace(/\D/g, "")}`, email: "" });
    expect(samePhone).toEqual({ ok: false, code: CLIENT_DUPLICATE_CODE, error: CLIENT_MESSAGES.duplicate, description: "Já existe um cliente com este telefone: Maria Silva." });
    const sameEmail = await createClientAction({ businessId: business.id, name: "Maria S.", phone: "", email: email.toUpperCase() });
    expect(sameEmail).toMatchObject({ ok: false, code: CLIENT_DUPLICATE_CODE, description: "Já existe um cliente com este e-mail: Maria Silva." });
    expect(await clientsOf(business.id)).toBe(before);

    const r = await createClientAction({ businessId: business.id, name: "Maria Souza", phone, email: "", allowDuplicate: true });
    expect(r).toMatchObject({ ok: true });
    const [audit] = await auditsOf((r as { id: string }).id);
    expect(audit.newValues).toMatchObject({ name: "Maria Souza", sameContactAs: { id: maria.id, name: "Maria Silva" } });
  });

  test("the appointment's 'Criar novo' is refused the same way, and nothing is booked", async () => {
    const phone = freshPhone();
    await createClient(business.id, { name: "Joana Prado", phone });
    const service = await createService(business.id);
    await createProfessional(business.id);
    await actAs(employee.id);
    const r = await createAppointmentAction({
      businessId: business.id, client: { kind: "new", fields: { name: "Joana", phone, email: "" } },
      date: "2031-03-04", time: "10:00", lines: [{ serviceId: service.id, professionalId: null }], outsideHours: true,
    });
    expect(r).toMatchObject({ ok: false, code: CLIENT_DUPLICATE_CODE, description: "Já existe um cliente com este telefone: Joana Prado." });
    expect(await db.select().from(appointments).where(eq(appointments.businessId, business.id))).toHaveLength(0);
  });

  test("only the business's own clients count: another business's client with the phone and e-mail is no duplicate, nor shown", async () => {
    const phone = freshPhone();
    const email = `vizinha.${uniq()}@example.test`;
    await createClient(other.id, { name: "Cliente do vizinho", phone, email });
    expect(await duplicateClients(business.id, { phone, email })).toEqual([]);
    expect((await duplicateClients(other.id, { phone, email })).map((c) => c.name)).toEqual(["Cliente do vizinho"]);
    await actAs(owner.id);
    expect(await createClientAction({ businessId: business.id, name: "Nova", phone, email })).toMatchObject({ ok: true });
  });

  test("a short or empty phone finds nobody", async () => {
    await createClient(business.id, { name: "Sem telefone", phone: null, email: null });
    await createClient(business.id, { name: "Curto", phone: "1234" });
    expect(await duplicateClients(business.id, { phone: "1234", email: "" })).toEqual([]);
    expect(await duplicateClients(business.id, { phone: "", email: "" })).toEqual([]);
  });
});

describe("'Mesclar'", () => {
  /** Two records of one person: the kept one with a visit, the removed one with visits, a no-show, a waitlist entry, a conversation and notes. */
  async function twins() {
    const service = await createService(business.id);
    const pro = await createProfessional(business.id);
    const kept = await createClient(business.id, { name: "Ana Souza", phone: freshPhone(), email: null, notes: "Alergia a esmalte." });
    const removed = await createClient(business.id, { name: "Ana S.", phone: null, email: `ana.${uniq()}@example.test`, notes: "Prefere manhã." });
    await createAppointment({ businessId: business.id, clientId: kept.id, date: "2031-01-10", time: "09:00", statusId: 4, services: [{ serviceId: service.id, professionalId: pro.id }] });
    const moved = [
      await createAppointment({ businessId: business.id, clientId: removed.id, date: "2031-01-17", time: "09:00", statusId: 4, services: [{ serviceId: service.id, professionalId: pro.id }] }),
      await createAppointment({ businessId: business.id, clientId: removed.id, date: "2031-01-24", time: "09:00", statusId: 5 }),
      await createAppointment({ businessId: business.id, clientId: removed.id, date: "2031-02-24", time: "09:00", statusId: 1 }),
    ];
    const [entry] = await db.insert(waitlistEntries).values({
      businessId: business.id, clientId: removed.id, name: "Ana S.", phone: "65 99999-0000", serviceIds: [service.id], dates: ["2031-03-01"], timeFrom: "09:00", timeUntil: "12:00", source: "staff",
    }).returning();
    const [talk] = await db.insert(conversations).values({ businessId: business.id, clientId: removed.id, message: "Oi, quero marcar." }).returning();
    // A comanda and R$ 15,00 of credit left at the desk (issue 53): the account goes with the person.
    const [bill] = await db.insert(comandas).values({ businessId: business.id, clientId: removed.id }).returning();
    await db.insert(clientBalanceMovements).values({ businessId: business.id, clientId: removed.id, kind: "payment", cents: 1500 });
    return { kept, removed, moved, entry, talk, bill };
  }

  test("every row naming the removed client passes to the kept one (every foreign key to clients), counts follow, the removed client is deleted, one audit row", async () => {
    const { kept, removed, moved, entry, talk, bill } = await twins();
    const keys = await keysToClients();
    // What the schema has today; a new table referencing clients must be moved by mergeClients and listed here.
    expect(keys.map((k) => k.table).sort()).toEqual(["appointments", "client_appointment_stats", "client_balance_movements", "client_billed_lines", "comandas", "conversations", "waitlist_entries"]);
    const before = { kept: await rowsNaming(kept.id), removed: await rowsNaming(removed.id) };
    expect(before.removed).toMatchObject({ appointments: 3, waitlist_entries: 1, conversations: 1, client_appointment_stats: 1, client_billed_lines: 1, comandas: 1, client_balance_movements: 1 });

    await actAs(owner.id);
    const r = await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: removed.id });
    expect(r).toMatchObject({ ok: true, appointments: 3 });

    const after = { kept: await rowsNaming(kept.id), removed: await rowsNaming(removed.id) };
    for (const k of keys) expect(after.removed[k.table], k.table).toBe(0);
    expect(after.kept).toMatchObject({ appointments: 4, waitlist_entries: 1, conversations: 1, client_appointment_stats: 1, client_billed_lines: 1, comandas: 1, client_balance_movements: 1 });
    expect((await db.select().from(comandas).where(eq(comandas.id, bill.id)))[0].clientId).toBe(kept.id);
    expect(await clientBalance(business.id, kept.id)).toBe(1500);
    expect(await clientById(removed.id)).toBeUndefined();
    for (const a of moved) expect((await db.select().from(appointments).where(eq(appointments.id, a.id)))[0].clientId).toBe(kept.id);
    expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0].clientId).toBe(kept.id);
    expect((await db.select().from(conversations).where(eq(conversations.id, talk.id)))[0].clientId).toBe(kept.id);
    // The kept per-client totals: four visits, one no-show, two billed, the billed lines added up.
    const [stats] = await db.execute<{ appointments: number; no_shows: number; billed: number; last_date: string }>(
      sql`select appointments, no_shows, billed, last_date::text from client_appointment_stats where client_id = ${kept.id}`);
    expect(stats).toMatchObject({ appointments: 4, no_shows: 1, billed: 2, last_date: "2031-02-24" });
    const [lines] = await db.execute<{ n: number }>(sql`select sum(lines)::int as n from client_billed_lines where client_id = ${kept.id}`);
    expect(Number(lines.n)).toBe(2);
    // The kept client keeps its name and phone, takes the e-mail it lacked, and both notes.
    expect(await clientById(kept.id)).toMatchObject({ name: "Ana Souza", phone: kept.phone, email: removed.email, notes: "Alergia a esmalte.\n\nPrefere manhã." });

    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.entityType, "client")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entityId: kept.id, userId: owner.id, actionType: "UPDATE",
      description: 'Cliente "Ana S." mesclado em "Ana Souza" (3 agendamentos)',
      oldValues: { name: "Ana Souza", merged: { id: removed.id, name: "Ana S." } },
      newValues: { email: removed.email, moved: { appointments: expect.arrayContaining(moved.map((a) => a.id)), waitlistEntries: [entry.id], conversations: 1, comandas: [bill.id] } },
    });
  });

  test("an employee, a member of another business and the other business's owner by id are refused; nothing moves", async () => {
    const { kept, removed } = await twins();
    const foreign = await createClient(other.id, { name: "Cliente do vizinho" });
    const snapshot = async () => ({ kept: await rowsNaming(kept.id), removed: await rowsNaming(removed.id), foreign: await rowsNaming(foreign.id) });
    const before = await snapshot();

    await actAs(employee.id);
    expect(await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: removed.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    await actAs(stranger.id);
    // The other business's owner naming A's ids, under A (not a member) and under their own business (not found there).
    expect(await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: removed.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await mergeClientsAction({ businessId: other.id, id: foreign.id, mergedId: removed.id })).toMatchObject({ ok: false, description: CLIENT_MESSAGES.notFound });
    // A's owner naming B's client under A.
    await actAs(owner.id);
    expect(await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: foreign.id })).toMatchObject({ ok: false, description: CLIENT_MESSAGES.notFound });
    expect(await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: kept.id })).toMatchObject({ ok: false, fieldErrors: { mergedId: CLIENT_MESSAGES.mergeSame } });

    expect(await snapshot()).toEqual(before);
    expect(await clientById(removed.id)).toBeDefined();
    expect(await clientById(foreign.id)).toBeDefined();
    expect(await db.select().from(auditLogs).where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.entityType, "client")))).toHaveLength(0);
  });

  test("both with a visit at overlapping times: refused naming the day, nothing moves (one transaction)", async () => {
    const { kept, removed } = await twins();
    await createAppointment({ businessId: business.id, clientId: kept.id, date: "2031-01-24", time: "09:30", statusId: 1 });
    const before = { kept: await rowsNaming(kept.id), removed: await rowsNaming(removed.id) };
    await actAs(owner.id);
    expect(await mergeClientsAction({ businessId: business.id, id: kept.id, mergedId: removed.id })).toEqual({
      ok: false, error: CLIENT_MESSAGES.mergeError,
      description: "Ana Souza e Ana S. têm agendamentos no mesmo horário em 24/01/2031 às 09:30. Cancele ou mova um deles antes de mesclar.",
    });
    expect({ kept: await rowsNaming(kept.id), removed: await rowsNaming(removed.id) }).toEqual(before);
    expect(await clientById(removed.id)).toBeDefined();
  });
});

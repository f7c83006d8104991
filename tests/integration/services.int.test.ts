import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, professionalServices, services } from "@/db/schema";
import { ACCESS } from "@/lib/actions/messages";
import { createServiceAction, deleteServiceAction, updateServiceAction } from "@/lib/services/actions";
import { searchServices } from "@/lib/services/queries";
import { SERVICE_MESSAGES } from "@/lib/services/messages";
import { actAs } from "./act-as";
import {
  addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser, uniq,
} from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const serviceById = async (id: string) => (await db.select().from(services).where(eq(services.id, id)))[0];
const auditsOf = (entityId: string) => db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);
const blocksOf = async (appointmentId: string) =>
  (await db.execute<{ period: string }>(sql`select period::text from appointment_professional_blocks where appointment_id = ${appointmentId} order by 1`)).map((r) => r.period);

describe("service actions", () => {
  let owner: { id: string };
  let employee: { id: string };
  let otherOwner: { id: string };
  let business: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    owner = await createUser();
    employee = await createUser();
    otherOwner = await createUser();
    business = await createBusiness(owner.id);
    other = await createBusiness(otherOwner.id);
    await addBusinessRole(employee.id, business.id, "employee");
  });

  test("create (by an employee): trimmed, empty description and duration stored as null, one audit row", async () => {
    await actAs(employee.id);
    const name = `Escova ${uniq()}`;
    const result = await createServiceAction({ businessId: business.id, name: `  ${name} `, description: "  ", durationMinutes: "" });
    expect(result).toMatchObject({ ok: true });
    const id = (result as { id: string }).id;
    expect(await serviceById(id)).toMatchObject({ name, description: null, durationMinutes: null, businessId: business.id, userId: employee.id });
    const audits = await auditsOf(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      businessId: business.id, userId: employee.id, actionType: "CREATE", entityType: "service",
      description: `Serviço "${name}" criado`, oldValues: null, newValues: { name, description: null, durationMinutes: null },
    });
  });

  test("validation: name required, duration a whole number ≥ 1; nothing written, no audit row", async () => {
    await actAs(owner.id);
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.businessId, business.id));
    expect(await createServiceAction({ businessId: business.id, name: " ", durationMinutes: "0" })).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError, description: SERVICE_MESSAGES.nameRequired,
      fieldErrors: { name: SERVICE_MESSAGES.nameRequired, durationMinutes: SERVICE_MESSAGES.durationMin },
    });
    expect(await createServiceAction({ businessId: business.id, name: "Corte", durationMinutes: "1.5" })).toMatchObject({
      ok: false, fieldErrors: { durationMinutes: SERVICE_MESSAGES.durationWhole },
    });
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.businessId, business.id));
    expect(after).toEqual(before);
    expect(await db.select().from(services).where(eq(services.businessId, business.id))).toHaveLength(0);
  });

  test("no business named: the spec's audit-business text", async () => {
    await actAs(owner.id, { currentBusinessId: business.id });
    expect(await createServiceAction({ name: "Sem negócio" } as never)).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError, description: SERVICE_MESSAGES.noBusinessDescription,
    });
  });

  test("update: old and new values, the changes named in the description", async () => {
    const service = await createService(business.id, 30, { name: "Barba", description: null });
    await actAs(employee.id);
    expect(await updateServiceAction({ businessId: business.id, id: service.id, name: "Barba completa", description: "Com toalha quente", durationMinutes: 45 })).toEqual({ ok: true });
    const [audit] = await auditsOf(service.id);
    expect(audit).toMatchObject({
      actionType: "UPDATE", entityType: "service", userId: employee.id,
      description: 'Serviço "Barba completa" atualizado (nome: "Barba" → "Barba completa"; descrição: vazio → "Com toalha quente"; duração: 30min → 45min)',
      oldValues: { name: "Barba", description: null, durationMinutes: 30 },
      newValues: { name: "Barba completa", description: "Com toalha quente", durationMinutes: 45 },
    });
  });

  test("another business's service can't be read, changed or deleted by id", async () => {
    const foreign = await createService(other.id, 30, { name: `Serviço do vizinho ${uniq()}` });
    await actAs(owner.id);
    expect(await updateServiceAction({ businessId: other.id, id: foreign.id, name: "Invadido" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await deleteServiceAction({ businessId: other.id, id: foreign.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await updateServiceAction({ businessId: business.id, id: foreign.id, name: "Invadido", durationMinutes: 90 })).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError, description: SERVICE_MESSAGES.notFound,
    });
    expect(await deleteServiceAction({ businessId: business.id, id: foreign.id })).toEqual({
      ok: false, error: SERVICE_MESSAGES.deleteError, description: SERVICE_MESSAGES.notFound,
    });
    expect(await serviceById(foreign.id)).toMatchObject({ name: foreign.name, durationMinutes: 30 });
    expect(await auditsOf(foreign.id)).toHaveLength(0);
    expect((await searchServices(business.id, "vizinho", 1)).items).toHaveLength(0);
  });

  test("delete: refused while appointments use it, naming how many; otherwise deleted with its prices, audited", async () => {
    const client = await createClient(business.id);
    const used = await createService(business.id, 30, { name: "Usado" });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2031-03-03", time: "09:00", services: [{ serviceId: used.id, professionalId: null }] });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2020-03-03", time: "09:00", statusId: 3, services: [{ serviceId: used.id, professionalId: null }] });
    await actAs(employee.id);
    expect(await deleteServiceAction({ businessId: business.id, id: used.id })).toEqual({
      ok: false, error: SERVICE_MESSAGES.deleteError,
      description: 'O serviço "Usado" está em 2 agendamentos e não pode ser excluído. Remova-o desses agendamentos antes.',
    });
    expect(await serviceById(used.id)).toBeDefined();
    expect(await auditsOf(used.id)).toHaveLength(0);

    const free = await createService(business.id, 20, { name: "Livre", description: "d" });
    const pro = await createProfessional(business.id);
    await db.insert(professionalServices).values({ professionalId: pro.id, serviceId: free.id, businessId: business.id, price: "20.00" });
    expect(await deleteServiceAction({ businessId: business.id, id: free.id })).toEqual({ ok: true });
    expect(await serviceById(free.id)).toBeUndefined();
    expect(await db.select().from(professionalServices).where(eq(professionalServices.serviceId, free.id))).toHaveLength(0);
    expect(await auditsOf(free.id)).toMatchObject([
      { actionType: "DELETE", entityType: "service", description: 'Serviço "Livre" excluído', oldValues: { name: "Livre", description: "d", durationMinutes: 20 }, newValues: null },
    ]);
  });
});

describe("a service's duration change and the agenda's blocks", () => {
  test("upcoming non-cancelled appointments get their professional blocks recomputed; past and cancelled ones are left", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pro = await createProfessional(business.id);
    const service = await createService(business.id, 30);
    const other = await createService(business.id, 15);
    const line = (serviceId: string) => ({ serviceId, professionalId: pro.id });
    const future = await createAppointment({ businessId: business.id, clientId: (await createClient(business.id)).id, date: "2031-05-06", time: "10:00", services: [line(service.id), line(other.id)] });
    const past = await createAppointment({ businessId: business.id, clientId: (await createClient(business.id)).id, date: "2020-05-06", time: "10:00", services: [line(service.id)] });
    expect(await blocksOf(future.id)).toEqual(['["2031-05-06 10:00:00","2031-05-06 10:45:00")']);

    await actAs(owner.id);
    expect(await updateServiceAction({ businessId: business.id, id: service.id, name: service.name, durationMinutes: 60 })).toEqual({ ok: true });
    expect(await blocksOf(future.id)).toEqual(['["2031-05-06 10:00:00","2031-05-06 11:15:00")']);
    expect(await blocksOf(past.id)).toEqual(['["2020-05-06 10:00:00","2020-05-06 10:30:00")']);
    // No duration: 60 minutes assumed, the same as now, so nothing to recompute, and nothing breaks.
    expect(await updateServiceAction({ businessId: business.id, id: service.id, name: service.name, durationMinutes: "" })).toEqual({ ok: true });
    expect(await blocksOf(future.id)).toEqual(['["2031-05-06 10:00:00","2031-05-06 11:15:00")']);
  });

  test("a change that would overlap another booking is refused, naming the first conflicting appointment; nothing changes, no audit row", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pro = await createProfessional(business.id, { name: `Juliana ${uniq()}` });
    const service = await createService(business.id, 30);
    const other = await createService(business.id, 60);
    const ana = await createClient(business.id, { name: `Ana ${uniq()}` });
    const bia = await createClient(business.id, { name: `Bia ${uniq()}` });
    const first = await createAppointment({ businessId: business.id, clientId: ana.id, date: "2031-06-10", time: "10:00", services: [{ serviceId: service.id, professionalId: pro.id }] });
    const second = await createAppointment({ businessId: business.id, clientId: bia.id, date: "2031-06-10", time: "10:30", services: [{ serviceId: other.id, professionalId: pro.id }] });
    // A later one that fits either way: recomputed in the same transaction, then rolled back with the rest.
    const later = await createAppointment({ businessId: business.id, clientId: ana.id, date: "2031-06-20", time: "09:00", services: [{ serviceId: service.id, professionalId: pro.id }] });

    await actAs(owner.id);
    const result = await updateServiceAction({ businessId: business.id, id: service.id, name: "Novo nome", durationMinutes: 45 });
    expect(result).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError,
      description: `Com a nova duração, o agendamento de ${ana.name} em 10/06/2031 às 10:00 se sobreporia ao de ${bia.name} (às 10:30) de ${pro.name}. Nenhuma alteração foi salva.`,
    });
    expect(await serviceById(service.id)).toMatchObject({ name: service.name, durationMinutes: 30 });
    expect(await blocksOf(first.id)).toEqual(['["2031-06-10 10:00:00","2031-06-10 10:30:00")']);
    expect(await blocksOf(second.id)).toEqual(['["2031-06-10 10:30:00","2031-06-10 11:30:00")']);
    expect(await blocksOf(later.id)).toEqual(['["2031-06-20 09:00:00","2031-06-20 09:30:00")']);
    expect(await auditsOf(service.id)).toHaveLength(0);

    // Cancelled, the other booking no longer blocks: the change goes through.
    await db.execute(sql`update appointments set status_id = 3 where id = ${second.id}`);
    expect(await updateServiceAction({ businessId: business.id, id: service.id, name: service.name, durationMinutes: 45 })).toEqual({ ok: true });
    expect(await blocksOf(first.id)).toEqual(['["2031-06-10 10:00:00","2031-06-10 10:45:00")']);
    expect(await blocksOf(later.id)).toEqual(['["2031-06-20 09:00:00","2031-06-20 09:45:00")']);
  });
});

describe("a duration change racing a booking", () => {
  test("a booking of the service made while its duration changes waits, then is blocked out with the new duration", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pro = await createProfessional(business.id);
    const service = await createService(business.id, 30);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let changed!: () => void;
    const inside = new Promise<void>((r) => (changed = r));
    // What updateService does: lock the service row, change it, and (here) hold the transaction open.
    const change = db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from services where id = ${service.id} for update`);
      await tx.execute(sql`update services set duration_minutes = 90 where id = ${service.id}`);
      changed();
      await gate;
    });
    await inside;
    let booked = false;
    const booking = createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: "2031-08-05", time: "14:00",
      services: [{ serviceId: service.id, professionalId: pro.id }],
    }).then((a) => {
      booked = true;
      return a;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(booked).toBe(false);
    release();
    await change;
    const appointment = await booking;
    expect(await blocksOf(appointment.id)).toEqual(['["2031-08-05 14:00:00","2031-08-05 15:30:00")']);
  });
});

describe("service search", () => {
  test("accents and case ignored, alphabetical, with the price range of the active professionals", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const t = uniq();
    const color = await createService(business.id, 120, { name: `Coloração ${t}` });
    await createService(business.id, 30, { name: `Corte ${t}` });
    await createService(business.id, null, { name: `Hidratação ${t}` });
    const [a, b, off] = [await createProfessional(business.id), await createProfessional(business.id), await createProfessional(business.id, { active: false })];
    await db.insert(professionalServices).values([
      { professionalId: a.id, serviceId: color.id, businessId: business.id, price: "180.00" },
      { professionalId: b.id, serviceId: color.id, businessId: business.id, price: "220.50" },
      { professionalId: off.id, serviceId: color.id, businessId: business.id, price: "999.00" },
    ]);
    const names = async (q: string) => (await searchServices(business.id, q, 1)).items.map((s) => s.name);
    expect(await names(t)).toEqual([`Coloração ${t}`, `Corte ${t}`, `Hidratação ${t}`]);
    expect(await names(`COLORACAO ${t}`)).toEqual([`Coloração ${t}`]);
    expect(await names(`hidrata`)).toEqual([`Hidratação ${t}`]);
    expect(await names(`%${t}`)).toEqual([]);
    const [row] = (await searchServices(business.id, `coloração ${t}`, 1)).items;
    expect(row).toMatchObject({ durationMinutes: 120, minPrice: "180.00", maxPrice: "220.50", professionalCount: 2 });
  });
});

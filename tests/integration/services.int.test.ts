import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  appointments, appointmentServices, auditLogs, businessHolidaySettings, businessHours, businessOnlineBooking, professionalServices,
  professionalWeeklySchedules, services,
} from "@/db/schema";
import { GET as slotsGET } from "@/app/api/agendar/[slug]/horarios/route";
import { ACCESS } from "@/lib/auth/permissions";
import { createAppointmentAction, replaceAppointmentServicesAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES, inactiveServiceText } from "@/lib/appointments/messages";
import { appointmentById } from "@/lib/appointments/queries";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { bookOnlineAction } from "@/lib/online-booking/actions";
import { ONLINE_MESSAGES } from "@/lib/online-booking/messages";
import { publicCatalog } from "@/lib/online-booking/queries";
import { createServiceAction, deleteServiceAction, setServiceActiveAction, updateServiceAction } from "@/lib/services/actions";
import { searchServices } from "@/lib/services/queries";
import { SERVICE_IN_USE, SERVICE_MESSAGES } from "@/lib/services/messages";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { actAs, serviceOptionsAs } from "./act-as";
import { request } from "./request-stub";
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
      description: `Serviço "${name}" criado`, oldValues: null, newValues: { name, description: null, durationMinutes: null, active: true },
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
      oldValues: { name: "Barba", description: null, durationMinutes: 30, active: true },
      newValues: { name: "Barba completa", description: "Com toalha quente", durationMinutes: 45, active: true },
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
    // Active: the refusal carries the code the screen answers with 'Desativar'.
    expect(await deleteServiceAction({ businessId: business.id, id: used.id })).toEqual({
      ok: false, error: SERVICE_MESSAGES.deleteError, code: SERVICE_IN_USE,
      description: 'O serviço "Usado" está em 2 agendamentos e não pode ser excluído.',
    });
    expect(await serviceById(used.id)).toBeDefined();
    expect(await auditsOf(used.id)).toHaveLength(0);
    // Already inactive: nothing more to offer.
    await db.update(services).set({ active: false }).where(eq(services.id, used.id));
    expect(await deleteServiceAction({ businessId: business.id, id: used.id })).toEqual({
      ok: false, error: SERVICE_MESSAGES.deleteError,
      description: 'O serviço "Usado" está em 2 agendamentos e não pode ser excluído. Ele já está inativo: não aparece em novos agendamentos nem no agendamento online.',
    });

    const free = await createService(business.id, 20, { name: "Livre", description: "d" });
    const pro = await createProfessional(business.id);
    await db.insert(professionalServices).values({ professionalId: pro.id, serviceId: free.id, businessId: business.id, price: "20.00" });
    expect(await deleteServiceAction({ businessId: business.id, id: free.id })).toEqual({ ok: true });
    expect(await serviceById(free.id)).toBeUndefined();
    expect(await db.select().from(professionalServices).where(eq(professionalServices.serviceId, free.id))).toHaveLength(0);
    expect(await auditsOf(free.id)).toMatchObject([
      { actionType: "DELETE", entityType: "service", description: 'Serviço "Livre" excluído', oldValues: { name: "Livre", description: "d", durationMinutes: 20, active: true }, newValues: null },
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

describe("Ativo / Inativo", () => {
  beforeAll(() => markPeerHeaderTrusted());

  /** A business open every day 08:00–20:00 with Ana, who does Barba (which has an old appointment) and Corte; its public page on. */
  async function salon() {
    const owner = await createUser();
    const employee = await createUser();
    const business = await createBusiness(owner.id);
    await addBusinessRole(employee.id, business.id, "employee");
    await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "20:00" })));
    await db.insert(businessHolidaySettings).values({ businessId: business.id, worksOnHolidays: true });
    const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
    const corte = await createService(business.id, 45, { name: `Corte ${uniq()}` });
    const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
    await db.insert(professionalServices).values([
      { professionalId: ana.id, serviceId: barba.id, price: "30.00", businessId: business.id },
      { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    ]);
    await db.insert(professionalWeeklySchedules).values(
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({ professionalId: ana.id, businessId: business.id, dayOfWeek: d, isWorking: true, startTime: "08:00", endTime: "20:00" })),
    );
    await db.update(businessOnlineBooking).set({ enabled: true }).where(eq(businessOnlineBooking.businessId, business.id));
    const [{ slug }] = await db.select({ slug: businessOnlineBooking.slug }).from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, business.id));
    const client = await createClient(business.id);
    const old = await createAppointment({
      businessId: business.id, clientId: client.id, date: "2024-02-06", time: "10:00", statusId: 4, services: [{ serviceId: barba.id, professionalId: ana.id }],
    });
    return { owner, employee, business, barba, corte, ana, slug, client, old };
  }
  const day = () => addDays(todayInBusiness(), 2);
  const appointmentsOf = (businessId: string) => db.select().from(appointments).where(eq(appointments.businessId, businessId));

  test("'Desativar' and 'Ativar': an UPDATE audited with old and new values; setting what it already is writes nothing; another business's is not found", async () => {
    const s = await salon();
    await actAs(s.employee.id);
    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: false })).toEqual({ ok: true });
    expect(await serviceById(s.barba.id)).toMatchObject({ active: false, durationMinutes: 30 });
    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: false })).toEqual({ ok: true });
    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: true })).toEqual({ ok: true });
    expect(await serviceById(s.barba.id)).toMatchObject({ active: true });
    const snap = { name: s.barba.name, description: s.barba.description, durationMinutes: 30 };
    expect(await auditsOf(s.barba.id)).toMatchObject([
      {
        actionType: "UPDATE", entityType: "service", userId: s.employee.id, businessId: s.business.id,
        description: `Serviço "${s.barba.name}" desativado`, oldValues: { ...snap, active: true }, newValues: { ...snap, active: false },
      },
      { actionType: "UPDATE", description: `Serviço "${s.barba.name}" ativado`, oldValues: { ...snap, active: false }, newValues: { ...snap, active: true } },
    ]);

    const foreign = await createService((await createBusiness((await createUser()).id)).id, 30);
    expect(await setServiceActiveAction({ businessId: s.business.id, id: foreign.id, active: false })).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError, description: SERVICE_MESSAGES.notFound,
    });
    expect(await serviceById(foreign.id)).toMatchObject({ active: true });
  });

  test("the edit dialog's switch: saved and audited with the other changes; a save without it keeps what the service is", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    expect(await updateServiceAction({ businessId: s.business.id, id: s.barba.id, name: s.barba.name, durationMinutes: 30, active: false })).toEqual({ ok: true });
    const [audit] = await auditsOf(s.barba.id);
    expect(audit).toMatchObject({
      description: `Serviço "${s.barba.name}" atualizado (status: Ativo → Inativo)`,
      oldValues: { active: true }, newValues: { active: false },
    });
    expect(await updateServiceAction({ businessId: s.business.id, id: s.barba.id, name: `${s.barba.name} completa`, durationMinutes: 30 })).toEqual({ ok: true });
    expect(await serviceById(s.barba.id)).toMatchObject({ name: `${s.barba.name} completa`, active: false });
    // A new one is active unless the dialog says otherwise.
    const created = await createServiceAction({ businessId: s.business.id, name: `Pé ${uniq()}`, active: false });
    expect(await serviceById((created as { id: string }).id)).toMatchObject({ active: false });
    expect((await searchServices(s.business.id, s.barba.name, 1)).items).toMatchObject([{ id: s.barba.id, active: false }]);
  });

  test("inactive: no new appointment has it (refused by the server, not only hidden); the old one keeps it, and its editor may keep it but not add it", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: false })).toEqual({ ok: true });

    // Novo Agendamento: not in the list; a request naming it anyway (a stale page) is refused and writes nothing.
    const options = await serviceOptionsAs({ businessId: s.business.id, date: day(), time: "10:00", lines: [] });
    expect(options.ok && options.services.map((o) => o.id)).toEqual([s.corte.id]);
    const before = (await appointmentsOf(s.business.id)).length;
    for (const professionalId of [s.ana.id, null]) {
      expect(await createAppointmentAction({
        businessId: s.business.id, client: { kind: "existing", id: s.client.id }, date: day(), time: "10:00",
        lines: [{ serviceId: s.corte.id, professionalId }, { serviceId: s.barba.id, professionalId }],
      })).toEqual({ ok: false, error: APPOINTMENT_MESSAGES.createError, description: inactiveServiceText(s.barba.name) });
    }
    expect(await appointmentsOf(s.business.id)).toHaveLength(before);

    // The old appointment still shows it (agenda, reports read the same lines).
    expect((await appointmentById(s.business.id, s.old.id))?.lines).toMatchObject([{ serviceId: s.barba.id, serviceName: s.barba.name, professionalId: s.ana.id }]);

    // Its editor lists it, marked inactive, and saving it with another service keeps it.
    const kept = await serviceOptionsAs({ businessId: s.business.id, date: "2024-02-06", time: "10:00", appointmentId: s.old.id, lines: [] });
    expect(kept.ok && kept.services.map((o) => [o.id, o.active])).toEqual([[s.barba.id, false], [s.corte.id, true]]);
    expect(await replaceAppointmentServicesAction({
      businessId: s.business.id, id: s.old.id, lines: [{ serviceId: s.barba.id, professionalId: s.ana.id }, { serviceId: s.corte.id, professionalId: s.ana.id }],
    })).toMatchObject({ ok: true });
    // Another appointment can't get it through its editor.
    const other = await createAppointment({ businessId: s.business.id, clientId: s.client.id, date: day(), time: "15:00", services: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
    expect(await replaceAppointmentServicesAction({
      businessId: s.business.id, id: other.id, lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.ana.id }],
    })).toEqual({ ok: false, error: APPOINTMENT_MESSAGES.servicesError, description: inactiveServiceText(s.barba.name) });
    expect(await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, other.id))).toHaveLength(1);

    // Active again: bookable again.
    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: true })).toEqual({ ok: true });
    expect(await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: s.client.id }, date: day(), time: "10:00", lines: [{ serviceId: s.barba.id, professionalId: null }],
    })).toMatchObject({ ok: true });
  });

  test("inactive: not on the public page, its free times are refused and so is a booking naming it", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    const slots = async (serviceIds: string[]) => {
      const url = `http://localhost/api/agendar/${s.slug}/horarios?date=${day()}&services=${serviceIds.join(",")}&professional=any`;
      const res = await slotsGET(new Request(url, { headers: { [PEER_HEADER]: `10.89.0.${Math.floor(Math.random() * 250)}` } }), { params: Promise.resolve({ slug: s.slug }) });
      return { status: res.status, body: (await res.json()) as { times?: string[]; error?: string } };
    };
    expect((await publicCatalog(s.business.id)).services.map((x) => x.id).sort()).toEqual([s.barba.id, s.corte.id].sort());
    expect((await slots([s.barba.id])).body.times).toContain("10:00");

    expect(await setServiceActiveAction({ businessId: s.business.id, id: s.barba.id, active: false })).toEqual({ ok: true });
    const catalog = await publicCatalog(s.business.id);
    expect(catalog.services.map((x) => x.id)).toEqual([s.corte.id]);
    expect(catalog.professionals).toEqual([{ id: s.ana.id, name: s.ana.name, prices: { [s.corte.id]: "50.00" } }]);
    expect(await slots([s.barba.id])).toEqual({ status: 422, body: { error: ONLINE_MESSAGES.serviceGone } });
    expect(await slots([s.corte.id, s.barba.id])).toEqual({ status: 422, body: { error: ONLINE_MESSAGES.serviceGone } });
    expect((await slots([s.corte.id])).status).toBe(200);

    await actAs(null);
    request.headers = new Headers({ [PEER_HEADER]: "10.89.1.1" });
    try {
      const before = (await appointmentsOf(s.business.id)).length;
      expect(await bookOnlineAction({
        slug: s.slug, serviceIds: [s.barba.id], professionalId: "any", date: day(), time: "10:00",
        name: "Maria Online", phone: "(65) 99876-5432", email: null, website: "",
      })).toEqual({ ok: false, error: ONLINE_MESSAGES.bookError, description: ONLINE_MESSAGES.serviceGone });
      expect(await appointmentsOf(s.business.id)).toHaveLength(before);
    } finally {
      request.headers = new Headers();
    }
  });
});

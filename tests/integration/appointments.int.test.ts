import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, appointmentServices, auditLogs, businessHolidays, businessHours, clients, professionalServices } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import {
  changeAppointmentTimeAction, createAppointmentAction, deleteAppointmentAction, moveAppointmentAction,
  replaceAppointmentServicesAction, setAppointmentStatusAction,
} from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG, notOfferedText, OUTSIDE_HOURS_CODE, CLIENT_BUSY_CODE, PROFESSIONAL_BUSY_CODE } from "@/lib/appointments/messages";
import { clientBusyText, professionalsBusyText } from "@/lib/appointments/schemas";
import { OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import { actAs, serviceOptionsAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

// 2031-03-03 is a Monday; 2031-03-04 a Tuesday; 2031-03-09 a Sunday.
const MONDAY = "2031-03-03";
const TUESDAY = "2031-03-04";
const SUNDAY = "2031-03-09";

type Salon = Awaited<ReturnType<typeof salon>>;

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  await db.insert(businessHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      businessId: business.id, dayOfWeek: d, isOpen: d !== 0, openTime: d === 0 ? null : "08:00", closeTime: d === 0 ? null : "19:00",
    })),
  );
  const corte = await createService(business.id, 60, { name: `Corte ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
    { professionalId: ana.id, serviceId: barba.id, price: "30.00", businessId: business.id },
  ]);
  const client = await createClient(business.id, { name: `Cliente ${uniq()}` });
  return { owner, business, corte, barba, ana, bruno, client };
}

const book = (s: Salon, over: Partial<Parameters<typeof createAppointmentAction>[0]> = {}) =>
  createAppointmentAction({
    businessId: s.business.id,
    client: { kind: "existing", id: s.client.id },
    date: MONDAY,
    time: "10:00",
    lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }],
    ...over,
  });

const linesOf = (appointmentId: string) =>
  db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, appointmentId));

describe("creating appointments", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.owner.id);
  });

  test("with a chosen professional: pendente, the line, the professional's block and one audit row", async () => {
    const result = await book(s);
    expect(result).toMatchObject({ ok: true });
    const id = (result as { id: string }).id;
    const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(a).toMatchObject({ statusId: 1, date: MONDAY, time: "10:00:00", source: "staff", userId: s.owner.id });
    expect((await linesOf(id)).map((l) => l.professionalId)).toEqual([s.ana.id]);
    const blocks = await db.execute(sql`select professional_id, period::text from appointment_professional_blocks where appointment_id = ${id}`);
    expect(blocks).toEqual([{ professional_id: s.ana.id, period: `["${MONDAY} 10:00:00","${MONDAY} 11:00:00")` }]);
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actionType: "CREATE", entityType: "appointment", userId: s.owner.id });
  });

  test("without professionals: the first available one who offers the service, then the next, then none", async () => {
    const others = await Promise.all([1, 2, 3].map(() => createClient(s.business.id)));
    const auto = (clientId: string) =>
      book(s, { client: { kind: "existing", id: clientId }, lines: [{ serviceId: s.corte.id, professionalId: null }] });
    const assigned = [];
    for (const c of others) {
      const r = await auto(c.id);
      expect(r.ok).toBe(true);
      assigned.push((await linesOf((r as { id: string }).id))[0].professionalId);
    }
    expect(assigned).toEqual([s.ana.id, s.bruno.id, null]);
  });

  test("a new client is created with the appointment, in the same transaction", async () => {
    const name = `Novo ${uniq()}`;
    const r = await book(s, { client: { kind: "new", fields: { name: `  ${name} `, phone: "", email: "" } } });
    expect(r.ok).toBe(true);
    expect(await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), eq(clients.name, name)))).toHaveLength(1);
  });

  test("a busy professional: 'Conflito de agenda' naming them; nothing created, not even the new client", async () => {
    expect((await book(s)).ok).toBe(true);
    const name = `Não criado ${uniq()}`;
    const r = await book(s, { client: { kind: "new", fields: { name } }, time: "10:30" });
    expect(r).toEqual({ ok: false, code: PROFESSIONAL_BUSY_CODE, error: MSG.conflict, description: professionalsBusyText([s.ana.name]) });
    expect(await db.select().from(clients).where(eq(clients.name, name))).toHaveLength(0);
  });

  test("a failure while inserting the services leaves no appointment, no new client and no audit row", async () => {
    // A real failure inside the database at the services' insert (not a mock): a trigger that refuses
    // lines of this one service, dropped afterwards.
    const fn = `fail_lines_${uniq().replace(/\W/g, "")}`;
    await db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin if new.service_id = '${s.barba.id}' then raise exception 'falha simulada nas linhas'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger ${fn} before insert on appointment_services for each row execute function ${fn}()`));
    try {
      const name = `Sem rastro ${uniq()}`;
      const auditBefore = await db.$count(auditLogs, eq(auditLogs.businessId, s.business.id));
      const r = await book(s, {
        client: { kind: "new", fields: { name } },
        lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.ana.id }],
      });
      expect(r).toEqual({ ok: false, error: MSG.createError, description: MSG.createFallback });
      expect(await db.select().from(clients).where(eq(clients.name, name))).toHaveLength(0);
      expect(await db.select().from(appointments).where(eq(appointments.businessId, s.business.id))).toHaveLength(0);
      expect(await db.$count(auditLogs, eq(auditLogs.businessId, s.business.id))).toBe(auditBefore);
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on appointment_services; drop function ${fn}()`));
    }
  });

  test("the professional's services add up: corte + barba keep Ana 90 minutes", async () => {
    const r = await book(s, { lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.ana.id }] });
    expect(r.ok).toBe(true);
    const other = await createClient(s.business.id);
    expect(await book(s, { client: { kind: "existing", id: other.id }, time: "11:15" })).toMatchObject({ ok: false, error: MSG.conflict });
    const barbaOnly = [{ serviceId: s.barba.id, professionalId: s.ana.id }];
    expect(await book(s, { client: { kind: "existing", id: other.id }, time: "11:30", lines: barbaOnly })).toMatchObject({ ok: true });
  });

  test("outside business hours or on a closed day: the hours rule says so; in a break: the professional is unavailable", async () => {
    for (const [date, time] of [[MONDAY, "07:00"], [MONDAY, "18:30"], [SUNDAY, "10:00"]]) {
      expect(await book(s, { date, time })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE, error: OUTSIDE_HOURS_TEXT.title });
    }
    expect(await book(s, { date: MONDAY, time: "12:30" })).toMatchObject({ ok: false, error: MSG.conflict });
  });

  test("the client rule: another appointment within 60 minutes is refused with its time", async () => {
    expect((await book(s)).ok).toBe(true);
    expect(await book(s, { time: "10:45", lines: [{ serviceId: s.corte.id, professionalId: s.bruno.id }] })).toEqual({
      ok: false, code: CLIENT_BUSY_CODE, error: MSG.clientBusy, description: clientBusyText("10:00"),
    });
    expect(await book(s, { time: "11:00", lines: [{ serviceId: s.corte.id, professionalId: s.bruno.id }] })).toMatchObject({ ok: true });
  });

  test("validation: client and time required, impossible dates and times refused", async () => {
    expect(await createAppointmentAction({ businessId: s.business.id, date: MONDAY, time: "", lines: [] } as never)).toMatchObject({ ok: false, fieldErrors: { client: expect.any(String), time: MSG.timeRequiredDescription } });
    expect(await book(s, { date: "2031-02-30" })).toMatchObject({ ok: false, fieldErrors: { date: "Data inválida" } });
    expect(await book(s, { time: "24:61" })).toMatchObject({ ok: false, fieldErrors: { time: "Horário inválido" } });
  });

  test("another business's client, service or professional can't be booked", async () => {
    const other = await salon();
    await actAs(s.owner.id);
    expect(await book(s, { client: { kind: "existing", id: other.client.id } })).toMatchObject({ ok: false, error: MSG.clientRequired });
    expect(await book(s, { lines: [{ serviceId: other.corte.id, professionalId: null }] })).toMatchObject({ ok: false, error: MSG.createError });
    expect(await book(s, { lines: [{ serviceId: s.corte.id, professionalId: other.ana.id }] })).toMatchObject({ ok: false, error: MSG.conflict });
    expect(await book({ ...s, business: other.business })).toMatchObject({ ok: false, description: ACCESS.forbidden });
  });

  test("50 concurrent bookings of one professional and slot: exactly one", async () => {
    const many = await Promise.all(Array.from({ length: 50 }, () => createClient(s.business.id)));
    const results = await Promise.all(many.map((c) => book(s, { client: { kind: "existing", id: c.id }, time: "15:00" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, error: MSG.conflict });
    const [{ n }] = await db.execute<{ n: string }>(sql`
      select count(*) as n from appointments a join appointment_services l on l.appointment_id = a.id
       where a.business_id = ${s.business.id} and l.professional_id = ${s.ana.id} and a.time = '15:00'`);
    expect(Number(n)).toBe(1);
  });
});

describe("changing appointments", () => {
  let s: Salon;
  let id: string;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.owner.id);
    id = ((await book(s)) as { id: string }).id;
  });

  test("move, time and status: each re-checked, each audited", async () => {
    expect(await moveAppointmentAction({ businessId: s.business.id, id, date: TUESDAY })).toMatchObject({ ok: true });
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "14:05" })).toMatchObject({ ok: true });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 2 })).toMatchObject({ ok: true });
    const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(a).toMatchObject({ date: TUESDAY, time: "14:05:00", statusId: 2 });
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), eq(auditLogs.actionType, "UPDATE")));
    expect(audits).toHaveLength(3);
    expect(audits.find((x) => x.description.startsWith("Data"))?.oldValues).toMatchObject({ date: MONDAY, time: "10:00" });
  });

  test("a move onto a busy professional is refused and changes nothing", async () => {
    const other = await createClient(s.business.id);
    expect((await book(s, { client: { kind: "existing", id: other.id }, date: TUESDAY })).ok).toBe(true);
    expect(await moveAppointmentAction({ businessId: s.business.id, id, date: TUESDAY })).toMatchObject({ ok: false, error: MSG.conflict });
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "07:00" })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "12:30" })).toMatchObject({ ok: false, error: MSG.conflict });
    const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(a).toMatchObject({ date: MONDAY, time: "10:00:00" });
  });

  test("concurrent moves of two appointments into one slot: one wins", async () => {
    const c2 = await createClient(s.business.id);
    const second = ((await book(s, { client: { kind: "existing", id: c2.id }, time: "13:00" })) as { id: string }).id;
    const results = await Promise.all([
      changeAppointmentTimeAction({ businessId: s.business.id, id, time: "16:00" }),
      changeAppointmentTimeAction({ businessId: s.business.id, id: second, time: "16:30" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  test("cancelling frees the slot; taking it back while someone else has it is refused", async () => {
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 3 })).toMatchObject({ ok: true });
    const other = await createClient(s.business.id);
    expect((await book(s, { client: { kind: "existing", id: other.id } })).ok).toBe(true);
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 1 })).toMatchObject({ ok: false, error: MSG.conflict });
  });

  test("services: each needs a professional who is free; replaced in one transaction", async () => {
    expect(await replaceAppointmentServicesAction({ businessId: s.business.id, id, lines: [{ serviceId: s.corte.id, professionalId: null }] })).toEqual({
      ok: false, error: MSG.professionalRequired, description: MSG.professionalRequiredDescription,
    });
    const other = await createClient(s.business.id);
    expect((await book(s, { client: { kind: "existing", id: other.id }, time: "10:00", lines: [{ serviceId: s.corte.id, professionalId: s.bruno.id }] })).ok).toBe(true);
    expect(await replaceAppointmentServicesAction({ businessId: s.business.id, id, lines: [{ serviceId: s.corte.id, professionalId: s.bruno.id }] })).toEqual({
      ok: false, error: MSG.professionalUnavailable, description: MSG.professionalUnavailableDescription,
    });
    expect(await replaceAppointmentServicesAction({
      businessId: s.business.id, id, lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.ana.id }],
    })).toMatchObject({ ok: true });
    expect((await linesOf(id)).length).toBe(2);
  });

  test("a professional who doesn't offer the service is refused in words that say so, booking or changing services", async () => {
    // Bruno does Corte only.
    expect(await book(s, { time: "15:00", lines: [{ serviceId: s.barba.id, professionalId: s.bruno.id }] })).toEqual({
      ok: false, error: MSG.notOffered, description: notOfferedText(s.bruno.name, s.barba.name),
    });
    expect(await replaceAppointmentServicesAction({ businessId: s.business.id, id, lines: [{ serviceId: s.barba.id, professionalId: s.bruno.id }] })).toEqual({
      ok: false, error: MSG.notOffered, description: notOfferedText(s.bruno.name, s.barba.name),
    });
    expect((await linesOf(id)).map((l) => l.professionalId)).not.toContain(s.bruno.id);
  });

  test("the dialogs' options mark who is free at the time", async () => {
    const r = await serviceOptionsAs({ businessId: s.business.id, date: MONDAY, time: "10:00", lines: [] });
    expect(r.ok).toBe(true);
    const corte = (r as { services: { id: string; professionals: { id: string; available: boolean }[] }[] }).services.find((x) => x.id === s.corte.id)!;
    expect(corte.professionals.map((p) => [p.id, p.available])).toEqual([[s.ana.id, false], [s.bruno.id, true]]);
  });

  test("delete: gone with its lines and blocks, audited", async () => {
    expect(await deleteAppointmentAction({ businessId: s.business.id, id })).toMatchObject({ ok: true });
    expect(await db.select().from(appointments).where(eq(appointments.id, id))).toHaveLength(0);
    expect(await db.execute(sql`select 1 from appointment_professional_blocks where appointment_id = ${id}`)).toHaveLength(0);
    expect(await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), eq(auditLogs.actionType, "DELETE")))).toHaveLength(1);
  });

  test("another business can't touch it by id, through any action", async () => {
    const other = await salon();
    await actAs(other.owner.id);
    const b = other.business.id;
    for (const r of [
      await moveAppointmentAction({ businessId: b, id, date: TUESDAY }),
      await changeAppointmentTimeAction({ businessId: b, id, time: "11:00" }),
      await setAppointmentStatusAction({ businessId: b, id, statusId: 3 }),
      await replaceAppointmentServicesAction({ businessId: b, id, lines: [] }),
      await deleteAppointmentAction({ businessId: b, id }),
    ]) {
      expect(r).toMatchObject({ ok: false, description: MSG.notFound });
    }
    expect(await deleteAppointmentAction({ businessId: s.business.id, id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(a).toMatchObject({ date: MONDAY, time: "10:00:00", statusId: 1 });
  });
});

// Issue 32: 'A agenda não aceita agendamentos fora deles' — the rule and the text agree.
describe("the hours rule: no booking outside the business's hours unless 'Encaixe fora do horário'", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.owner.id);
  });
  const noOne = (s: Salon) => [{ serviceId: s.corte.id, professionalId: null }];
  const refusedAs = (description: string) => ({ ok: false, code: OUTSIDE_HOURS_CODE, error: OUTSIDE_HOURS_TEXT.title, description });
  const hint = 'Para agendar mesmo assim, use "Encaixe fora do horário".';
  const rows = (s: Salon) => db.select().from(appointments).where(eq(appointments.businessId, s.business.id));

  test("refused on a Sunday, at 23:30 and on a closed holiday — also with 'Sem profissional' and without services; nothing written", async () => {
    const before = await db.$count(auditLogs, eq(auditLogs.businessId, s.business.id));
    expect(await book(s, { date: SUNDAY, lines: noOne(s) })).toEqual(refusedAs(`O estabelecimento está fechado neste dia. ${hint}`));
    expect(await book(s, { time: "23:30", lines: [] })).toEqual(
      refusedAs(`O atendimento das 23:30 às 00:30 fica fora do horário de funcionamento deste dia (08:00 às 19:00). ${hint}`),
    );
    expect(await book(s, { time: "23:30", lines: noOne(s) })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    await db.insert(businessHolidays).values({ businessId: s.business.id, holidayName: "Aniversário do salão", holidayDate: TUESDAY, isWorking: false });
    expect(await book(s, { date: TUESDAY, lines: noOne(s) })).toEqual(refusedAs(`O estabelecimento está fechado neste dia (feriado: Aniversário do salão). ${hint}`));
    const name = `Não criado ${uniq()}`;
    expect(await book(s, { date: SUNDAY, client: { kind: "new", fields: { name } }, lines: [] })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await rows(s)).toHaveLength(0);
    expect(await db.select().from(clients).where(eq(clients.name, name))).toHaveLength(0);
    expect(await db.$count(auditLogs, eq(auditLogs.businessId, s.business.id))).toBe(before);
  });

  test("the span is the sum of the services (60 minutes for one without a duration): 18:00 fits an hour, not an hour and a half", async () => {
    const noDuration = await createService(s.business.id, null, { name: `Hidratação ${uniq()}` });
    expect(await book(s, { time: "18:00", lines: [{ serviceId: s.corte.id, professionalId: null }, { serviceId: s.barba.id, professionalId: null }] })).toMatchObject({
      ok: false, code: OUTSIDE_HOURS_CODE, description: expect.stringContaining("das 18:00 às 19:30"),
    });
    expect(await book(s, { time: "18:30", lines: [{ serviceId: noDuration.id, professionalId: null }] })).toMatchObject({
      ok: false, description: expect.stringContaining("das 18:30 às 19:30"),
    });
    expect(await book(s, { time: "18:00", lines: [{ serviceId: noDuration.id, professionalId: null }] })).toMatchObject({ ok: true });
  });

  test("with the override: booked, marked outside_hours, audited as an 'Encaixe'", async () => {
    const r = await book(s, { date: SUNDAY, time: "10:00", lines: noOne(s), outsideHours: true });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(a).toMatchObject({ date: SUNDAY, time: "10:00:00", outsideHours: true });
    // Ana and Bruno follow the business's week: off on Sunday, so nobody is assigned.
    expect((await linesOf(id)).map((l) => l.professionalId)).toEqual([null]);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
    expect(audit.description).toMatch(/criado \(encaixe fora do horário\)$/);
    expect(audit.newValues).toMatchObject({ outsideHours: true, services: expect.stringContaining("Sem profissional") });

    const late = await book(s, { time: "23:30", lines: [], outsideHours: true, client: { kind: "existing", id: (await createClient(s.business.id)).id } });
    expect(late).toMatchObject({ ok: true });
  });

  test("the override asked for inside the hours changes nothing: not an 'Encaixe'", async () => {
    const r = await book(s, { outsideHours: true });
    const [a] = await db.select().from(appointments).where(eq(appointments.id, (r as { id: string }).id));
    expect(a.outsideHours).toBe(false);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, a.id));
    expect(audit.description).not.toContain("encaixe");
    expect(audit.newValues).not.toHaveProperty("outsideHours");
  });

  test("the override lifts the business's hours only: the professional's own day and no double booking still hold", async () => {
    // Ana's day is the business's (08:00–19:00): at 19:30 she is outside her working hours.
    expect(await book(s, { time: "19:30", outsideHours: true })).toMatchObject({ ok: false, error: MSG.conflict });
    // Her own Restrições reach 21:00: then she can take the 'Encaixe'.
    await db.execute(sql`insert into professional_weekly_schedules (professional_id, business_id, day_of_week, is_working, start_time, end_time)
      values (${s.ana.id}, ${s.business.id}, 1, true, '09:00', '21:00')`);
    expect(await book(s, { time: "19:30", outsideHours: true })).toMatchObject({ ok: true });
    const other = await createClient(s.business.id);
    expect(await book(s, { client: { kind: "existing", id: other.id }, time: "20:00", outsideHours: true })).toMatchObject({ ok: false, error: MSG.conflict });
    // The same client twice within the hour: refused, override or not.
    expect(await book(s, { time: "20:00", lines: [], outsideHours: true })).toMatchObject({ ok: false, error: MSG.clientBusy });
  });

  test("a move by drag or by time follows the rule, unless that move asks for the override", async () => {
    const id = ((await book(s)) as { id: string }).id;
    expect(await moveAppointmentAction({ businessId: s.business.id, id, date: SUNDAY })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "23:30" })).toMatchObject({
      ok: false, code: OUTSIDE_HOURS_CODE, description: expect.stringContaining("das 23:30 às 00:30"),
    });
    expect((await db.select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({ date: MONDAY, time: "10:00:00", outsideHours: false });

    // Ana works till 21:00 on Mondays: a time edit to 19:30 with the override keeps her.
    await db.execute(sql`insert into professional_weekly_schedules (professional_id, business_id, day_of_week, is_working, start_time, end_time)
      values (${s.ana.id}, ${s.business.id}, 1, true, '09:00', '21:00')`);
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "19:30", outsideHours: true })).toMatchObject({ ok: true });
    expect((await db.select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({ time: "19:30:00", outsideHours: true });
    const [audit] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), eq(auditLogs.actionType, "UPDATE")));
    expect(audit.description).toMatch(/→ 03\/03\/2031 19:30 \(encaixe fora do horário\)$/);
    expect(audit).toMatchObject({ oldValues: { time: "10:00", outsideHours: false }, newValues: { time: "19:30", outsideHours: true } });

    // An 'Encaixe' moved again needs the override again; back inside the hours it is an ordinary one.
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "19:45" })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "15:00" })).toMatchObject({ ok: true });
    expect((await db.select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({ time: "15:00:00", outsideHours: false });
  });

  test("a drop on a closed day with the override: moved, an 'Encaixe' without its professional's hours lifted", async () => {
    const id = ((await book(s, { lines: noOne(s) })) as { id: string }).id;
    // The line got Ana, who is off on Sunday: the override does not lift her day.
    expect(await moveAppointmentAction({ businessId: s.business.id, id, date: SUNDAY, outsideHours: true })).toMatchObject({ ok: false, error: MSG.conflict });
    const bare = ((await book(s, { client: { kind: "existing", id: (await createClient(s.business.id)).id }, lines: [] })) as { id: string }).id;
    expect(await moveAppointmentAction({ businessId: s.business.id, id: bare, date: SUNDAY, outsideHours: true })).toMatchObject({ ok: true });
    expect((await db.select().from(appointments).where(eq(appointments.id, bare)))[0]).toMatchObject({ date: SUNDAY, outsideHours: true });
  });

  test("taking a cancelled appointment back meets today's hours; an 'Encaixe' keeps its licence", async () => {
    const id = ((await book(s, { date: TUESDAY, lines: [] })) as { id: string }).id;
    const encaixe = ((await book(s, { date: SUNDAY, lines: [], outsideHours: true })) as { id: string }).id;
    for (const x of [id, encaixe]) expect(await setAppointmentStatusAction({ businessId: s.business.id, id: x, statusId: 3 })).toMatchObject({ ok: true });
    await db.insert(businessHolidays).values({ businessId: s.business.id, holidayName: "Fechado", holidayDate: TUESDAY, isWorking: false });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 1 })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: encaixe, statusId: 1 })).toMatchObject({ ok: true });
  });

  test("the dialog's options say it before the booking does; the override shows who can take it then", async () => {
    const r = await serviceOptionsAs({ businessId: s.business.id, date: MONDAY, time: "18:30", lines: [{ serviceId: s.corte.id, professionalId: null }] });
    expect(r).toMatchObject({ ok: true, closed: false, outside: expect.stringContaining("das 18:30 às 19:30") });
    expect(await serviceOptionsAs({ businessId: s.business.id, date: MONDAY, time: "10:00", lines: [] })).toMatchObject({ ok: true, outside: null });
    expect(await serviceOptionsAs({ businessId: s.business.id, date: SUNDAY, time: "10:00", lines: [] })).toMatchObject({ ok: true, closed: true, outside: expect.any(String) });
  });
});

/**
 * 'Repetir' (issue 36, part 1): the preview lists every date with the reason it can't be booked (a
 * holiday, time off, the professional's or the client's other booking) and writes nothing; the save
 * books the chosen dates in one transaction through the one booking path, with one series id and
 * one audit row each; a slot taken between the preview and the save refuses the whole save, naming
 * the date, and nothing is saved.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, businessHolidays, businessHours, clients, professionalServices } from "@/db/schema";
import {
  changeAppointmentTimeAction, createAppointmentAction, createSeriesAction, deleteAppointmentAction, gridMoveAction, moveAppointmentAction,
  replaceAppointmentServicesAction, seriesPreviewAction, setAppointmentStatusAction, undoCancelAction,
} from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { appointmentsBetween } from "@/lib/appointments/queries";
import { RECURRENCE_TEXT } from "@/lib/appointments/rules/recurrence";
import { appointmentSeriesRead } from "@/lib/appointments/reads";
import { actAs, readAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

// 2031-03-03 is a Monday.
const MONDAY = "2031-03-03";
const WEEKLY_6 = { frequency: "week1", end: { kind: "count", count: 6 } } as const;

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })));
  const corte = await createService(business.id, 60, { name: `Corte ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
  ]);
  const client = await createClient(business.id);
  await actAs(owner.id);
  const book = async (date: string, time: string, professionalId: string | null, clientId?: string) =>
    createAppointmentAction({
      businessId: business.id, client: { kind: "existing", id: clientId ?? (await createClient(business.id)).id }, date, time, lines: [{ serviceId: corte.id, professionalId }],
    });
  const series = { businessId: business.id, client: { kind: "existing" as const, id: client.id }, date: MONDAY, time: "10:00", lines: [{ serviceId: corte.id, professionalId: ana.id }] };
  return { owner, business, corte, ana, bruno, client, book, series };
}

const clientRows = (clientId: string) => db.select().from(appointments).where(eq(appointments.clientId, clientId)).orderBy(appointments.date);

describe("recurring appointments", () => {
  test("the preview lists each date with why it can't be booked, and writes nothing", async () => {
    const s = await salon();
    await db.insert(businessHolidays).values({ businessId: s.business.id, holidayName: "Aniversário da cidade", holidayDate: "2031-03-10", isWorking: false });
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date) values (${s.business.id}, ${s.ana.id}, '2031-03-17', '2031-03-17')`);
    expect((await s.book("2031-03-24", "10:30", s.ana.id)).ok).toBe(true); // Ana busy with another client
    expect((await s.book("2031-04-07", "09:30", s.bruno.id, s.client.id)).ok).toBe(true); // the client busy with Bruno
    const before = (await db.execute(sql`select count(*)::int as n from appointments where business_id = ${s.business.id}`))[0];

    const preview = await seriesPreviewAction({ ...s.series, recurrence: WEEKLY_6 });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.occurrences).toEqual([
      { date: "2031-03-03", ok: true, reason: null },
      { date: "2031-03-10", ok: false, reason: "Feriado: Aniversário da cidade" },
      { date: "2031-03-17", ok: false, reason: `De folga (${s.ana.name})` },
      { date: "2031-03-24", ok: false, reason: `${MSG.conflict} (${s.ana.name})` },
      { date: "2031-03-31", ok: true, reason: null },
      { date: "2031-04-07", ok: false, reason: `${MSG.clientBusy} às 09:30` },
    ]);
    expect((await db.execute(sql`select count(*)::int as n from appointments where business_id = ${s.business.id}`))[0]).toEqual(before);

    // A time outside the hours, and a closed weekday.
    const late = await seriesPreviewAction({ ...s.series, time: "18:30", recurrence: { frequency: "week2", end: { kind: "count", count: 2 } } });
    expect(late).toMatchObject({ ok: true, occurrences: [{ ok: false, reason: "Fora do horário de funcionamento" }, { ok: false, reason: "Fora do horário de funcionamento" }] });
    await db.update(businessHours).set({ isOpen: false, openTime: null, closeTime: null }).where(and(eq(businessHours.businessId, s.business.id), eq(businessHours.dayOfWeek, 1)));
    const closed = await seriesPreviewAction({ ...s.series, recurrence: { frequency: "monthly", end: { kind: "count", count: 2 } } });
    expect(closed).toMatchObject({ ok: true, occurrences: [{ date: MONDAY, ok: false, reason: "Estabelecimento fechado" }, { date: "2031-04-07", ok: false, reason: "Estabelecimento fechado" }] });
    // 'Encaixe fora do horário' lifts the business's hours, as for a single booking; the professional's own day still counts.
    const lifted = await seriesPreviewAction({ ...s.series, outsideHours: true, recurrence: { frequency: "monthly", end: { kind: "count", count: 2 } } });
    expect(lifted).toMatchObject({ ok: true, occurrences: [{ ok: false, reason: `Não trabalha neste dia (${s.ana.name})` }, { ok: false, reason: `${MSG.clientBusy} às 09:30` }] });
  });

  test("the save: the chosen dates in one series, one audit row each, shown with their series id", async () => {
    const s = await salon();
    const chosen = ["2031-03-03", "2031-03-17", "2031-03-31"];
    const saved = await createSeriesAction({ ...s.series, recurrence: WEEKLY_6, chosen });
    if (!saved.ok) throw new Error(`${saved.error}: ${saved.description}`);
    expect(saved.ids).toHaveLength(3);
    expect(saved.appointments.map((a) => a.date)).toEqual(chosen);
    const rows = await clientRows(s.client.id);
    expect(rows.map((r) => r.date)).toEqual(chosen);
    expect(new Set(rows.map((r) => r.seriesId))).toEqual(new Set([saved.seriesId]));
    expect(saved.seriesId).toMatch(/^[0-9a-f-]{36}$/);
    const audits = await db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, saved.ids), eq(auditLogs.actionType, "CREATE")));
    expect(audits).toHaveLength(3);
    expect(new Set(audits.map((a) => a.entityId))).toEqual(new Set(saved.ids));
    expect(audits.every((a) => a.description.endsWith("criado (recorrente)"))).toBe(true);
    const listed = await appointmentsBetween(s.business.id, "2031-03-01", "2031-03-31");
    expect(listed.filter((a) => a.client.id === s.client.id).map((a) => a.seriesId)).toEqual([saved.seriesId, saved.seriesId, saved.seriesId]);
    // A single booking has none.
    const single = await s.book("2031-03-04", "10:00", s.bruno.id);
    if (!single.ok) throw new Error(single.error);
    expect(single.appointment?.seriesId).toBeNull();
  });

  test("a race: another booking takes one date's slot after the preview; the save names it and saves nothing", async () => {
    const s = await salon();
    const recurrence = { frequency: "week2", end: { kind: "count", count: 3 } } as const;
    const preview = await seriesPreviewAction({ ...s.series, recurrence });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.occurrences.map((o) => [o.date, o.ok])).toEqual([["2031-03-03", true], ["2031-03-17", true], ["2031-03-31", true]]);
    expect((await s.book("2031-03-17", "09:30", s.ana.id)).ok).toBe(true);
    const auditsBefore = (await db.execute(sql`select count(*)::int as n from audit_logs where business_id = ${s.business.id}`))[0];
    const saved = await createSeriesAction({ ...s.series, recurrence, chosen: preview.occurrences.map((o) => o.date) });
    expect(saved).toMatchObject({ ok: false, error: MSG.seriesError });
    expect((saved as { description: string }).description).toContain("Nenhum agendamento foi salvo. 17/03/2031: Conflito de agenda");
    expect(await clientRows(s.client.id)).toEqual([]);
    expect((await db.execute(sql`select count(*)::int as n from audit_logs where business_id = ${s.business.id}`))[0]).toEqual(auditsBefore);
  });

  test("concurrent: a series and single bookings of one of its slots; the series is saved whole or not at all", async () => {
    const s = await salon();
    const recurrence = { frequency: "week1", end: { kind: "count", count: 4 } } as const;
    const chosen = ["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24"];
    const others = await Promise.all([1, 2, 3].map(() => createClient(s.business.id)));
    const results = await Promise.all([
      createSeriesAction({ ...s.series, recurrence, chosen }),
      ...others.map((c) => createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: c.id }, date: "2031-03-17", time: "10:00", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }] })),
    ]);
    const rows = await clientRows(s.client.id);
    const singles = results.slice(1).filter((r) => r.ok).length;
    if (results[0].ok) {
      expect(rows).toHaveLength(4);
      expect(singles).toBe(0);
    } else {
      expect(rows).toEqual([]);
      expect(singles).toBe(1);
      expect(results[0]).toMatchObject({ error: MSG.seriesError });
      expect((results[0] as { description: string }).description).toContain("17/03/2031");
    }
  });

  test("a new client is made once for the whole series", async () => {
    const s = await salon();
    const name = `Novo ${uniq()}`;
    const saved = await createSeriesAction({
      ...s.series, client: { kind: "new", fields: { name, phone: "", email: "", notes: "" } }, recurrence: { frequency: "monthly", end: { kind: "until", date: "2031-05-31" } },
      chosen: ["2031-03-03", "2031-04-07", "2031-05-05"],
    } as never);
    if (!saved.ok) throw new Error(`${saved.error}: ${saved.description}`);
    const made = await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), eq(clients.name, name)));
    expect(made).toHaveLength(1);
    expect((await clientRows(made[0].id)).map((r) => r.date)).toEqual(["2031-03-03", "2031-04-07", "2031-05-05"]);
  });

  test("bad input: over 52, a date not of the series, none chosen, another business's client", async () => {
    const s = await salon();
    expect(JSON.stringify(await seriesPreviewAction({ ...s.series, recurrence: { frequency: "week1", end: { kind: "count", count: 53 } } }))).toContain(RECURRENCE_TEXT.tooMany);
    expect(JSON.stringify(await seriesPreviewAction({ ...s.series, recurrence: { frequency: "week1", end: { kind: "until", date: "2033-01-01" } } }))).toContain(RECURRENCE_TEXT.tooMany);
    expect(JSON.stringify(await createSeriesAction({ ...s.series, recurrence: WEEKLY_6, chosen: ["2031-03-04"] }))).toContain("Datas inválidas para esta repetição");
    expect((await createSeriesAction({ ...s.series, recurrence: WEEKLY_6, chosen: [] })).ok).toBe(false);
    const other = await salon();
    await actAs(s.owner.id);
    expect(await seriesPreviewAction({ ...s.series, client: { kind: "existing", id: other.client.id }, recurrence: WEEKLY_6 })).toMatchObject({ ok: false, error: MSG.clientRequired });
    expect((await createSeriesAction({ ...s.series, client: { kind: "existing", id: other.client.id }, recurrence: WEEKLY_6, chosen: [MONDAY] })).ok).toBe(false);
    expect(await clientRows(s.client.id)).toEqual([]);
  });

  test("'Somente este' and 'Este e os seguintes': delete and cancel, after a move, each occurrence audited", async () => {
    const s = await salon();
    const saved = await createSeriesAction({ ...s.series, recurrence: { frequency: "week1", end: { kind: "count", count: 5 } }, chosen: ["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24", "2031-03-31"] });
    if (!saved.ok) throw new Error(saved.error);
    const [first, second, third, , fifth] = saved.ids;
    const state = async () => (await clientRows(s.client.id)).map((r) => `${r.date}:${r.statusId}`);

    // 'Somente este': the fifth alone.
    expect(await deleteAppointmentAction({ businessId: s.business.id, id: fifth, scope: "one" })).toMatchObject({ ok: true, ids: [fifth] });
    expect(await state()).toEqual(["2031-03-03:1", "2031-03-10:1", "2031-03-17:1", "2031-03-24:1"]);

    // The second moved to the Tuesday; then 'Este e os seguintes' from it cancels it and the later ones, not the first.
    expect((await moveAppointmentAction({ businessId: s.business.id, id: second, date: "2031-03-11" })).ok).toBe(true);
    // What the confirmation says before it: 3 from the second (after the move, by date), 4 from the first; none for another business.
    expect((await readAs(appointmentSeriesRead, { businessId: s.business.id, id: second })).body).toEqual({ series: { total: 3, active: 3 } });
    expect((await readAs(appointmentSeriesRead, { businessId: s.business.id, id: first })).body).toEqual({ series: { total: 4, active: 4 } });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: second, statusId: 3, scope: "following", reason: "Cliente mudou de cidade" })).toMatchObject({ ok: true, ids: [second, third, saved.ids[3]] });
    expect((await readAs(appointmentSeriesRead, { businessId: s.business.id, id: first })).body).toEqual({ series: { total: 4, active: 1 } });
    // A reason is one line.
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: first, statusId: 3, scope: "following", reason: "a\nb" })).toMatchObject({ ok: false });
    expect(await state()).toEqual(["2031-03-03:1", "2031-03-11:3", "2031-03-17:3", "2031-03-24:3"]);
    const cancelled = await db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, saved.ids), eq(auditLogs.actionType, "UPDATE")));
    expect(cancelled.filter((a) => a.description.startsWith("Status do agendamento")).map((a) => a.entityId).sort()).toEqual([second, third, saved.ids[3]].sort());
    expect(cancelled.filter((a) => a.description.startsWith("Status do agendamento")).every((a) => a.description.endsWith(". Motivo: Cliente mudou de cidade"))).toBe(true);

    // 'Este e os seguintes' from the third deletes it and the fourth; a single appointment's scope is itself.
    expect(await deleteAppointmentAction({ businessId: s.business.id, id: third, scope: "following" })).toMatchObject({ ok: true, ids: [third, saved.ids[3]] });
    expect(await state()).toEqual(["2031-03-03:1", "2031-03-11:3"]);
    const deleted = await db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, saved.ids), eq(auditLogs.actionType, "DELETE")));
    expect(deleted.map((a) => a.entityId).sort()).toEqual([third, saved.ids[3], fifth].sort());
    const single = await s.book("2031-03-04", "10:00", s.bruno.id);
    if (!single.ok) throw new Error(single.error);
    expect(await deleteAppointmentAction({ businessId: s.business.id, id: single.id, scope: "following" })).toMatchObject({ ok: true, ids: [single.id] });

    // Another business's owner reaches none of it.
    const other = await salon();
    expect((await deleteAppointmentAction({ businessId: other.business.id, id: first, scope: "following" })).ok).toBe(false);
    expect((await setAppointmentStatusAction({ businessId: other.business.id, id: first, statusId: 3, scope: "following" })).ok).toBe(false);
    await actAs(s.owner.id);
    expect(await state()).toEqual(["2031-03-03:1", "2031-03-11:3"]);
  });

  // Issue 52, item 7: 'Desfazer' in the cancel's toast.
  test("a cancel of 'Este e os seguintes' says what it changed; 'Desfazer' puts each back as it was, unless its time was taken or it changed since", async () => {
    const s = await salon();
    const saved = await createSeriesAction({ ...s.series, recurrence: { frequency: "week1", end: { kind: "count", count: 4 } }, chosen: ["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24"] });
    if (!saved.ok) throw new Error(saved.error);
    const [first, second, third, fourth] = saved.ids;
    const state = async () => (await clientRows(s.client.id)).map((r) => `${r.date}:${r.statusId}`);
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id: second, statusId: 2 })).ok).toBe(true);
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id: fourth, statusId: 3 })).ok).toBe(true);
    const cancel = await setAppointmentStatusAction({ businessId: s.business.id, id: first, statusId: 3, scope: "following" });
    // The fourth was cancelled already: not among what it changed.
    expect(cancel).toMatchObject({ ok: true, ids: [first, second, third, fourth], changed: [{ id: first, statusId: 1 }, { id: second, statusId: 2 }, { id: third, statusId: 1 }] });
    if (!cancel.ok) throw new Error(cancel.error);

    // The third's time is taken meanwhile: the undo refuses all of it, naming the date.
    const taker = await s.book("2031-03-17", "10:00", s.ana.id);
    if (!taker.ok) throw new Error(taker.error);
    const refused = await undoCancelAction({ businessId: s.business.id, items: cancel.changed });
    expect(refused).toMatchObject({ ok: false, error: MSG.conflict });
    expect(refused.ok || refused.description).toMatch(/^17\/03\/2031 às 10:00/);
    expect(await state()).toEqual(["2031-03-03:3", "2031-03-10:3", "2031-03-17:3", "2031-03-24:3"]);

    // Freed again, and the first confirmed by hand since: the undo leaves the first as it is now.
    expect((await deleteAppointmentAction({ businessId: s.business.id, id: taker.id })).ok).toBe(true);
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id: first, statusId: 2 })).ok).toBe(true);
    expect(await undoCancelAction({ businessId: s.business.id, items: cancel.changed })).toMatchObject({ ok: true, restored: 2 });
    expect(await state()).toEqual(["2031-03-03:2", "2031-03-10:2", "2031-03-17:1", "2031-03-24:3"]);
    const undone = await db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, [second, third]), eq(auditLogs.actionType, "UPDATE")));
    expect(undone.filter((a) => a.description.endsWith(". Motivo: cancelamento desfeito")).map((a) => a.entityId).sort()).toEqual([second, third].sort());

    // Another business can't undo this one's cancels.
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id: third, statusId: 3 })).ok).toBe(true);
    const other = await salon();
    expect((await undoCancelAction({ businessId: other.business.id, items: [{ id: third, statusId: 1 }] })).ok).toBe(false);
    await actAs(s.owner.id);
    expect(await state()).toEqual(["2031-03-03:2", "2031-03-10:2", "2031-03-17:3", "2031-03-24:3"]);
  });

  test("'Este e os seguintes' for a move, a time, the grid and the services: the same change to each following occurrence, all or none", async () => {
    const s = await salon();
    const saved = await createSeriesAction({ ...s.series, recurrence: { frequency: "week1", end: { kind: "count", count: 4 } }, chosen: ["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24"] });
    if (!saved.ok) throw new Error(saved.error);
    const [first, second, third, fourth] = saved.ids;
    const bid = s.business.id;
    const state = async () => (await clientRows(s.client.id)).map((r) => `${r.date} ${r.time.slice(0, 5)}`);
    const lines = async (id: string) =>
      (await db.execute<{ p: string | null }>(sql`select professional_id as p from appointment_services where appointment_id = ${id}`)).map((r) => r.p);

    // The second and the following a week later (Mondays → the next Monday, each as far): the last moves first, so none meets a sibling.
    expect(await moveAppointmentAction({ businessId: bid, id: second, date: "2031-03-17", scope: "following" })).toMatchObject({ ok: true, ids: [second, third, fourth] });
    expect(await state()).toEqual(["2031-03-03 10:00", "2031-03-17 10:00", "2031-03-24 10:00", "2031-03-31 10:00"]);
    // A day earlier (Sunday): each one day earlier.
    expect((await moveAppointmentAction({ businessId: bid, id: third, date: "2031-03-23", scope: "following" })).ok).toBe(true);
    expect(await state()).toEqual(["2031-03-03 10:00", "2031-03-17 10:00", "2031-03-23 10:00", "2031-03-30 10:00"]);

    // The time of the first and the following.
    expect(await changeAppointmentTimeAction({ businessId: bid, id: first, time: "14:00", scope: "following" })).toMatchObject({ ok: true, ids: [first, second, third, fourth] });
    expect(await state()).toEqual(["2031-03-03 14:00", "2031-03-17 14:00", "2031-03-23 14:00", "2031-03-30 14:00"]);

    // Refused on one later date (Ana busy there with someone else): nothing changes, and the refusal names that date.
    expect((await s.book("2031-03-23", "09:00", s.ana.id)).ok).toBe(true);
    const refused = await changeAppointmentTimeAction({ businessId: bid, id: second, time: "09:00", scope: "following" });
    expect(refused).toMatchObject({ ok: false, error: MSG.conflict });
    expect(JSON.stringify(refused)).toContain("23/03/2031");
    expect(JSON.stringify(refused)).toContain("Nada foi alterado.");
    expect(await state()).toEqual(["2031-03-03 14:00", "2031-03-17 14:00", "2031-03-23 14:00", "2031-03-30 14:00"]);

    // The grid: Ana's block of the third to Bruno's column at 15:00, and the fourth with it.
    expect(await gridMoveAction({ businessId: bid, id: third, time: "15:00", from: s.ana.id, to: s.bruno.id, scope: "following" })).toMatchObject({ ok: true, ids: [third, fourth] });
    expect(await state()).toEqual(["2031-03-03 14:00", "2031-03-17 14:00", "2031-03-23 15:00", "2031-03-30 15:00"]);
    expect([await lines(second), await lines(third), await lines(fourth)]).toEqual([[s.ana.id], [s.bruno.id], [s.bruno.id]]);

    // The services of the second and the following: back to Ana, each.
    const back = await replaceAppointmentServicesAction({ businessId: bid, id: second, lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }], scope: "following" });
    expect(back).toMatchObject({ ok: true, ids: [second, third, fourth] });
    expect([await lines(third), await lines(fourth)]).toEqual([[s.ana.id], [s.ana.id]]);

    // 'Somente este' stays the default: the first alone.
    expect(await moveAppointmentAction({ businessId: bid, id: first, date: "2031-03-04" })).toMatchObject({ ok: true, ids: [first] });
    expect(await state()).toEqual(["2031-03-04 14:00", "2031-03-17 14:00", "2031-03-23 15:00", "2031-03-30 15:00"]);

    // One audit row per occurrence changed.
    const audited = await db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, [third, fourth]), eq(auditLogs.actionType, "UPDATE")));
    expect(audited.filter((a) => a.description.includes("movido na grade")).map((a) => a.entityId).sort()).toEqual([third, fourth].sort());

    // Another business's owner moves none of it.
    const other = await salon();
    expect((await moveAppointmentAction({ businessId: other.business.id, id: first, date: "2031-03-05", scope: "following" })).ok).toBe(false);
    expect((await changeAppointmentTimeAction({ businessId: other.business.id, id: first, time: "11:00", scope: "following" })).ok).toBe(false);
    expect((await gridMoveAction({ businessId: other.business.id, id: first, time: "11:00", from: s.ana.id, to: s.ana.id, scope: "following" })).ok).toBe(false);
    expect((await replaceAppointmentServicesAction({ businessId: other.business.id, id: first, lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }], scope: "following" })).ok).toBe(false);
    await actAs(s.owner.id);
    expect(await state()).toEqual(["2031-03-04 14:00", "2031-03-17 14:00", "2031-03-23 15:00", "2031-03-30 15:00"]);
  });
});

/**
 * 'Folgas e férias' (issue 35): the staff booking and the automatic assignment treat time off as
 * unavailable; adding one over booked appointments lists them and asks to confirm; each change is
 * audited; another business's professional is out of reach.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, businessHours, professionalServices } from "@/db/schema";
import { createAppointmentAction, gridMoveAction } from "@/lib/appointments/actions";
import { appointmentsBetween } from "@/lib/appointments/queries";
import { buildFeed } from "@/lib/calendar-feeds/ical";
import { feedTimeOff } from "@/lib/calendar-feeds/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { AFFECTED_CODE } from "@/lib/business-hours/affected";
import { addTimeOffAction, deleteTimeOffAction } from "@/lib/professionals/actions";
import { PROFESSIONAL_MESSAGES as PMSG } from "@/lib/professionals/messages";
import { timeOffList } from "@/lib/professionals/queries";
import { actAs, serviceOptionsAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

// 2031-03-03 is a Monday.
const MONDAY = "2031-03-03";

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
  await actAs(owner.id);
  const book = async (time: string, professionalId: string | null, date = MONDAY) =>
    createAppointmentAction({
      businessId: business.id, client: { kind: "existing", id: (await createClient(business.id)).id }, date, time, lines: [{ serviceId: corte.id, professionalId }],
    });
  return { owner, business, corte, ana, bruno, book };
}

describe("time off", () => {
  test("a staff booking in it is refused; the dialog's options say 'De folga'; 'Sem profissional' assignment picks the other", async () => {
    const s = await salon();
    expect(await addTimeOffAction({ businessId: s.business.id, professionalId: s.ana.id, startDate: MONDAY, endDate: MONDAY, allDay: false, startTime: "13:00", endTime: "17:00", reason: "Consulta" })).toMatchObject({ ok: true });
    expect(JSON.stringify(await s.book("14:00", s.ana.id))).toContain("(De folga)");
    expect((await s.book("12:30", s.ana.id)).ok).toBe(false); // runs into 13:00
    expect((await s.book("11:00", s.ana.id)).ok).toBe(true);
    const options = await serviceOptionsAs({ businessId: s.business.id, date: MONDAY, time: "15:00", lines: [{ serviceId: s.corte.id, professionalId: null }] });
    expect(JSON.stringify(options)).toContain("De folga");
    const auto = await s.book("15:00", null);
    expect(auto.ok).toBe(true);
    const [line] = await db.execute<{ professional_id: string }>(sql`select professional_id from appointment_services where appointment_id = ${(auto as { id: string }).id}`);
    expect(line.professional_id).toBe(s.bruno.id);
  });

  test("over booked appointments: refused with the list until confirmed; they stay booked; audited once", async () => {
    const s = await salon();
    const booked = await s.book("10:00", s.ana.id, "2031-03-05");
    expect(booked.ok).toBe(true);
    const input = { businessId: s.business.id, professionalId: s.ana.id, startDate: "2031-03-04", endDate: "2031-03-06", allDay: true, reason: "Férias" };
    const first = await addTimeOffAction(input);
    expect(first).toMatchObject({ ok: false, code: AFFECTED_CODE, total: 1, affected: [{ date: "2031-03-05", time: "10:00" }] });
    expect(await timeOffList(s.business.id, s.ana.id, "2031-03-01")).toEqual([]);
    const second = await addTimeOffAction({ ...input, confirm: true });
    expect(second).toMatchObject({ ok: true, affected: 1 });
    expect(await timeOffList(s.business.id, s.ana.id, "2031-03-01")).toMatchObject([{ startDate: "2031-03-04", endDate: "2031-03-06", startTime: null, reason: "Férias" }]);
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, s.ana.id), eq(auditLogs.actionType, "UPDATE")));
    expect(audits.map((a) => a.description)).toEqual([expect.stringMatching(/^Folga de "Ana .+" adicionada: 04\/03\/2031 a 06\/03\/2031 \(Férias\)$/)]);
    // A booking into it is now refused, with the professional's refusal.
    expect(await s.book("09:00", s.ana.id, "2031-03-04")).toMatchObject({ ok: false, error: MSG.conflict });
  });

  // Issue 52, item 9.
  test("the bookings a time off was saved over are 'Em folga' on the agenda until moved; the feed shows the time off busy", async () => {
    const s = await salon();
    const under = await s.book("15:00", s.ana.id, "2031-03-05");
    const beside = await s.book("10:00", s.ana.id, "2031-03-05");
    const other = await s.book("15:00", s.bruno.id, "2031-03-05");
    expect([under.ok, beside.ok, other.ok]).toEqual([true, true, true]);
    const marks = async () =>
      Object.fromEntries((await appointmentsBetween(s.business.id, "2031-03-05", "2031-03-05")).map((a) => [a.time, a.onTimeOff ?? null]));
    expect(await marks()).toEqual({ "10:00": null, "15:00": null });
    const saved = await addTimeOffAction({
      businessId: s.business.id, professionalId: s.ana.id, startDate: "2031-03-05", endDate: "2031-03-05", allDay: false,
      startTime: "14:00", endTime: "18:00", reason: "Médico", confirm: true,
    });
    expect(saved).toMatchObject({ ok: true, affected: 1 });
    const listed = await appointmentsBetween(s.business.id, "2031-03-05", "2031-03-05");
    expect(listed.filter((a) => a.onTimeOff).map((a) => [a.time, a.onTimeOff])).toEqual([["15:00", [s.ana.name]]]);
    // Moved to Bruno's column at 11:00: no longer under her time off.
    const [a] = listed.filter((x) => x.onTimeOff);
    expect(await gridMoveAction({ businessId: s.business.id, id: a.id, time: "11:00", from: s.ana.id, to: s.bruno.id })).toMatchObject({ ok: true });
    expect((await appointmentsBetween(s.business.id, "2031-03-05", "2031-03-05")).filter((x) => x.onTimeOff)).toEqual([]);

    const off = await feedTimeOff(s.business.id, s.ana.id, "2031-03-01", "2031-03-31");
    expect(off).toMatchObject([{ startDate: "2031-03-05", endDate: "2031-03-05", startTime: "14:00", endTime: "18:00" }]);
    expect(await feedTimeOff(s.business.id, s.bruno.id, "2031-03-01", "2031-03-31")).toEqual([]);
    const feed = buildFeed({ professionalId: s.ana.id, professionalName: s.ana.name, businessName: "Salão" }, [], off);
    expect(feed).toMatch(/\r\nSUMMARY:Folga\r\n/);
    expect(feed).not.toContain("Médico");
  });

  test("bad input: end before start, a day's hours backwards, too long; nothing saved", async () => {
    const s = await salon();
    const base = { businessId: s.business.id, professionalId: s.ana.id, allDay: true };
    expect(JSON.stringify(await addTimeOffAction({ ...base, startDate: MONDAY, endDate: "2031-03-01" }))).toContain(PMSG.timeOffEndBeforeStart);
    expect(JSON.stringify(await addTimeOffAction({ ...base, startDate: MONDAY, endDate: MONDAY, allDay: false, startTime: "15:00", endTime: "14:00" }))).toContain(PMSG.timeOffEndBeforeStart);
    expect(JSON.stringify(await addTimeOffAction({ ...base, startDate: MONDAY, endDate: "2032-03-03" }))).toContain(PMSG.timeOffTooLong);
    expect(await timeOffList(s.business.id, s.ana.id, "2031-01-01")).toEqual([]);
  });

  test("removed: bookable again, audited; another business's owner can neither add nor remove", async () => {
    const s = await salon();
    const added = await addTimeOffAction({ businessId: s.business.id, professionalId: s.ana.id, startDate: MONDAY, endDate: MONDAY, allDay: true });
    if (!added.ok) throw new Error(added.error);
    const other = await salon();
    expect((await addTimeOffAction({ businessId: other.business.id, professionalId: s.ana.id, startDate: MONDAY, endDate: MONDAY, allDay: true })).ok).toBe(false);
    expect((await deleteTimeOffAction({ businessId: other.business.id, id: added.id })).ok).toBe(false);
    expect(await timeOffList(s.business.id, s.ana.id, "2031-01-01")).toHaveLength(1);
    await actAs(s.owner.id);
    expect(await deleteTimeOffAction({ businessId: s.business.id, id: added.id })).toEqual({ ok: true });
    expect(await timeOffList(s.business.id, s.ana.id, "2031-01-01")).toEqual([]);
    expect((await s.book("10:00", s.ana.id)).ok).toBe(true);
    const [gone] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, s.ana.id), sql`${auditLogs.description} like 'Folga de % excluída: 03/03/2031'`));
    expect(gone).toBeDefined();
  });
});

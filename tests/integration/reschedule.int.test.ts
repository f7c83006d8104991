/**
 * 'Reagendar' (appointments.reschedule, appointments.freeTimes): date, time and professional in one
 * move, checked as every move is, audited; the free times it offers are the public page's rule over
 * the day without the appointment itself, and each of them is accepted by the same checks as a typed
 * time; a typed time outside them is refused in Portuguese ('Conflito de agenda', 'Serviço não
 * oferecido', the hours) and changes nothing; an employee may, another business's user may not.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs } from "@/db/schema";
import { rescheduleAction } from "@/lib/appointments/actions";
import { appointmentFreeTimesRead } from "@/lib/appointments/reads";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import { actAs, readAs } from "./act-as";
import { addBusinessRole, createUser } from "./fixtures";
import { moveSalon } from "./move-salon";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-03-03";
const TUESDAY = "2031-03-04";

async function salon() {
  const s = await moveSalon();
  const book = (date: string, time: string, professionalId: string) => s.book(date, time, [{ serviceId: s.corte.id, professionalId }]);
  const move = (id: string, date: string, time: string, professionalId: string | null, outsideHours = false) =>
    rescheduleAction({ businessId: s.business.id, id, date, time, professionalId, outsideHours });
  const free = async (id: string, date: string, professionalId?: string) => {
    const r = await readAs(appointmentFreeTimesRead, { businessId: s.business.id, id, date, ...(professionalId && { professionalId }) });
    expect(r.status).toBe(200);
    return r.body as { professionals: { id: string; name: string }[]; times: string[]; closed: boolean };
  };
  return { ...s, book, move, free };
}

const state = async (id: string) => {
  const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
  const lines = await db.execute<{ professional_id: string | null }>(sql`select professional_id from appointment_services where appointment_id = ${id}`);
  return { date: a.date, time: a.time.slice(0, 5), pros: lines.map((l) => l.professional_id), outsideHours: a.outsideHours };
};

describe("reschedule", () => {
  test("moves date, time and professional in one change, audited", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    const r = await s.move(id, TUESDAY, "14:00", s.bruno.id);
    expect(r).toMatchObject({ ok: true, appointment: { id, date: TUESDAY, time: "14:00" } });
    expect(await state(id)).toMatchObject({ date: TUESDAY, time: "14:00", pros: [s.bruno.id] });
    const [audit] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), sql`${auditLogs.description} like '%reagendado%'`));
    expect(audit.description).toContain("03/03/2031 10:00 → 04/03/2031 14:00");
    expect(audit.description).toContain(`${s.ana.name} → ${s.bruno.name}`);
  });

  test("the free times: the public page's rule, the appointment itself not busy, the professional chosen changes them", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    await s.book(TUESDAY, "14:00", s.bruno.id);
    // Who offers the cut: Ana and Bruno, not Caio.
    const tuesday = await s.free(id, TUESDAY);
    expect(tuesday.professionals.map((p) => p.id).sort()).toEqual([s.ana.id, s.bruno.id].sort());
    // None chosen: the appointment's own professional (Ana), free all day 08:00–18:00.
    expect(tuesday.times[0]).toBe("08:00");
    expect(tuesday.times.at(-1)).toBe("18:00");
    expect(tuesday.times).toContain("14:00");
    // Bruno is booked 14:00–15:00: a cut of his may start by 13:00, then from 15:00.
    const bruno = await s.free(id, TUESDAY, s.bruno.id);
    expect(bruno.times).toContain("13:00");
    expect(bruno.times).not.toContain("13:15");
    expect(bruno.times).not.toContain("14:45");
    expect(bruno.times).toContain("15:00");
    // Its own day: its own 10:00 is free (it doesn't block itself).
    expect((await s.free(id, MONDAY)).times).toContain("10:00");
  });

  test("every free time offered is accepted; a typed time outside them is refused with 'Conflito de agenda', nothing changed", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    await s.book(TUESDAY, "14:00", s.bruno.id);
    const r = await s.move(id, TUESDAY, "14:30", s.bruno.id);
    expect(r).toMatchObject({ ok: false, error: MSG.conflict });
    expect(r.ok ? "" : r.description).toContain(s.bruno.name);
    expect(await state(id)).toMatchObject({ date: MONDAY, time: "10:00", pros: [s.ana.id] });
    const { times } = await s.free(id, TUESDAY, s.bruno.id);
    expect(await s.move(id, TUESDAY, times[times.indexOf("13:00")], s.bruno.id)).toMatchObject({ ok: true });
    expect(await state(id)).toMatchObject({ date: TUESDAY, time: "13:00", pros: [s.bruno.id] });
  });

  test("'Serviço não oferecido' for a professional who doesn't do the service; the hours rule, and its 'Encaixe' (the professional's own day still counts)", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    const unoffered = await s.move(id, TUESDAY, "10:00", s.caio.id);
    expect(unoffered).toMatchObject({ ok: false, error: MSG.notOffered });
    expect(unoffered.ok ? "" : unoffered.description).toContain(s.caio.name);
    // Closes at 19:00: a cut at 18:30 leaves the hours, refused unless 'Encaixe fora do horário' is ticked.
    const late = await s.move(id, TUESDAY, "18:30", null);
    expect(late).toMatchObject({ ok: false, error: OUTSIDE_HOURS_TEXT.title });
    expect(late.ok ? "" : late.description).toContain("19:00");
    expect(await state(id)).toMatchObject({ date: MONDAY, time: "10:00", outsideHours: false });
    // Ticked, the business's hours limit nobody, Ana's own day (the business's hours) still does.
    const ticked = await s.move(id, TUESDAY, "18:30", null, true);
    expect(ticked).toMatchObject({ ok: false, error: MSG.conflict });
    expect(ticked.ok ? "" : ticked.description).toContain(s.ana.name);
    expect(await state(id)).toMatchObject({ date: MONDAY, time: "10:00", pros: [s.ana.id], outsideHours: false });
  });

  test("an employee of the business may; another business's owner moves and reads nothing", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    const other = await salon();
    const employee = await createUser();
    await addBusinessRole(employee.id, s.business.id, "employee");
    await actAs(employee.id);
    expect(await s.move(id, TUESDAY, "14:00", null)).toMatchObject({ ok: true });
    await actAs(other.owner.id);
    expect((await rescheduleAction({ businessId: other.business.id, id, date: MONDAY, time: "09:00", professionalId: null })).ok).toBe(false);
    expect((await rescheduleAction({ businessId: s.business.id, id, date: MONDAY, time: "09:00", professionalId: null })).ok).toBe(false);
    expect((await readAs(appointmentFreeTimesRead, { businessId: s.business.id, id, date: MONDAY })).status).toBe(403);
    expect(await state(id)).toMatchObject({ date: TUESDAY, time: "14:00", pros: [s.ana.id] });
  });
});

/**
 * Issue 52 item 12: the hours rule (an hours change, a holiday) and a service's duration change time
 * an appointment as its blocks are timed (lineOffsets, refresh_appointment_blocks of migration
 * 0037), not as the plain sum of its services: two professionals' lines 'ao mesmo tempo' end
 * together, one 'em seguida' ends after the other.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { addHolidayAction, saveWeeklyHoursAction } from "@/lib/business-hours/actions";
import { AFFECTED_CODE } from "@/lib/business-hours/affected";
import { updateServiceAction } from "@/lib/services/actions";
import { SERVICE_MESSAGES } from "@/lib/services/messages";
import { addDays, dayOfWeek } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { actAs } from "./act-as";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const week = (over: Record<number, { closeTime: string }> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: over[d]?.closeTime ?? "19:00" }));

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  const escova = await createService(business.id, 45, { name: `Escova ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const juliana = await createProfessional(business.id, { name: `Juliana ${uniq()}` });
  const rafael = await createProfessional(business.id, { name: `Rafael ${uniq()}` });
  await actAs(owner.id);
  return { owner, business, escova, barba, juliana, rafael };
}
type Salon = Awaited<ReturnType<typeof salon>>;

/** Escova with Juliana, then Barba with Rafael, 'em seguida' or not; a new client named `name`. */
async function twoLines(s: Salon, date: string, time: string, name: string, afterPrevious: boolean) {
  const client = await createClient(s.business.id, { name });
  return createAppointment({
    businessId: s.business.id, clientId: client.id, date, time,
    services: [
      { serviceId: s.escova.id, professionalId: s.juliana.id },
      { serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious },
    ],
  });
}

describe("an hours change over two professionals' lines", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
  });

  test("'ao mesmo tempo' ends at 16:45 (not the sum, 17:15): a 17:00 close leaves it inside; 'em seguida' ends at 17:15 and is listed", async () => {
    const date = addDays(todayInBusiness(), 8);
    const dow = dayOfWeek(date);
    expect(await saveWeeklyHoursAction({ businessId: s.business.id, days: week() })).toEqual({ ok: true });
    const together = `Juntas ${uniq()}`;
    await twoLines(s, date, "16:00", together, false);

    // Ends 16:45: inside a 17:00 close, which the plain sum (16:00 + 75 min) would have flagged.
    const shorter = week({ [dow]: { closeTime: "17:00" } });
    expect(await saveWeeklyHoursAction({ businessId: s.business.id, days: shorter })).toEqual({ ok: true });
    expect(await saveWeeklyHoursAction({ businessId: s.business.id, days: week() })).toEqual({ ok: true });

    const following = `Em seguida ${uniq()}`;
    const weekLater = addDays(date, 7);
    await twoLines(s, weekLater, "16:00", following, true);
    expect(await saveWeeklyHoursAction({ businessId: s.business.id, days: shorter })).toMatchObject({
      ok: false, code: AFFECTED_CODE, total: 1, affected: [{ clientName: following, date: weekLater, time: "16:00" }],
    });
  });

  test("a holiday's shorter hours: the same rule", async () => {
    const [day1, day2] = [addDays(todayInBusiness(), 12), addDays(todayInBusiness(), 13)];
    await twoLines(s, day1, "11:00", `Juntas ${uniq()}`, false);
    const following = `Em seguida ${uniq()}`;
    await twoLines(s, day2, "11:00", following, true);
    // Closing at 11:50: the 'ao mesmo tempo' one ends at 11:45 (the sum would say 12:15)…
    const holiday = (date: string) => ({ businessId: s.business.id, name: "Meio período", date, isWorking: true, openTime: "08:00", closeTime: "11:50" });
    expect(await addHolidayAction(holiday(day1))).toEqual({ ok: true, id: expect.any(String) });
    // …the one 'em seguida' at 12:15.
    expect(await addHolidayAction(holiday(day2))).toMatchObject({ ok: false, code: AFFECTED_CODE, total: 1, affected: [{ clientName: following }] });
  });
});

describe("a service's duration change over lines timed 'em seguida'", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
  });
  const DATE = "2031-09-09";
  const rafaelBlocks = async () =>
    (await db.execute<{ b: string }>(sql`
      select to_char(lower(period), 'HH24:MI') || '–' || to_char(upper(period), 'HH24:MI') as b
        from appointment_professional_blocks where professional_id = ${s.rafael.id} order by lower(period)`)).map((r) => r.b);

  test("the refusal names the booking Rafael's line 'em seguida' would overlap (his line starts at 10:45, not at 10:00)", async () => {
    const first = `Ana ${uniq()}`;
    await twoLines(s, DATE, "10:00", first, true);
    const bia = await createClient(s.business.id, { name: `Bia ${uniq()}` });
    await createAppointment({ businessId: s.business.id, clientId: bia.id, date: DATE, time: "11:15", services: [{ serviceId: s.barba.id, professionalId: s.rafael.id }] });
    expect(await rafaelBlocks()).toEqual(["10:45–11:15", "11:15–11:45"]);

    expect(await updateServiceAction({ businessId: s.business.id, id: s.barba.id, name: s.barba.name, durationMinutes: 45 })).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError,
      description: `Com a nova duração, o agendamento de ${first} em 09/09/2031 às 10:00 se sobreporia ao de ${bia.name} (às 11:15) de ${s.rafael.name}. Nenhuma alteração foi salva.`,
    });
    expect(await rafaelBlocks()).toEqual(["10:45–11:15", "11:15–11:45"]);
  });

  test("a line nobody was given moves the professional's line 'em seguida' after it: its duration change is checked too", async () => {
    const ana = await createClient(s.business.id, { name: `Ana ${uniq()}` });
    await createAppointment({
      businessId: s.business.id, clientId: ana.id, date: DATE, time: "10:00",
      services: [{ serviceId: s.escova.id, professionalId: null }, { serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious: true }],
    });
    const bia = await createClient(s.business.id, { name: `Bia ${uniq()}` });
    await createAppointment({ businessId: s.business.id, clientId: bia.id, date: DATE, time: "11:15", services: [{ serviceId: s.barba.id, professionalId: s.rafael.id }] });
    expect(await rafaelBlocks()).toEqual(["10:45–11:15", "11:15–11:45"]);

    // Escova 45 → 30: Rafael's line moves to 10:30–11:00, and the blocks follow.
    expect(await updateServiceAction({ businessId: s.business.id, id: s.escova.id, name: s.escova.name, durationMinutes: 30 })).toEqual({ ok: true });
    expect(await rafaelBlocks()).toEqual(["10:30–11:00", "11:15–11:45"]);
    // Escova 30 → 60: his line would run 11:00–11:30, over Bia's.
    expect(await updateServiceAction({ businessId: s.business.id, id: s.escova.id, name: s.escova.name, durationMinutes: 60 })).toEqual({
      ok: false, error: SERVICE_MESSAGES.saveError,
      description: `Com a nova duração, o agendamento de ${ana.name} em 09/09/2031 às 10:00 se sobreporia ao de ${bia.name} (às 11:15) de ${s.rafael.name}. Nenhuma alteração foi salva.`,
    });
    expect(await rafaelBlocks()).toEqual(["10:30–11:00", "11:15–11:45"]);
  });
});

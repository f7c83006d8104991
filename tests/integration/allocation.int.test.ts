/**
 * The Visor de Alocação on a fixed day: what the database gives (the calendar's verdict, the active
 * professionals, the day's appointments) and the rows the screen draws from it.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessHolidays, businessHolidaySettings, businessHours, professionalBreaks, professionalWeeklySchedules } from "@/db/schema";
import { allocationDay } from "@/lib/allocation/queries";
import { gridDay } from "@/lib/appointments/grid-day";
import { unpackAllocationDay } from "@/lib/appointments/timeline-wire";
import { allocationRows, isPendingMark, timelineProfessionals } from "@/lib/appointments/rules/allocation";
import { isAvailable } from "@/lib/appointments/rules/availability";
import { loadDayContext } from "@/lib/appointments/day-context";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("server-only", () => ({}));

const M = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DAY = "2031-03-12"; // a Wednesday
const SUNDAY = "2031-03-16";
const OWN_CLOSED = "2031-03-13";
const OWN_OPEN = "2031-03-14";
const TIRADENTES = "2031-04-21"; // a Monday, national holiday
const FRIDAY = "2031-03-21";

describe("allocation viewer", () => {
  let business: { id: string };
  let ana: { id: string };
  let bia: { id: string };

  beforeAll(async () => {
    const owner = await createUser();
    business = await createBusiness(owner.id);
    const b = business.id;
    // Sunday closed; Wednesday 09:00–17:00; the other days 08:00–18:00.
    await db.insert(businessHours).values(
      [0, 1, 2, 3, 4, 5, 6].map((d) =>
        d === 0 ? { businessId: b, dayOfWeek: d, isOpen: false } : { businessId: b, dayOfWeek: d, isOpen: true, openTime: d === 3 ? "09:00" : "08:00", closeTime: d === 3 ? "17:00" : "18:00" },
      ),
    );
    await db.insert(businessHolidays).values([
      { businessId: b, holidayDate: OWN_CLOSED, holidayName: "Aniversário do salão", isWorking: false },
      { businessId: b, holidayDate: OWN_OPEN, holidayName: "Meio expediente", isWorking: true, openTime: "10:00", closeTime: "14:00" },
    ]);

    const [c1, c2, c3] = await Promise.all([createClient(b, { name: "Carla" }), createClient(b, { name: "Dora" }), createClient(b, { name: "Eva" })]);
    const corte = await createService(b, 30, { name: "Corte" });
    const escova = await createService(b, 45, { name: "Escova" });
    const hidratacao = await createService(b, null, { name: "Hidratação" });
    bia = await createProfessional(b, { name: "Bia" });
    ana = await createProfessional(b, { name: "Ana" });
    const caio = await createProfessional(b, { name: "Caio", active: false });

    const book = (time: string, statusId: number, clientId: string, lines: [string, string | null][], date = DAY) =>
      createAppointment({ businessId: b, clientId, date, time, statusId, services: lines.map(([serviceId, professionalId]) => ({ serviceId, professionalId })) });
    await book("09:00", 2, c1.id, [[corte.id, ana.id], [hidratacao.id, ana.id], [escova.id, bia.id]]); // Ana 09:00–10:30 (30 + 60), Bia 09:00–09:45
    await book("10:30", 2, c2.id, [[escova.id, ana.id]]); // Ana 10:30–11:15, right after
    await book("13:00", 1, c3.id, [[corte.id, ana.id]]); // pending
    await book("14:00", 3, c1.id, [[escova.id, bia.id]]); // cancelled
    await book("16:30", 2, c2.id, [[hidratacao.id, bia.id]]); // Bia 16:30–17:30, past closing
    await book("11:00", 2, c3.id, [[corte.id, caio.id]]); // an inactive professional: no row
    await book("09:00", 2, c3.id, [[corte.id, ana.id]], "2031-03-11"); // the day before

    // Another business's appointment the same day.
    const other = await createBusiness((await createUser()).id);
    const oc = await createClient(other.id);
    const os = await createService(other.id, 60);
    const op = await createProfessional(other.id, { name: "Ana" });
    await createAppointment({ businessId: other.id, clientId: oc.id, date: DAY, time: "09:00", statusId: 2, services: [{ serviceId: os.id, professionalId: op.id }] });
  });

  test("the day: window from the hours, active professionals by name, that day's appointments only", async () => {
    const day = await allocationDay(business.id, DAY);
    expect(day.window).toEqual({ start: M("09:00"), end: M("17:00") });
    expect(day.holiday).toBeNull();
    expect(day.professionals.map((p) => p.name)).toEqual(["Ana", "Bia"]);
    expect(day.appointments.map((a) => [a.time, a.statusId, a.clientName])).toEqual([
      ["09:00", 2, "Carla"], ["10:30", 2, "Dora"], ["11:00", 2, "Eva"], ["13:00", 1, "Eva"], ["14:00", 3, "Carla"], ["16:30", 2, "Dora"],
    ]);
    // Only what the timeline needs reaches the browser.
    expect(Object.keys(day.appointments[0]).sort()).toEqual(["clientName", "id", "lines", "statusId", "time"]);
  });

  test("by default: confirmed counted, pending drawn and marked; free only inside working hours, outside the lunch", async () => {
    const day = await allocationDay(business.id, DAY);
    // Neither saved a schedule: the spec's weekday (with 'Almoço' 12:00–13:00) inside the business's 09:00–17:00.
    expect(day.workdays[ana.id]).toEqual({ isWorking: true, start: M("09:00"), end: M("17:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] });
    const [a, b] = allocationRows(timelineProfessionals(day), day.appointments, day.window!, false);
    expect(a.blocks.map((x) => [x.clientName, x.start, x.end, x.services, isPendingMark(x.statusId, false)])).toEqual([
      ["Carla", M("09:00"), M("10:30"), ["Corte", "Hidratação"], false],
      ["Dora", M("10:30"), M("11:15"), ["Escova"], false],
      ["Eva", M("13:00"), M("13:30"), ["Corte"], true],
    ]);
    expect(a.gaps).toEqual([{ start: M("11:15"), end: M("12:00") }, { start: M("13:30"), end: M("17:00") }]);
    expect(a).toMatchObject({ count: 2, pending: 1, utilization: 28, outside: 0 }); // 135 of 480 min: the pending 30 not counted
    expect(a.shades).toEqual([{ start: M("12:00"), end: M("13:00"), kind: "break" }]);
    expect(b.blocks.map((x) => [x.clientName, x.start, x.end, x.shown])).toEqual([
      ["Carla", M("09:00"), M("09:45"), { start: M("09:00"), end: M("09:45") }],
      ["Dora", M("16:30"), M("17:30"), { start: M("16:30"), end: M("17:00") }],
    ]);
    expect(b.gaps).toEqual([{ start: M("09:45"), end: M("12:00") }, { start: M("13:00"), end: M("16:30") }]);
    expect(b).toMatchObject({ count: 2, pending: 0, utilization: 16 }); // 75 of 480 min
  });

  test("all statuses: the pending block takes time, the cancelled one is drawn but holds none", async () => {
    const day = await allocationDay(business.id, DAY);
    const [a, b] = allocationRows(timelineProfessionals(day), day.appointments, day.window!, true);
    expect(a).toMatchObject({ count: 3, pending: 0, utilization: 34 }); // 165 of 480 min
    expect(a.gaps).toEqual([{ start: M("11:15"), end: M("12:00") }, { start: M("13:30"), end: M("17:00") }]);
    expect(b.blocks.map((x) => [x.clientName, x.statusId])).toEqual([["Carla", 2], ["Carla", 3], ["Dora", 2]]);
    expect(b).toMatchObject({ count: 3, utilization: 16 });
  });

  test("their own schedule, breaks and time off: 'Livre' only where the booking rule would take a booking", async () => {
    const b = business.id;
    // Friday: Bia 10:00–15:00 with a break 12:00–12:30 and time off 13:00–14:00; Ana doesn't work.
    await db.insert(professionalWeeklySchedules).values([
      { businessId: b, professionalId: bia.id, dayOfWeek: 5, isWorking: true, startTime: "10:00", endTime: "15:00" },
      { businessId: b, professionalId: ana.id, dayOfWeek: 5, isWorking: false },
    ]);
    await db.insert(professionalBreaks).values({ businessId: b, professionalId: bia.id, dayOfWeek: 5, startTime: "12:00", endTime: "12:30", label: "Café" });
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
                         values (${b}, ${bia.id}, ${FRIDAY}, ${FRIDAY}, '13:00', '14:00')`);
    const [client] = await Promise.all([createClient(b, { name: "Fabi" })]);
    const [service] = await db.execute<{ id: string }>(sql`select id from services where business_id = ${b} and name = 'Escova'`);
    // Three pending clients: one with Bia, two with Ana on her day off.
    for (const [time, pro] of [["10:00", bia.id], ["09:00", ana.id], ["15:00", ana.id]] as const) {
      const c = time === "10:00" ? client : await createClient(b);
      await createAppointment({ businessId: b, clientId: c.id, date: FRIDAY, time, statusId: 1, services: [{ serviceId: service.id, professionalId: pro }] });
    }

    const day = await allocationDay(b, FRIDAY);
    const [a, bi] = allocationRows(timelineProfessionals(day), day.appointments, day.window!, false);
    expect(bi.shades).toEqual([
      { start: M("08:00"), end: M("10:00"), kind: "outside" },
      { start: M("15:00"), end: M("18:00"), kind: "outside" },
      { start: M("12:00"), end: M("12:30"), kind: "break" },
      { start: M("13:00"), end: M("14:00"), kind: "time_off" },
    ]);
    expect(bi.blocks.map((x) => [x.clientName, x.start, x.end, isPendingMark(x.statusId, false)])).toEqual([["Fabi", M("10:00"), M("10:45"), true]]);
    expect(bi.gaps).toEqual([{ start: M("10:45"), end: M("12:00") }, { start: M("12:30"), end: M("13:00") }, { start: M("14:00"), end: M("15:00") }]);
    // Pending only: nothing counted, however busy the day looks.
    expect(bi).toMatchObject({ count: 0, pending: 1, utilization: 0 });
    expect(a.shades).toEqual([{ ...day.window!, kind: "off" }]);
    expect(a.gaps).toEqual([]);
    expect(a).toMatchObject({ count: 0, pending: 2, utilization: 0 });
    expect(a.blocks).toHaveLength(2);

    // The same gaps are what the booking rule accepts: every 'Livre' minute bookable, none outside them.
    const ctx = await loadDayContext(db, b, FRIDAY);
    const pro = ctx.professionals.find((p) => p.id === bia.id)!;
    for (let m = day.window!.start; m < day.window!.end; m += 15) {
      const free = bi.gaps.some((g) => m >= g.start && m + 15 <= g.end);
      expect([m, isAvailable(pro, ctx.business, { start: m, end: m + 15 })]).toEqual([m, free]);
    }
  });

  test("a closed weekday and a closed own holiday have no window", async () => {
    expect(await allocationDay(business.id, SUNDAY)).toMatchObject({ window: null, holiday: null });
    expect(await allocationDay(business.id, OWN_CLOSED)).toMatchObject({ window: null, holiday: "Aniversário do salão" });
  });

  test("an open own holiday uses its hours", async () => {
    expect(await allocationDay(business.id, OWN_OPEN)).toMatchObject({ window: { start: M("10:00"), end: M("14:00") }, holiday: "Meio expediente" });
  });

  test("a national holiday is closed unless the business works on holidays, as the agenda treats it", async () => {
    expect(await allocationDay(business.id, TIRADENTES)).toMatchObject({ window: null, holiday: "Tiradentes" });
    await db.insert(businessHolidaySettings).values({ businessId: business.id, worksOnHolidays: true });
    try {
      expect(await allocationDay(business.id, TIRADENTES)).toMatchObject({ window: { start: M("08:00"), end: M("18:00") }, holiday: "Tiradentes" });
    } finally {
      await db.delete(businessHolidaySettings).where(eq(businessHolidaySettings.businessId, business.id));
    }
  });

  test("a business without hours: every day open 08:00–19:00", async () => {
    const bare = await createBusiness((await createUser()).id);
    expect(await allocationDay(bare.id, SUNDAY)).toMatchObject({ window: { start: M("08:00"), end: M("19:00") }, professionals: [], appointments: [] });
  });

  test("the grid's day (read in three queries) is the viewer's day, with each active professional's working day", async () => {
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
                         values (${business.id}, ${ana.id}, ${OWN_OPEN}, ${OWN_OPEN}, '11:00', '12:30')`);
    for (const date of [DAY, SUNDAY, OWN_CLOSED, OWN_OPEN, TIRADENTES]) {
      const grid = await gridDay(business.id, date);
      expect(unpackAllocationDay(grid)).toEqual(await allocationDay(business.id, date));
      expect(Object.keys(grid.workdays).sort()).toEqual([ana.id, bia.id].sort());
    }
    expect(unpackAllocationDay(await gridDay(business.id, OWN_OPEN)).timeOff).toEqual([{ professionalId: ana.id, start: M("11:00"), end: M("12:30") }]);
    expect((await gridDay(business.id, DAY)).workdays[ana.id]).toMatchObject({ isWorking: true });
  });
});

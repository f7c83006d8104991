import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, businesses, businessHolidays, businessHolidaySettings, businessHours } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import {
  addHolidayAction, removeHolidayAction, saveBookingWindowAction, saveHolidaySettingAction, saveWeeklyHoursAction,
} from "@/lib/business-hours/actions";
import { businessHoursData, type BusinessHoursData } from "@/lib/business-hours/queries";
import { businessHoursRead } from "@/lib/business-hours/reads";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { AFFECTED_CODE } from "@/lib/business-hours/affected";
import { HOURS_RANGE_MESSAGES } from "@/lib/appointments/rules/weekly-hours";
import { addDays, dayOfWeek } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { actAs, readAs, revalidated } from "./act-as";
import { createAppointment, createBusiness, createClient, createService, createUser, pgCode, uniq, twoBusinesses } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

type Day = { dayOfWeek: number; isOpen: boolean; openTime: string; closeTime: string };
const week = (over: Record<number, Partial<Day>> = {}): Day[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: d !== 0, openTime: "08:00", closeTime: "19:00", ...over[d] }));

const hoursOf = (businessId: string) =>
  db
    .select({ day: businessHours.dayOfWeek, isOpen: businessHours.isOpen, open: businessHours.openTime, close: businessHours.closeTime, userId: businessHours.userId })
    .from(businessHours)
    .where(eq(businessHours.businessId, businessId))
    .orderBy(asc(businessHours.dayOfWeek));
const holidaysOf = (businessId: string) =>
  db.select().from(businessHolidays).where(eq(businessHolidays.businessId, businessId)).orderBy(asc(businessHolidays.holidayDate));
const windowOf = async (businessId: string) => (await db.select({ n: businesses.bookingWindowDays }).from(businesses).where(eq(businesses.id, businessId)))[0].n;
const settingOf = async (businessId: string) =>
  (await db.select().from(businessHolidaySettings).where(eq(businessHolidaySettings.businessId, businessId)))[0];

const future = (days: number) => addDays(todayInBusiness(), days);

describe("business hours actions", () => {
  let owner: { id: string };
  let employee: { id: string };
  let stranger: { id: string };
  let business: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    ({ owner, employee, stranger, business, other } = await twoBusinesses());
  });

  test("an employee saves the seven days: closed days store no times, a second save updates the same rows", async () => {
    await actAs(employee.id);
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ 6: { openTime: "09:00", closeTime: "13:00" } }) })).toEqual({ ok: true });
    const rows = await hoursOf(business.id);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ day: 0, isOpen: false, open: null, close: null, userId: employee.id });
    expect(rows[1]).toMatchObject({ day: 1, isOpen: true, open: "08:00:00", close: "19:00:00" });
    expect(rows[6]).toMatchObject({ day: 6, isOpen: true, open: "09:00:00", close: "13:00:00" });
    expect(revalidated).toContain("/business-hours");

    await actAs(owner.id);
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ 0: { isOpen: true, openTime: "10:00", closeTime: "14:00" }, 1: { isOpen: false } }) })).toEqual({ ok: true });
    const again = await hoursOf(business.id);
    expect(again).toHaveLength(7);
    expect(again[0]).toEqual({ day: 0, isOpen: true, open: "10:00:00", close: "14:00:00", userId: owner.id });
    expect(again[1]).toMatchObject({ isOpen: false, open: null, close: null });
  });

  test("one transaction for the week: a day closing before it opens saves nothing, and says which day", async () => {
    await actAs(owner.id);
    await saveWeeklyHoursAction({ businessId: business.id, days: week() });
    const before = await hoursOf(business.id);
    const result = await saveWeeklyHoursAction({ businessId: business.id, days: week({ 0: { isOpen: true, openTime: "09:00", closeTime: "12:00" }, 3: { openTime: "18:00", closeTime: "08:00" } }) });
    expect(result).toEqual({
      ok: false, error: HOURS_MESSAGES.error, description: HOURS_RANGE_MESSAGES.closeBeforeOpen,
      fieldErrors: { "days.3.closeTime": HOURS_RANGE_MESSAGES.closeBeforeOpen },
    });
    expect(await hoursOf(business.id)).toEqual(before);
  });

  test("the database refuses what the form refuses: times on a closed day, closing before opening", async () => {
    await expect(db.insert(businessHours).values({ businessId: business.id, dayOfWeek: 2, isOpen: false, openTime: "08:00", closeTime: "19:00" })).rejects.toSatisfy((e) => pgCode(e) === "23514");
    await expect(db.insert(businessHours).values({ businessId: business.id, dayOfWeek: 2, isOpen: true, openTime: "19:00", closeTime: "08:00" })).rejects.toSatisfy((e) => pgCode(e) === "23514");
    await expect(db.insert(businessHolidays).values({ businessId: business.id, holidayName: "X", holidayDate: future(3), isWorking: false, openTime: "08:00", closeTime: "12:00" })).rejects.toSatisfy((e) => pgCode(e) === "23514");
  });

  test("validation refusals: malformed times, not seven days", async () => {
    await actAs(owner.id);
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ 2: { openTime: "" } }) })).toMatchObject({
      ok: false, fieldErrors: { "days.2.openTime": HOURS_RANGE_MESSAGES.invalidTime },
    });
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week().slice(1) })).toMatchObject({ ok: false, description: HOURS_MESSAGES.invalidWeek });
    expect(await hoursOf(business.id)).toHaveLength(0);
  });

  test("booking window: one of the options, saved on the business", async () => {
    await actAs(employee.id);
    expect(await saveBookingWindowAction({ businessId: business.id, days: 90 })).toEqual({ ok: true });
    expect(await windowOf(business.id)).toBe(90);
    expect(await saveBookingWindowAction({ businessId: business.id, days: 31 })).toMatchObject({ ok: false, error: HOURS_MESSAGES.error, description: HOURS_MESSAGES.invalidWindow });
    expect(await windowOf(business.id)).toBe(90);
  });

  test("works on holidays: upserted, one row per business", async () => {
    await actAs(employee.id);
    expect(await saveHolidaySettingAction({ businessId: business.id, worksOnHolidays: true })).toEqual({ ok: true });
    expect(await settingOf(business.id)).toMatchObject({ worksOnHolidays: true, userId: employee.id });
    await actAs(owner.id);
    expect(await saveHolidaySettingAction({ businessId: business.id, worksOnHolidays: false })).toEqual({ ok: true });
    expect(await settingOf(business.id)).toMatchObject({ worksOnHolidays: false, userId: owner.id });
    expect(await db.select().from(businessHolidaySettings).where(eq(businessHolidaySettings.businessId, business.id))).toHaveLength(1);
  });

  test("add holiday: closed without times, open with them; the screen's read lists them in date order", async () => {
    await actAs(employee.id);
    const closed = await addHolidayAction({ businessId: business.id, name: "  Aniversário da cidade ", date: future(20), isWorking: false, openTime: "08:00", closeTime: "19:00" });
    const open = await addHolidayAction({ businessId: business.id, name: "Véspera", date: future(10), isWorking: true, openTime: "08:00", closeTime: "12:00" });
    expect(closed).toMatchObject({ ok: true });
    expect(open).toMatchObject({ ok: true });
    const rows = await holidaysOf(business.id);
    expect(rows.map((h) => [h.holidayName, h.holidayDate, h.isWorking, h.openTime, h.closeTime, h.userId])).toEqual([
      ["Véspera", future(10), true, "08:00:00", "12:00:00", employee.id],
      ["Aniversário da cidade", future(20), false, null, null, employee.id],
    ]);
    const read = (await readAs(businessHoursRead, { businessId: business.id })).body as unknown as BusinessHoursData;
    expect(read.holidays.map((h) => [h.name, h.openTime, h.closeTime])).toEqual([
      ["Véspera", "08:00", "12:00"],
      ["Aniversário da cidade", null, null],
    ]);
  });

  test("add holiday refusals: name and date required, closing before opening, a past date, a date already taken", async () => {
    await actAs(owner.id);
    expect(await addHolidayAction({ businessId: business.id, name: " ", date: "", isWorking: false, openTime: "", closeTime: "" })).toMatchObject({
      ok: false, error: HOURS_MESSAGES.error, fieldErrors: { name: HOURS_MESSAGES.holidayName, date: HOURS_MESSAGES.holidayDate },
    });
    expect(await addHolidayAction({ businessId: business.id, name: "Meio período", date: future(5), isWorking: true, openTime: "13:00", closeTime: "09:00" })).toMatchObject({
      ok: false, fieldErrors: { closeTime: HOURS_RANGE_MESSAGES.closeBeforeOpen },
    });
    expect(await addHolidayAction({ businessId: business.id, name: "Ontem", date: future(-1), isWorking: false, openTime: "", closeTime: "" })).toMatchObject({
      ok: false, description: HOURS_MESSAGES.holidayPast, fieldErrors: { date: HOURS_MESSAGES.holidayPast },
    });
    expect(await holidaysOf(business.id)).toHaveLength(0);

    const date = future(30);
    expect(await addHolidayAction({ businessId: business.id, name: "Primeiro", date, isWorking: false, openTime: "", closeTime: "" })).toMatchObject({ ok: true });
    const dup = await addHolidayAction({ businessId: business.id, name: "Segundo", date, isWorking: true, openTime: "08:00", closeTime: "12:00" });
    expect(dup).toMatchObject({ ok: false, error: HOURS_MESSAGES.error });
    expect(!dup.ok && dup.description).toContain('"Primeiro"');
    expect((await holidaysOf(business.id)).map((h) => h.holidayName)).toEqual(["Primeiro"]);
    // Another business may have a holiday that same date.
    await actAs(stranger.id);
    expect(await addHolidayAction({ businessId: other.id, name: "Deles", date, isWorking: false, openTime: "", closeTime: "" })).toMatchObject({ ok: true });
  });

  test("two people adding a holiday on the same date at once: exactly one wins, the other is told why", async () => {
    await actAs(owner.id);
    const date = future(40);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addHolidayAction({ businessId: business.id, name: `Feriado ${i}`, date, isWorking: false, openTime: "", closeTime: "" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ ok: false, error: HOURS_MESSAGES.error });
      const why = (r as { description: string }).description;
      expect(why === HOURS_MESSAGES.holidayDuplicate || why.startsWith("Já existe um feriado em")).toBe(true);
    }
    expect(await holidaysOf(business.id)).toHaveLength(1);
  });

  test("remove holiday: by id within the business only", async () => {
    await actAs(owner.id);
    const mine = await addHolidayAction({ businessId: business.id, name: "Meu", date: future(7), isWorking: false, openTime: "", closeTime: "" });
    await actAs(stranger.id);
    const theirs = await addHolidayAction({ businessId: other.id, name: `Deles ${uniq()}`, date: future(8), isWorking: false, openTime: "", closeTime: "" });
    if (!mine.ok || !theirs.ok) throw new Error("setup");

    await actAs(employee.id);
    expect(await removeHolidayAction({ businessId: business.id, id: theirs.id })).toEqual({ ok: false, error: HOURS_MESSAGES.error, description: HOURS_MESSAGES.holidayNotFound });
    expect(await removeHolidayAction({ businessId: other.id, id: theirs.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await holidaysOf(other.id)).toHaveLength(1);
    expect(await removeHolidayAction({ businessId: business.id, id: mine.id })).toEqual({ ok: true });
    expect(await holidaysOf(business.id)).toHaveLength(0);
    expect(await removeHolidayAction({ businessId: business.id, id: mine.id })).toMatchObject({ ok: false, description: HOURS_MESSAGES.holidayNotFound });
  });

  test("another business's user can't read or change any of it, and nothing changes", async () => {
    await actAs(owner.id);
    await saveWeeklyHoursAction({ businessId: business.id, days: week() });
    await saveBookingWindowAction({ businessId: business.id, days: 60 });
    await saveHolidaySettingAction({ businessId: business.id, worksOnHolidays: true });
    const h = await addHolidayAction({ businessId: business.id, name: "Nosso", date: future(12), isWorking: false, openTime: "", closeTime: "" });
    if (!h.ok) throw new Error("setup");
    const before = await Promise.all([hoursOf(business.id), windowOf(business.id), settingOf(business.id), holidaysOf(business.id)]);

    await actAs(stranger.id);
    const forbidden = { ok: false, error: HOURS_MESSAGES.error, description: ACCESS.forbidden };
    expect(await readAs(businessHoursRead, { businessId: business.id })).toEqual({ status: 403, body: { error: HOURS_MESSAGES.error, description: ACCESS.forbidden } });
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ 1: { isOpen: false } }) })).toEqual(forbidden);
    expect(await saveBookingWindowAction({ businessId: business.id, days: 7 })).toEqual(forbidden);
    expect(await saveHolidaySettingAction({ businessId: business.id, worksOnHolidays: false })).toEqual(forbidden);
    expect(await addHolidayAction({ businessId: business.id, name: "Invasão", date: future(13), isWorking: false, openTime: "", closeTime: "" })).toEqual(forbidden);
    expect(await removeHolidayAction({ businessId: business.id, id: h.id })).toEqual(forbidden);
    // Their own business named, our holiday's id: not found there.
    expect(await removeHolidayAction({ businessId: other.id, id: h.id })).toMatchObject({ ok: false, description: HOURS_MESSAGES.holidayNotFound });
    // Their own read never shows our rows.
    const theirs = (await readAs(businessHoursRead, { businessId: other.id })).body as unknown as BusinessHoursData;
    expect({ hours: theirs.hours, holidays: theirs.holidays, works: theirs.worksOnHolidays, window: theirs.bookingWindowDays }).toEqual({
      hours: [], holidays: [], works: false, window: 30,
    });

    expect(await Promise.all([hoursOf(business.id), windowOf(business.id), settingOf(business.id), holidaysOf(business.id)])).toEqual(before);
  });

  test("no business named: the non-destructive 'Atenção'; not signed in: refused", async () => {
    await actAs(owner.id, { currentBusinessId: business.id });
    const attention = { ok: false, error: HOURS_MESSAGES.attention, description: HOURS_MESSAGES.noBusiness };
    expect(await saveWeeklyHoursAction({ days: week() } as never)).toEqual(attention);
    expect(await addHolidayAction({ name: "Sem negócio", date: future(3), isWorking: false, openTime: "", closeTime: "" } as never)).toEqual(attention);
    expect(await saveBookingWindowAction({ days: 7 } as never)).toEqual(attention);
    expect(await hoursOf(business.id)).toHaveLength(0);
    await actAs(null);
    expect(await saveHolidaySettingAction({ businessId: business.id, worksOnHolidays: true })).toEqual({ ok: false, error: HOURS_MESSAGES.error, description: ACCESS.notSignedIn });
  });
});

describe("the screen's read", () => {
  test("a business with nothing saved: window 30, not working on holidays, no rows; national holidays closed", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const data = await businessHoursData(business.id, db, new Date("2026-12-01T12:00:00Z"));
    expect(data).toMatchObject({ today: "2026-12-01", bookingWindowDays: 30, worksOnHolidays: false, hours: [], holidays: [] });
    expect(data.national[0]).toMatchObject({ date: "2026-12-25", name: "Natal", day: { open: false, reason: "holiday" }, ownHoliday: null });
  });

  test("past holidays are not listed; the national list follows the business's own holiday and rule", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    await db.insert(businessHolidays).values([
      { businessId: business.id, holidayName: "Passado", holidayDate: "2026-11-30", isWorking: false },
      { businessId: business.id, holidayName: "Natal no salão", holidayDate: "2026-12-25", isWorking: true, openTime: "08:00", closeTime: "12:00" },
    ]);
    await db.insert(businessHolidaySettings).values({ businessId: business.id, worksOnHolidays: true });
    const data = await businessHoursData(business.id, db, new Date("2026-12-01T12:00:00Z"));
    expect(data.holidays.map((h) => h.name)).toEqual(["Natal no salão"]);
    expect(data.national.find((n) => n.date === "2026-12-25")).toMatchObject({ ownHoliday: "Natal no salão", day: { open: true, window: { start: 480, end: 720 } } });
    expect(data.national.find((n) => n.date === "2027-01-01")).toMatchObject({ day: { open: true, window: null } });
  });
});

// Issue 32: a holiday or shorter hours over appointments already booked are saved only once the
// user saw the list of what falls outside (the server refuses without `confirm: true`).
describe("a holiday or shorter hours over booked appointments", () => {
  let owner: { id: string };
  let business: { id: string };
  let service: { id: string };
  beforeEach(async () => {
    ({ owner, business } = await twoBusinesses());
    service = await createService(business.id, 30);
    await actAs(owner.id);
  });
  /** An appointment of a new client named `name` (30 minutes), written directly as another device would. */
  const booking = async (date: string, time: string, name: string, over: { statusId?: number } = {}) => {
    const client = await createClient(business.id, { name });
    return createAppointment({ businessId: business.id, clientId: client.id, date, time, services: [{ serviceId: service.id, professionalId: null }], ...over });
  };

  test("the issue's case: seven bookings 10:30–16:30 under a 09:00–12:00 holiday — refused, listing them; confirmed, saved", async () => {
    const date = future(9);
    const t = uniq();
    for (const time of ["10:30", "11:30", "12:30", "13:30", "14:30", "15:30", "16:30"]) await booking(date, time, `Cliente ${time} ${t}`);
    // Neither a cancelled one nor a deliberate 'Encaixe' is affected.
    await booking(date, "15:00", `Cancelado ${t}`, { statusId: 3 });
    const encaixe = await booking(date, "17:00", `Encaixe ${t}`);
    await db.update(appointments).set({ outsideHours: true }).where(eq(appointments.id, encaixe.id));

    const holiday = { businessId: business.id, name: "Aniversário do salão", date, isWorking: true, openTime: "09:00", closeTime: "12:00" };
    const refused = await addHolidayAction(holiday);
    expect(refused).toMatchObject({
      ok: false, code: AFFECTED_CODE, error: HOURS_MESSAGES.error, total: 5,
      description: "5 agendamentos ficariam fora do horário de funcionamento. Confirme para salvar mesmo assim.",
    });
    expect((refused as unknown as { affected: { clientName: string; date: string; time: string }[] }).affected.map((a) => [a.clientName, a.date, a.time])).toEqual(
      ["12:30", "13:30", "14:30", "15:30", "16:30"].map((time) => [`Cliente ${time} ${t}`, date, time]),
    );
    expect(await holidaysOf(business.id)).toHaveLength(0);

    expect(await addHolidayAction({ ...holiday, confirm: false })).toMatchObject({ ok: false, code: AFFECTED_CODE });
    expect(await addHolidayAction({ ...holiday, confirm: true })).toMatchObject({ ok: true, affected: 5 });
    expect((await holidaysOf(business.id)).map((h) => [h.holidayName, h.openTime, h.closeTime])).toEqual([["Aniversário do salão", "09:00:00", "12:00:00"]]);
  });

  test("a closed holiday lists every live booking of the day; one that leaves them inside needs no confirmation", async () => {
    const date = future(11);
    await booking(date, "10:00", `Ana ${uniq()}`);
    await booking(date, "16:00", `Bia ${uniq()}`);
    expect(await addHolidayAction({ businessId: business.id, name: "Fechado", date, isWorking: false, openTime: "", closeTime: "" })).toMatchObject({ ok: false, total: 2 });
    expect(await addHolidayAction({ businessId: business.id, name: "Longo", date, isWorking: true, openTime: "08:00", closeTime: "18:00" })).toEqual({ ok: true, id: expect.any(String) });
  });

  test("shorter weekly hours: refused listing each one's date and time; confirmed, saved; another weekday's change needs nothing", async () => {
    const date = future(8);
    const dow = dayOfWeek(date);
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ [dow]: { isOpen: true } }) })).toEqual({ ok: true });
    const name = `Tarde ${uniq()}`;
    await booking(date, "17:00", name);
    await booking(date, "16:00", `Cedo ${uniq()}`);
    const shorter = week({ [dow]: { isOpen: true, closeTime: "17:00" } });
    const refused = await saveWeeklyHoursAction({ businessId: business.id, days: shorter });
    expect(refused).toMatchObject({ ok: false, code: AFFECTED_CODE, total: 1, affected: [{ clientName: name, date, time: "17:00" }] });
    expect((await hoursOf(business.id))[dow]).toMatchObject({ close: "19:00:00" });

    const other = (dow + 3) % 7;
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ [dow]: { isOpen: true }, [other]: { isOpen: true, closeTime: "12:00" } }) })).toEqual({ ok: true });

    expect(await saveWeeklyHoursAction({ businessId: business.id, days: shorter, confirm: true })).toEqual({ ok: true, affected: 1 });
    expect((await hoursOf(business.id))[dow]).toMatchObject({ close: "17:00:00" });
    // Closing that weekday altogether: the one still inside is listed now.
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ [dow]: { isOpen: false } }) })).toMatchObject({ ok: false, total: 1 });
  });

  test("hours saved for the first time bind what was booked without limits", async () => {
    const date = future(15);
    await booking(date, "21:00", `Noite ${uniq()}`);
    expect(await saveWeeklyHoursAction({ businessId: business.id, days: week({ [dayOfWeek(date)]: { isOpen: true } }) })).toMatchObject({ ok: false, total: 1 });
    expect(await hoursOf(business.id)).toHaveLength(0);
  });
});

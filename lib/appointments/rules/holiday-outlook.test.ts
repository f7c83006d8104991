import { describe, expect, it } from "vitest";
import type { BusinessCalendar } from "./business-day";
import { businessDayText, nationalHolidaysAhead } from "./holiday-outlook";

const M = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
// Open every day 08:00–19:00 except Sunday.
const hours = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: d !== 0, openTime: d ? "08:00" : null, closeTime: d ? "19:00" : null }));
const cal = (over: Partial<BusinessCalendar> = {}): BusinessCalendar => ({ hours, holidays: [], worksOnHolidays: false, ...over });

describe("nationalHolidaysAhead", () => {
  it("lists the national holidays from today on, across the new year, in order", () => {
    const list = nationalHolidaysAhead("2026-11-22", 60, cal());
    expect(list.map((h) => [h.date, h.name])).toEqual([
      ["2026-12-25", "Natal"],
      ["2027-01-01", "Confraternização Universal"],
    ]);
    expect(nationalHolidaysAhead("2026-12-25", 0, cal()).map((h) => h.date)).toEqual(["2026-12-25"]);
    expect(nationalHolidaysAhead("2026-11-21", 0, cal())).toEqual([]);
  });

  it("closed unless the business works on holidays: the agenda's own rule", () => {
    const [natal] = nationalHolidaysAhead("2026-12-01", 30, cal());
    expect(natal.day).toEqual({ open: false, reason: "holiday", holiday: "Natal" });
    expect(natal.dayText).toBe("Fechado");
    const [open] = nationalHolidaysAhead("2026-12-01", 30, cal({ worksOnHolidays: true }));
    expect(open.day).toEqual({ open: true, window: { start: M("08:00"), end: M("19:00") }, holiday: "Natal" });
    expect(open.dayText).toBe("Aberto das 08:00 às 19:00");
  });

  it("a holiday of the business on the same date wins, and is named", () => {
    const own = { holidayDate: "2026-12-25", holidayName: "Natal no salão", isWorking: true, openTime: "09:00", closeTime: "12:00" };
    const [natal] = nationalHolidaysAhead("2026-12-01", 30, cal({ holidays: [own] }));
    expect(natal).toMatchObject({ ownHoliday: "Natal no salão", day: { open: true, window: { start: M("09:00"), end: M("12:00") } } });
  });

  it("working on holidays does not open a weekday the business keeps closed", () => {
    // 2027-11-15 (Proclamação da República) is a Monday; here Mondays are closed.
    const monday = nationalHolidaysAhead("2027-11-14", 1, cal({ worksOnHolidays: true, hours: hours.map((h) => (h.dayOfWeek === 1 ? { ...h, isOpen: false, openTime: null, closeTime: null } : h)) }));
    expect(monday[0]).toMatchObject({ date: "2027-11-15", day: { open: false, reason: "closed" } });
  });
});

describe("businessDayText", () => {
  it.each([
    [{ open: false, reason: "holiday", holiday: "Natal" } as const, "Fechado"],
    [{ open: true, window: { start: 480, end: 1140 }, holiday: null } as const, "Aberto das 08:00 às 19:00"],
    [{ open: true, window: null, holiday: null } as const, "Aberto, sem limite de horário"],
  ])("%j → %s", (day, text) => expect(businessDayText(day)).toBe(text));
});

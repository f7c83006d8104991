import { describe, expect, it } from "vitest";
import type { BusinessHoursRow } from "./business-day";
import { defaultDay, restrictionDay, WEEKDAY_LABELS, weeklyRestrictions, type OwnBreakRow, type OwnScheduleRow } from "./weekly-schedule";

const lunch = { start: "12:00", end: "13:00", label: "Almoço" };
const hours = (dayOfWeek: number, isOpen: boolean, openTime: string | null = null, closeTime: string | null = null): BusinessHoursRow => ({
  dayOfWeek, isOpen, openTime, closeTime,
});
const own = (dayOfWeek: number, isWorking: boolean, startTime: string | null = null, endTime: string | null = null): OwnScheduleRow => ({
  dayOfWeek, isWorking, startTime, endTime,
});
const brk = (dayOfWeek: number, startTime: string, endTime: string, label: string | null = "Pausa"): OwnBreakRow => ({ dayOfWeek, startTime, endTime, label });

describe("defaults (nothing saved, no business hours)", () => {
  const week = weeklyRestrictions([], [], []);
  it("seven days, Sunday first, labelled Dom … Sáb", () => {
    expect(week.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(WEEKDAY_LABELS).toEqual(["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"]);
  });
  it("Sunday off 09:00–18:00, no breaks", () => {
    expect(week[0]).toEqual({ dayOfWeek: 0, isWorking: false, start: "09:00", end: "18:00", breaks: [] });
  });
  it.each([1, 2, 3, 4, 5])("weekday %i works 09:00–18:00 with 'Almoço' 12:00–13:00", (d) => {
    expect(week[d]).toEqual({ dayOfWeek: d, isWorking: true, start: "09:00", end: "18:00", breaks: [lunch] });
  });
  it("Saturday off 09:00–13:00", () => {
    expect(week[6]).toEqual({ dayOfWeek: 6, isWorking: false, start: "09:00", end: "13:00", breaks: [] });
  });
  it("defaultDay hands out fresh objects (editing one never changes the next)", () => {
    const a = defaultDay(1);
    a.breaks[0].label = "x";
    expect(defaultDay(1).breaks[0].label).toBe("Almoço");
  });
});

describe("business hours override the defaults", () => {
  it("an open day takes the business's times (seconds from PostgreSQL dropped) and keeps the lunch inside them", () => {
    expect(restrictionDay(1, hours(1, true, "08:00:00", "19:30:00"), null, [])).toEqual({
      dayOfWeek: 1, isWorking: true, start: "08:00", end: "19:30", breaks: [lunch],
    });
  });
  it("a Saturday the business opens becomes a working day with its hours", () => {
    expect(restrictionDay(6, hours(6, true, "08:00", "14:00"), null, [])).toEqual({ dayOfWeek: 6, isWorking: true, start: "08:00", end: "14:00", breaks: [] });
  });
  it("a closed day is off, with the default times kept for the inputs and no breaks", () => {
    expect(restrictionDay(3, hours(3, false), null, [])).toEqual({ dayOfWeek: 3, isWorking: false, start: "09:00", end: "18:00", breaks: [] });
  });
  it("an open day without times keeps the default times", () => {
    expect(restrictionDay(2, hours(2, true), null, [])).toMatchObject({ isWorking: true, start: "09:00", end: "18:00" });
  });
  it("the default lunch is dropped when it falls outside the business's hours", () => {
    expect(restrictionDay(2, hours(2, true, "13:00", "21:00"), null, []).breaks).toEqual([]);
    expect(restrictionDay(2, hours(2, true, "07:00", "12:30"), null, []).breaks).toEqual([]);
    expect(restrictionDay(2, hours(2, true, "12:00", "13:00"), null, []).breaks).toEqual([lunch]);
  });
  it("a close at midnight reads as 24:00", () => {
    expect(restrictionDay(5, hours(5, true, "14:00", "24:00:00"), null, [])).toMatchObject({ start: "14:00", end: "24:00" });
  });
});

describe("the professional's own schedule overrides the business hours", () => {
  it("own times win over the business's", () => {
    expect(restrictionDay(1, hours(1, true, "08:00", "19:00"), own(1, true, "10:00", "16:00"), [])).toEqual({
      dayOfWeek: 1, isWorking: true, start: "10:00", end: "16:00", breaks: [],
    });
  });
  it("working on a day the business is closed (their choice wins here; the agenda still checks the business day)", () => {
    expect(restrictionDay(0, hours(0, false), own(0, true, "09:00", "12:00"), [])).toMatchObject({ isWorking: true, start: "09:00", end: "12:00" });
  });
  it("off on a day the business is open; the times shown fall back to the business's", () => {
    expect(restrictionDay(4, hours(4, true, "08:00", "20:00"), own(4, false), [])).toEqual({
      dayOfWeek: 4, isWorking: false, start: "08:00", end: "20:00", breaks: [],
    });
  });
  it("a saved day without breaks has none: the default lunch is not added back", () => {
    expect(restrictionDay(1, null, own(1, true, "09:00", "18:00"), []).breaks).toEqual([]);
  });
});

describe("then breaks", () => {
  it("saved breaks replace the default lunch, sorted by start, labelled", () => {
    expect(restrictionDay(2, null, own(2, true, "09:00", "18:00"), [brk(2, "15:00:00", "15:15:00"), brk(2, "11:30", "12:00", "Almoço")]).breaks).toEqual([
      { start: "11:30", end: "12:00", label: "Almoço" },
      { start: "15:00", end: "15:15", label: "Pausa" },
    ]);
  });
  it("a break without a label gets 'Intervalo'", () => {
    expect(restrictionDay(2, null, own(2, true), [brk(2, "10:00", "10:15", null), brk(2, "16:00", "16:10", "  ")]).breaks.map((b) => b.label)).toEqual(["Intervalo", "Intervalo"]);
  });
  it("breaks saved without a schedule row still replace the default lunch", () => {
    expect(restrictionDay(3, null, null, [brk(3, "14:00", "14:30")])).toEqual({
      dayOfWeek: 3, isWorking: true, start: "09:00", end: "18:00", breaks: [{ start: "14:00", end: "14:30", label: "Pausa" }],
    });
  });
  it("a day off shows no breaks, even saved ones", () => {
    expect(restrictionDay(3, null, own(3, false), [brk(3, "14:00", "14:30")]).breaks).toEqual([]);
    expect(restrictionDay(6, null, null, [brk(6, "10:00", "10:15")]).breaks).toEqual([]);
  });
});

describe("weeklyRestrictions puts each row on its own day", () => {
  it("mixes business hours, own rows and breaks per weekday", () => {
    const week = weeklyRestrictions(
      [hours(0, false), hours(1, true, "08:00", "19:00"), hours(6, true, "08:00", "12:00")],
      [own(1, true, "10:00", "19:00"), own(2, false)],
      [brk(1, "15:00", "15:30"), brk(5, "17:00", "17:30")],
    );
    expect(week[0]).toMatchObject({ isWorking: false, breaks: [] });
    expect(week[1]).toEqual({ dayOfWeek: 1, isWorking: true, start: "10:00", end: "19:00", breaks: [{ start: "15:00", end: "15:30", label: "Pausa" }] });
    expect(week[2]).toMatchObject({ isWorking: false, breaks: [] });
    expect(week[3]).toEqual({ dayOfWeek: 3, isWorking: true, start: "09:00", end: "18:00", breaks: [lunch] });
    expect(week[5].breaks).toEqual([{ start: "17:00", end: "17:30", label: "Pausa" }]);
    expect(week[6]).toEqual({ dayOfWeek: 6, isWorking: true, start: "08:00", end: "12:00", breaks: [] });
  });
});

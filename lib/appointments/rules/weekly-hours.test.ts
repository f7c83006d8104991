import { describe, expect, it } from "vitest";
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME, HOURS_RANGE_MESSAGES, openingRangeError, sameWeek, storedDay, weekForm, WEEKDAY_NAMES } from "./weekly-hours";

describe("weekForm", () => {
  it("a business with no rows: seven days, Sunday first, all open 08:00–19:00 (spec section 9)", () => {
    const week = weekForm([]);
    expect(week.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(WEEKDAY_NAMES[0]).toBe("Domingo");
    expect(WEEKDAY_NAMES[6]).toBe("Sábado");
    for (const d of week) expect(d).toMatchObject({ isOpen: true, openTime: DEFAULT_OPEN_TIME, closeTime: DEFAULT_CLOSE_TIME });
  });

  it("saved rows win, times as HH:MM; a closed day shows the default window for reopening; a missing day is open", () => {
    const week = weekForm([
      { dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null },
      { dayOfWeek: 1, isOpen: true, openTime: "09:00:00", closeTime: "18:30:00" },
      { dayOfWeek: 6, isOpen: true, openTime: "9:00", closeTime: "24:00:00" },
    ]);
    expect(week[0]).toEqual({ dayOfWeek: 0, isOpen: false, openTime: "08:00", closeTime: "19:00" });
    expect(week[1]).toEqual({ dayOfWeek: 1, isOpen: true, openTime: "09:00", closeTime: "18:30" });
    expect(week[2]).toEqual({ dayOfWeek: 2, isOpen: true, openTime: "08:00", closeTime: "19:00" });
    expect(week[6]).toEqual({ dayOfWeek: 6, isOpen: true, openTime: "09:00", closeTime: "24:00" });
  });

  it("an open row without times shows the default window", () => {
    expect(weekForm([{ dayOfWeek: 3, isOpen: true, openTime: null, closeTime: null }])[3]).toMatchObject({ openTime: "08:00", closeTime: "19:00" });
  });
});

describe("storedDay", () => {
  it("closed days store no times; open days store HH:MM", () => {
    expect(storedDay({ dayOfWeek: 0, isOpen: false, openTime: "08:00", closeTime: "19:00" })).toEqual({ dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null });
    expect(storedDay({ dayOfWeek: 2, isOpen: true, openTime: "9:05", closeTime: "18:00:00" })).toEqual({ dayOfWeek: 2, isOpen: true, openTime: "09:05", closeTime: "18:00" });
  });
});

describe("openingRangeError", () => {
  it.each([
    ["08:00", "19:00", null],
    ["00:00", "00:01", null],
    ["09:00", "24:00", null],
    ["19:00", "08:00", { field: "closeTime", message: HOURS_RANGE_MESSAGES.closeBeforeOpen }],
    ["10:00", "10:00", { field: "closeTime", message: HOURS_RANGE_MESSAGES.closeBeforeOpen }],
    ["", "10:00", { field: "openTime", message: HOURS_RANGE_MESSAGES.invalidTime }],
    ["24:00", "24:00", { field: "openTime", message: HOURS_RANGE_MESSAGES.invalidTime }],
    ["10:00", "", { field: "closeTime", message: HOURS_RANGE_MESSAGES.invalidTime }],
    ["10:00", "25:00", { field: "closeTime", message: HOURS_RANGE_MESSAGES.invalidTime }],
    ["10h", "12:00", { field: "openTime", message: HOURS_RANGE_MESSAGES.invalidTime }],
  ])("%s–%s → %j", (open, close, expected) => expect(openingRangeError(open, close)).toEqual(expected));
});

describe("sameWeek", () => {
  const base = weekForm([]);
  it("ignores the times of closed days and the spelling of times", () => {
    const a = base.map((d) => (d.dayOfWeek === 0 ? { ...d, isOpen: false } : d));
    const b = a.map((d) => (d.dayOfWeek === 0 ? { ...d, openTime: "10:00" } : d.dayOfWeek === 1 ? { ...d, openTime: "8:00" } : d));
    expect(sameWeek(a, b)).toBe(true);
  });
  it("sees a changed time or a day closed", () => {
    expect(sameWeek(base, base.map((d) => (d.dayOfWeek === 3 ? { ...d, closeTime: "18:00" } : d)))).toBe(false);
    expect(sameWeek(base, base.map((d) => (d.dayOfWeek === 3 ? { ...d, isOpen: false } : d)))).toBe(false);
  });
  it("does not throw on half-typed times", () => {
    expect(sameWeek(base, base.map((d) => (d.dayOfWeek === 3 ? { ...d, closeTime: "" } : d)))).toBe(false);
  });
});

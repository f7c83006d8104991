import { describe, expect, it } from "vitest";
import { HOURS_RANGE_MESSAGES } from "@/lib/appointments/rules/weekly-hours";
import { BOOKING_WINDOW_OPTIONS, HOURS_MESSAGES } from "./messages";
import { addHolidaySchema, bookingWindowSchema, weeklyHoursSchema } from "./schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.map(String).join("."), i.message]) ?? [];

const week = (over: Record<number, Partial<{ isOpen: boolean; openTime: string; closeTime: string }>> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00", ...over[d] }));

describe("weeklyHoursSchema", () => {
  it("accepts seven days; closed days may carry any times (they are not stored)", () => {
    expect(weeklyHoursSchema.safeParse({ days: week({ 0: { isOpen: false, openTime: "", closeTime: "" } }) }).success).toBe(true);
  });
  it("refuses closing before (or at) opening on an open day, with the error on that day's closing", () => {
    expect(issues(weeklyHoursSchema.safeParse({ days: week({ 3: { closeTime: "07:00" }, 5: { openTime: "12:00", closeTime: "12:00" } }) }))).toEqual([
      ["days.3.closeTime", HOURS_RANGE_MESSAGES.closeBeforeOpen],
      ["days.5.closeTime", HOURS_RANGE_MESSAGES.closeBeforeOpen],
    ]);
  });
  it("refuses an empty or malformed time on an open day", () => {
    expect(issues(weeklyHoursSchema.safeParse({ days: week({ 1: { openTime: "" }, 2: { closeTime: "19h" } }) }))).toEqual([
      ["days.1.openTime", HOURS_RANGE_MESSAGES.invalidTime],
      ["days.2.closeTime", HOURS_RANGE_MESSAGES.invalidTime],
    ]);
  });
  it("needs the seven distinct days", () => {
    expect(issues(weeklyHoursSchema.safeParse({ days: week().slice(0, 6) }))).toEqual([["days", HOURS_MESSAGES.invalidWeek]]);
    expect(issues(weeklyHoursSchema.safeParse({ days: week().map((d) => ({ ...d, dayOfWeek: d.dayOfWeek === 6 ? 5 : d.dayOfWeek })) }))).toEqual([["days", HOURS_MESSAGES.invalidWeek]]);
  });
});

describe("addHolidaySchema", () => {
  it("trims the name; a closed holiday stores no times", () => {
    expect(addHolidaySchema.parse({ name: "  Aniversário da cidade ", date: "2027-04-08", isWorking: false, openTime: "08:00", closeTime: "19:00" })).toEqual({
      name: "Aniversário da cidade", date: "2027-04-08", isWorking: false, openTime: null, closeTime: null, confirm: false,
    });
  });
  it("an open holiday keeps its times, closing after opening", () => {
    expect(addHolidaySchema.parse({ name: "Véspera", date: "2026-12-24", isWorking: true, openTime: "08:00", closeTime: "12:00" })).toMatchObject({
      isWorking: true, openTime: "08:00", closeTime: "12:00",
    });
    expect(issues(addHolidaySchema.safeParse({ name: "Véspera", date: "2026-12-24", isWorking: true, openTime: "12:00", closeTime: "08:00" }))).toEqual([
      ["closeTime", HOURS_RANGE_MESSAGES.closeBeforeOpen],
    ]);
  });
  it("name and date required; the date a real one", () => {
    expect(issues(addHolidaySchema.safeParse({ name: " ", date: "", isWorking: false, openTime: "", closeTime: "" }))).toEqual([
      ["name", HOURS_MESSAGES.holidayName],
      ["date", HOURS_MESSAGES.holidayDate],
    ]);
    expect(issues(addHolidaySchema.safeParse({ name: "X", date: "2027-02-30", isWorking: false, openTime: "", closeTime: "" }))).toEqual([
      ["date", HOURS_MESSAGES.holidayDate],
    ]);
  });
});

describe("bookingWindowSchema", () => {
  it.each(BOOKING_WINDOW_OPTIONS.map((n) => [n]))("%i days is an option", (days) => expect(bookingWindowSchema.safeParse({ days }).success).toBe(true));
  it.each([[0], [1], [31], [366], [30.5]])("%d is not", (days) => expect(bookingWindowSchema.safeParse({ days }).success).toBe(false));
});

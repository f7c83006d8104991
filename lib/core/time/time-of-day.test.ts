import { describe, expect, it } from "vitest";
import { toMinutes } from "./overlap";
import { isTimeOfDay, normaliseTime, parseTimeOfDay } from "./time-of-day";

describe("parseTimeOfDay", () => {
  it.each([
    ["09:00", { hours: 9, minutes: 0, seconds: 0 }],
    ["9:00", { hours: 9, minutes: 0, seconds: 0 }],
    ["23:59:59", { hours: 23, minutes: 59, seconds: 59 }],
    [" 07:30 ", { hours: 7, minutes: 30, seconds: 0 }],
  ])("%j", (text, parts) => expect(parseTimeOfDay(text)).toEqual(parts));

  it.each(["24:00", "24:61", "12:60", "25:00", "12", "", "ab:cd", "12:00:60", "123:00", "-1:00"])("rejects %j", (text) => {
    expect(() => parseTimeOfDay(text)).toThrow(RangeError);
    expect(isTimeOfDay(text)).toBe(false);
  });

  it("accepts 24:00 only as an end of day", () => {
    expect(parseTimeOfDay("24:00", { endOfDay: true })).toEqual({ hours: 24, minutes: 0, seconds: 0 });
    expect(() => parseTimeOfDay("24:01", { endOfDay: true })).toThrow(RangeError);
  });

  it("agrees with the minute arithmetic", () => {
    for (const t of ["9:00", "09:00", "18:45:00", "24:00"]) {
      const p = parseTimeOfDay(t, { endOfDay: true });
      expect(toMinutes(t)).toBe(p.hours * 60 + p.minutes);
    }
  });

  it("normalises to HH:MM", () => {
    expect(normaliseTime("9:05:00")).toBe("09:05");
    expect(normaliseTime("24:00", { endOfDay: true })).toBe("24:00");
  });
});

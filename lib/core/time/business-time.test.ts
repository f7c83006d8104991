import { describe, expect, it } from "vitest";
import { BUSINESS_TZ, addDays, dayOfWeek, daysBetween, monthRange, nextDays, parseDateOnly } from "./business-date";
import { businessDateTimeToInstant, endOfBusinessDay, instantToBusinessParts, isToday, isTomorrow, startOfBusinessDay, todayInBusiness } from "./business-time";

const at = (iso: string) => new Date(iso);

describe("environment", () => {
  // Otherwise these tests could not catch code that leans on the server's zone.
  it("runs the suite in a server zone that differs from the business zone", () => {
    expect(BUSINESS_TZ).toBe("America/Cuiaba");
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe(BUSINESS_TZ);
  });
});

describe("parseDateOnly", () => {
  it("parses valid calendar dates", () => {
    expect(parseDateOnly("2026-11-23")).toEqual({ year: 2026, month: 11, day: 23 });
    expect(parseDateOnly("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
  it.each(["2026-02-30", "2027-02-29", "2026-13-01", "2026-00-10", "2026-1-5", "23/11/2026", "", "2026-11-23T00:00:00Z"])(
    "rejects %j",
    (s) => {
      expect(() => parseDateOnly(s)).toThrow(RangeError);
    },
  );
});

describe("todayInBusiness", () => {
  it("uses the Cuiaba date when UTC has already moved to the next day", () => {
    expect(todayInBusiness(at("2026-11-23T02:30:00Z"))).toBe("2026-11-22");
  });
  it("uses the Cuiaba date when Tokyo has already moved to the next day", () => {
    // 15:30 UTC = 00:30 next day in Tokyo, 11:30 same day in Cuiaba.
    expect(todayInBusiness(at("2026-11-22T15:30:00Z"))).toBe("2026-11-22");
  });
  it("switches exactly at Cuiaba midnight (04:00 UTC)", () => {
    expect(todayInBusiness(at("2026-11-23T03:59:59.999Z"))).toBe("2026-11-22");
    expect(todayInBusiness(at("2026-11-23T04:00:00Z"))).toBe("2026-11-23");
  });
  it("handles the year boundary", () => {
    expect(todayInBusiness(at("2027-01-01T03:00:00Z"))).toBe("2026-12-31");
    expect(todayInBusiness(at("2027-01-01T04:00:00Z"))).toBe("2027-01-01");
  });
  it("defaults to the current instant", () => {
    expect(todayInBusiness()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-11-23", 1, "2026-11-24"],
    ["2026-11-23", -1, "2026-11-22"],
    ["2026-11-23", 0, "2026-11-23"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-01-31", 30, "2026-03-02"],
    ["2026-11-23", 365, "2027-11-23"],
    ["2028-01-01", 366, "2029-01-01"],
    // Historic Cuiaba DST change days must not skip or repeat a date.
    ["2018-11-03", 1, "2018-11-04"],
    ["2019-02-16", 1, "2019-02-17"],
  ])("%s %+d → %s", (d, n, expected) => {
    expect(addDays(d, n)).toBe(expected);
  });
  it("rejects invalid dates", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it.each([
    ["2026-11-23", "2026-11-23", 0],
    ["2026-11-22", "2026-11-23", 1],
    ["2026-11-23", "2026-11-22", -1],
    ["2026-12-31", "2027-01-01", 1],
    ["2028-02-28", "2028-03-01", 2],
    ["2027-02-28", "2027-03-01", 1],
    ["2026-01-01", "2027-01-01", 365],
    ["2028-01-01", "2029-01-01", 366],
    ["2018-11-03", "2018-11-05", 2],
  ])("%s → %s = %d", (a, b, expected) => {
    expect(daysBetween(a, b)).toBe(expected);
  });
});

describe("dayOfWeek", () => {
  it.each([
    ["2026-11-22", 0],
    ["2026-11-23", 1],
    ["2026-11-28", 6],
    ["2028-02-29", 2],
    ["2026-12-31", 4],
    ["2027-01-01", 5],
  ])("%s → %d", (d, expected) => {
    expect(dayOfWeek(d)).toBe(expected);
  });
});

describe("businessDateTimeToInstant", () => {
  it("converts Cuiaba wall-clock time to UTC", () => {
    expect(businessDateTimeToInstant("2026-11-23", "14:30").toISOString()).toBe("2026-11-23T18:30:00.000Z");
  });
  it("crosses into the next UTC day for late evening times", () => {
    expect(businessDateTimeToInstant("2026-11-22", "22:30").toISOString()).toBe("2026-11-23T02:30:00.000Z");
  });
  it("accepts seconds", () => {
    expect(businessDateTimeToInstant("2026-11-23", "08:05:09").toISOString()).toBe("2026-11-23T12:05:09.000Z");
  });
  it("handles year end and leap day", () => {
    expect(businessDateTimeToInstant("2026-12-31", "23:00").toISOString()).toBe("2027-01-01T03:00:00.000Z");
    expect(businessDateTimeToInstant("2028-02-29", "00:00").toISOString()).toBe("2028-02-29T04:00:00.000Z");
  });
  it("follows the historic DST rules instead of a fixed offset", () => {
    // January 2019 Cuiaba was still on summer time (UTC-3).
    expect(businessDateTimeToInstant("2019-01-10", "12:00").toISOString()).toBe("2019-01-10T15:00:00.000Z");
  });
  it("reads 9:00 like 09:00 (the one time parser of lib/core/time/time-of-day.ts)", () => {
    expect(businessDateTimeToInstant("2026-11-23", "9:00")).toEqual(businessDateTimeToInstant("2026-11-23", "09:00"));
  });
  it.each(["24:00", "12:60", "12", "ab:cd", "12:00:60"])("rejects time %j", (t) => {
    expect(() => businessDateTimeToInstant("2026-11-23", t)).toThrow(RangeError);
  });
  it("rejects an invalid date", () => {
    expect(() => businessDateTimeToInstant("2026-02-30", "10:00")).toThrow(RangeError);
  });
});

describe("instantToBusinessParts", () => {
  it.each([
    ["2026-11-23T02:30:00Z", "2026-11-22", "22:30"],
    ["2026-11-23T18:30:00Z", "2026-11-23", "14:30"],
    ["2026-11-22T15:30:00Z", "2026-11-22", "11:30"],
    ["2027-01-01T03:59:00Z", "2026-12-31", "23:59"],
    ["2028-03-01T03:15:00Z", "2028-02-29", "23:15"],
    ["2026-11-23T04:00:59Z", "2026-11-23", "00:00"],
  ])("%s → %s %s", (iso, date, time) => {
    expect(instantToBusinessParts(at(iso))).toEqual({ date, time });
  });
  it("round-trips with businessDateTimeToInstant", () => {
    const parts = { date: "2026-03-15", time: "07:45" };
    expect(instantToBusinessParts(businessDateTimeToInstant(parts.date, parts.time))).toEqual(parts);
  });
  it("rejects an invalid Date", () => {
    expect(() => instantToBusinessParts(new Date("nope"))).toThrow(RangeError);
  });
});

describe("startOfBusinessDay / endOfBusinessDay", () => {
  it("spans the Cuiaba day in UTC", () => {
    expect(startOfBusinessDay("2026-11-23").toISOString()).toBe("2026-11-23T04:00:00.000Z");
    expect(endOfBusinessDay("2026-11-23").toISOString()).toBe("2026-11-24T03:59:59.999Z");
  });
  it("handles the year boundary and leap day", () => {
    expect(endOfBusinessDay("2026-12-31").toISOString()).toBe("2027-01-01T03:59:59.999Z");
    expect(startOfBusinessDay("2028-02-29").toISOString()).toBe("2028-02-29T04:00:00.000Z");
    expect(endOfBusinessDay("2028-02-29").toISOString()).toBe("2028-03-01T03:59:59.999Z");
  });
  it("puts a late-evening instant in its Cuiaba day, not the UTC one", () => {
    const lateEvening = at("2026-11-23T02:30:00Z"); // 22:30 on the 22nd in Cuiaba
    expect(lateEvening >= startOfBusinessDay("2026-11-22") && lateEvening <= endOfBusinessDay("2026-11-22")).toBe(true);
    expect(lateEvening >= startOfBusinessDay("2026-11-23")).toBe(false);
  });
  it("end is 1 ms before the next start", () => {
    expect(startOfBusinessDay("2026-11-24").getTime() - endOfBusinessDay("2026-11-23").getTime()).toBe(1);
  });
});

describe("nextDays", () => {
  it("lists consecutive days including the start", () => {
    expect(nextDays("2026-12-30", 4)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });
  it("crosses the leap day", () => {
    expect(nextDays("2028-02-28", 3)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });
  it("returns an empty list for zero or negative counts", () => {
    expect(nextDays("2026-11-23", 0)).toEqual([]);
    expect(nextDays("2026-11-23", -3)).toEqual([]);
  });
  it("returns one week", () => {
    expect(nextDays("2026-11-23", 7)).toHaveLength(7);
    expect(nextDays("2026-11-23", 7).at(-1)).toBe("2026-11-29");
  });
});

describe("isToday / isTomorrow", () => {
  const now = at("2026-11-23T02:30:00Z"); // 2026-11-22 22:30 in Cuiaba, 11:30 on the 23rd in Tokyo
  it("is relative to the business date, not UTC or the server zone", () => {
    expect(isToday("2026-11-22", now)).toBe(true);
    expect(isToday("2026-11-23", now)).toBe(false);
    expect(isTomorrow("2026-11-23", now)).toBe(true);
    expect(isTomorrow("2026-11-24", now)).toBe(false);
    expect(isTomorrow("2026-11-22", now)).toBe(false);
  });
  it("crosses the year boundary", () => {
    const nye = at("2027-01-01T02:00:00Z"); // 2026-12-31 22:00 in Cuiaba
    expect(isToday("2026-12-31", nye)).toBe(true);
    expect(isTomorrow("2027-01-01", nye)).toBe(true);
  });
  it("handles the leap day", () => {
    const now = at("2028-02-28T20:00:00Z");
    expect(isTomorrow("2028-02-29", now)).toBe(true);
    expect(isTomorrow("2028-03-01", now)).toBe(false);
  });
  it("is false for garbage", () => {
    expect(isToday("", now)).toBe(false);
    expect(isTomorrow("amanhã", now)).toBe(false);
  });
});

describe("monthRange", () => {
  it.each([
    ["2026-11-23", "2026-11-01", "2026-11-30"],
    ["2026-12-15", "2026-12-01", "2026-12-31"],
    ["2027-01-01", "2027-01-01", "2027-01-31"],
    ["2028-02-10", "2028-02-01", "2028-02-29"],
    ["2027-02-28", "2027-02-01", "2027-02-28"],
    ["2100-02-01", "2100-02-01", "2100-02-28"],
    ["2000-02-01", "2000-02-01", "2000-02-29"],
    ["2026-04-30", "2026-04-01", "2026-04-30"],
  ])("%s → %s..%s", (d, first, last) => {
    expect(monthRange(d)).toEqual({ first, last });
  });
});

import { describe, expect, test } from "vitest";
import { dayOfWeek } from "@/lib/core/time/business-date";
import { MAX_OCCURRENCES, nthWeekdayOfMonth, occurrences, RECURRENCE_TEXT, weekdayOrdinal, type Frequency } from "./recurrence";

const dates = (start: string, frequency: Frequency, end: { kind: "until"; date: string } | { kind: "count"; count: number }) => {
  const r = occurrences(start, { frequency, end });
  if (!r.ok) throw new Error(r.error);
  return r.dates;
};

describe("weekly series", () => {
  test("every week, 4 times", () => {
    expect(dates("2031-03-03", "week1", { kind: "count", count: 4 })).toEqual(["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24"]);
  });
  test("every 2 weeks, across a month and a year end", () => {
    expect(dates("2030-12-20", "week2", { kind: "count", count: 3 })).toEqual(["2030-12-20", "2031-01-03", "2031-01-17"]);
  });
  test("every 3 and 4 weeks", () => {
    expect(dates("2031-03-03", "week3", { kind: "count", count: 3 })).toEqual(["2031-03-03", "2031-03-24", "2031-04-14"]);
    expect(dates("2031-03-03", "week4", { kind: "count", count: 3 })).toEqual(["2031-03-03", "2031-03-31", "2031-04-28"]);
  });
  test("until a date: that date included when it falls on the series", () => {
    expect(dates("2031-03-03", "week1", { kind: "until", date: "2031-03-17" })).toEqual(["2031-03-03", "2031-03-10", "2031-03-17"]);
    expect(dates("2031-03-03", "week1", { kind: "until", date: "2031-03-16" })).toEqual(["2031-03-03", "2031-03-10"]);
    expect(dates("2031-03-03", "week2", { kind: "until", date: "2031-03-16" })).toEqual(["2031-03-03"]);
  });
  test("across February of a leap year keeps the weekday", () => {
    const d = dates("2032-02-23", "week1", { kind: "count", count: 3 });
    expect(d).toEqual(["2032-02-23", "2032-03-01", "2032-03-08"]);
    expect(d.map(dayOfWeek)).toEqual([1, 1, 1]);
  });
  test("exactly 52 weekly dates until a year later fit; 53 are refused", () => {
    expect(dates("2031-01-06", "week1", { kind: "until", date: "2031-12-29" })).toHaveLength(52);
    expect(occurrences("2031-01-06", { frequency: "week1", end: { kind: "until", date: "2032-01-05" } })).toEqual({ ok: false, error: RECURRENCE_TEXT.tooMany });
  });
  test("N times: 52 allowed, 53 refused, fewer than 2 refused", () => {
    expect(dates("2031-01-06", "week1", { kind: "count", count: MAX_OCCURRENCES })).toHaveLength(52);
    expect(occurrences("2031-01-06", { frequency: "week1", end: { kind: "count", count: 53 } })).toEqual({ ok: false, error: RECURRENCE_TEXT.tooMany });
    expect(occurrences("2031-01-06", { frequency: "week1", end: { kind: "count", count: 1 } })).toEqual({ ok: false, error: RECURRENCE_TEXT.countTooSmall });
    expect(occurrences("2031-01-06", { frequency: "week1", end: { kind: "count", count: 2.5 } })).toEqual({ ok: false, error: RECURRENCE_TEXT.countTooSmall });
  });
  test("an end on or before the start is refused", () => {
    expect(occurrences("2031-03-03", { frequency: "week1", end: { kind: "until", date: "2031-03-03" } })).toEqual({ ok: false, error: RECURRENCE_TEXT.untilBeforeStart });
    expect(occurrences("2031-03-03", { frequency: "week1", end: { kind: "until", date: "2031-02-01" } })).toEqual({ ok: false, error: RECURRENCE_TEXT.untilBeforeStart });
  });
  test("an impossible date throws", () => {
    expect(() => occurrences("2031-02-30", { frequency: "week1", end: { kind: "count", count: 2 } })).toThrow(RangeError);
  });
});

describe("monthly on the same weekday", () => {
  test("the ordinal of a date among its weekday", () => {
    expect(weekdayOrdinal("2031-03-01")).toBe(1);
    expect(weekdayOrdinal("2031-03-07")).toBe(1);
    expect(weekdayOrdinal("2031-03-08")).toBe(2);
    expect(weekdayOrdinal("2031-03-18")).toBe(3);
    expect(weekdayOrdinal("2031-03-29")).toBe(5);
  });
  test("nth weekday of a month", () => {
    expect(nthWeekdayOfMonth(2031, 3, 2, 3)).toBe("2031-03-18"); // 3rd Tuesday
    expect(nthWeekdayOfMonth(2031, 2, 6, 1)).toBe("2031-02-01");
    expect(nthWeekdayOfMonth(2031, 2, 6, 4)).toBe("2031-02-22");
    expect(nthWeekdayOfMonth(2031, 2, 6, 5)).toBeNull();
    expect(nthWeekdayOfMonth(2032, 2, 0, 5)).toBe("2032-02-29"); // leap year, a 5th Sunday
  });
  test("the 3rd Tuesday, month after month (and over a year end)", () => {
    expect(dates("2031-11-18", "monthly", { kind: "count", count: 4 })).toEqual(["2031-11-18", "2031-12-16", "2032-01-20", "2032-02-17"]);
    expect(dates("2031-11-18", "monthly", { kind: "count", count: 4 }).map(dayOfWeek)).toEqual([2, 2, 2, 2]);
  });
  test("a 5th weekday: months without one are skipped, and do not count", () => {
    // 2031-03-29 is the 5th Saturday of March; April, June have none; May 2031 has (31st).
    const d = dates("2031-03-29", "monthly", { kind: "count", count: 3 });
    expect(d).toEqual(["2031-03-29", "2031-05-31", "2031-08-30"]);
    expect(d.every((x) => weekdayOrdinal(x) === 5 && dayOfWeek(x) === 6)).toBe(true);
  });
  test("until a date", () => {
    expect(dates("2031-01-06", "monthly", { kind: "until", date: "2031-04-07" })).toEqual(["2031-01-06", "2031-02-03", "2031-03-03", "2031-04-07"]);
    expect(dates("2031-01-06", "monthly", { kind: "until", date: "2031-04-06" })).toEqual(["2031-01-06", "2031-02-03", "2031-03-03"]);
  });
  test("52 months fit; a span holding more is refused", () => {
    expect(dates("2031-01-06", "monthly", { kind: "count", count: 52 })).toHaveLength(52);
    expect(occurrences("2031-01-06", { frequency: "monthly", end: { kind: "until", date: "2036-01-01" } })).toEqual({ ok: false, error: RECURRENCE_TEXT.tooMany });
  });
  test("a 5th weekday for 52 times ends in the future without looping forever", () => {
    const d = dates("2031-03-29", "monthly", { kind: "count", count: 52 });
    expect(d).toHaveLength(52);
    expect(new Set(d).size).toBe(52);
    expect(d.every((x) => dayOfWeek(x) === 6 && weekdayOrdinal(x) === 5)).toBe(true);
  });
});

describe("every series", () => {
  test("dates are increasing, unique and start with the start", () => {
    for (const f of ["week1", "week2", "week3", "week4", "monthly"] as const) {
      for (const start of ["2031-01-31", "2031-02-28", "2032-02-29", "2031-12-31"]) {
        const d = dates(start, f, { kind: "count", count: 20 });
        expect(d[0]).toBe(start);
        expect([...d].sort()).toEqual(d);
        expect(new Set(d).size).toBe(d.length);
        expect(d.every((x) => dayOfWeek(x) === dayOfWeek(start))).toBe(true);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { fromLocalDate, toLocalDate } from "./calendar-popover";

describe("the calendar's local dates", () => {
  it("a business date is the browser's local midnight of that day, and back", () => {
    const d = toLocalDate("2026-03-01");
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 2, 1, 0]);
    for (const ymd of ["2026-01-01", "2026-02-28", "2028-02-29", "2026-12-31", "0999-07-04"]) expect(fromLocalDate(toLocalDate(ymd))).toBe(ymd);
  });

  it("a day the calendar hands back keeps its wall-clock date whatever its time", () => {
    expect(fromLocalDate(new Date(2026, 10, 23, 23, 59))).toBe("2026-11-23");
  });

  it("refuses what is not a date", () => {
    expect(() => toLocalDate("2026-02-30")).toThrow(RangeError);
  });
});

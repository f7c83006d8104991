import { describe, expect, it } from "vitest";
import { breaksError, RANGE_MESSAGES, rangeError } from "./time-ranges";

describe("rangeError", () => {
  it.each([
    [{ start: "09:00", end: "18:00" }, null],
    [{ start: "9:00", end: "24:00" }, null],
    [{ start: "00:00", end: "00:01" }, null],
    [{ start: "18:00", end: "09:00" }, RANGE_MESSAGES.endBeforeStart],
    [{ start: "10:00", end: "10:00" }, RANGE_MESSAGES.endBeforeStart],
    [{ start: "24:00", end: "24:00" }, RANGE_MESSAGES.invalidTime],
    [{ start: "10:00", end: "24:61" }, RANGE_MESSAGES.invalidTime],
    [{ start: "", end: "10:00" }, RANGE_MESSAGES.invalidTime],
  ])("%j → %j", (range, error) => expect(rangeError(range)).toBe(error));
});

describe("breaksError", () => {
  const day = { start: "09:00", end: "18:00" };
  it("accepts breaks inside the day, back to back", () => {
    expect(breaksError(day, [{ start: "12:00", end: "13:00" }, { start: "13:00", end: "13:15" }])).toBeNull();
    expect(breaksError(day, [])).toBeNull();
  });
  it("refuses a break outside the working hours", () => {
    expect(breaksError(day, [{ start: "08:30", end: "09:15" }])).toEqual({ index: 0, message: RANGE_MESSAGES.breakOutside });
    expect(breaksError(day, [{ start: "17:30", end: "18:30" }])).toEqual({ index: 0, message: RANGE_MESSAGES.breakOutside });
  });
  it("refuses an inverted break and overlapping breaks, naming which", () => {
    expect(breaksError(day, [{ start: "12:00", end: "13:00" }, { start: "11:00", end: "10:00" }])).toEqual({ index: 1, message: RANGE_MESSAGES.endBeforeStart });
    expect(breaksError(day, [{ start: "15:00", end: "16:00" }, { start: "12:00", end: "13:00" }, { start: "12:30", end: "12:45" }])).toEqual({
      index: 2, message: RANGE_MESSAGES.breaksOverlap,
    });
  });
});

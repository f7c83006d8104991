import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

describe("formatDuration", () => {
  it.each([
    [0, "0min"],
    [1, "1min"],
    [5, "5min"],
    [45, "45min"],
    [59, "59min"],
    [60, "1h"],
    [61, "1h 1min"],
    [90, "1h 30min"],
    [119, "1h 59min"],
    [120, "2h"],
    [125, "2h 5min"],
    [600, "10h"],
    [1440, "24h"],
    [1505, "25h 5min"],
  ])("%d → %s", (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });
  it("rounds fractional minutes", () => {
    expect(formatDuration(59.6)).toBe("1h");
    expect(formatDuration(30.4)).toBe("30min");
  });
  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])("shows %d as 0min", (minutes) => {
    expect(formatDuration(minutes)).toBe("0min");
  });
});

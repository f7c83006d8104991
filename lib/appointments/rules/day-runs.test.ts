import { describe, expect, test } from "vitest";
import { dayRuns } from "./day-runs";

describe("dayRuns", () => {
  test("nothing loaded, nothing to read", () => {
    expect(dayRuns([], 60)).toEqual([]);
  });

  test("consecutive days make one run, gaps start another, order and repeats do not matter", () => {
    expect(dayRuns(["2026-11-24", "2026-11-22", "2026-11-23", "2026-11-23", "2026-12-01"], 60)).toEqual([
      { from: "2026-11-22", to: "2026-11-24" },
      { from: "2026-12-01", to: "2026-12-01" },
    ]);
  });

  test("runs cross month and year ends", () => {
    expect(dayRuns(["2026-12-31", "2027-01-01", "2026-02-28", "2026-03-01"], 60)).toEqual([
      { from: "2026-02-28", to: "2026-03-01" },
      { from: "2026-12-31", to: "2027-01-01" },
    ]);
  });

  test("a long run is cut at maxDays", () => {
    const days = Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1}`);
    expect(dayRuns(days, 3)).toEqual([
      { from: "2026-11-01", to: "2026-11-03" },
      { from: "2026-11-04", to: "2026-11-06" },
      { from: "2026-11-07", to: "2026-11-07" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  fromMinutes,
  intervalsOverlap,
  mergeIntervals,
  toMinutes,
} from "./overlap";

describe("toMinutes", () => {
  it.each([
    ["00:00", 0],
    ["00:01", 1],
    ["09:30", 570],
    ["12:00", 720],
    ["23:59", 1439],
    ["24:00", 1440],
    ["14:30:00", 870],
    ["14:30:59", 870],
    ["9:05", 545],
    [" 08:15 ", 495],
  ])("%j → %d", (t, expected) => {
    expect(toMinutes(t)).toBe(expected);
  });
  it.each(["", "12", "12:60", "25:00", "24:01", "24:00:01", "12:00:60", "ab:cd", "12:5", "-1:00", "123:00"])(
    "rejects %j",
    (t) => {
      expect(() => toMinutes(t)).toThrow(RangeError);
    },
  );
});

describe("fromMinutes", () => {
  it.each([
    [0, "00:00"],
    [5, "00:05"],
    [59, "00:59"],
    [60, "01:00"],
    [570, "09:30"],
    [1439, "23:59"],
    [1440, "24:00"],
    [1530, "25:30"],
  ])("%d → %s", (n, expected) => {
    expect(fromMinutes(n)).toBe(expected);
  });
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects %d", (n) => {
    expect(() => fromMinutes(n)).toThrow(RangeError);
  });
  it("round-trips with toMinutes", () => {
    for (const t of ["00:00", "07:05", "13:45", "23:59"]) expect(fromMinutes(toMinutes(t))).toBe(t);
  });
});


describe("intervalsOverlap", () => {
  it.each([
    [{ start: 0, end: 60 }, { start: 30, end: 90 }, true],
    [{ start: 0, end: 60 }, { start: 60, end: 90 }, false],
    [{ start: 60, end: 90 }, { start: 0, end: 60 }, false],
    [{ start: 0, end: 120 }, { start: 30, end: 60 }, true],
    [{ start: 0, end: 30 }, { start: 90, end: 120 }, false],
    [{ start: 100, end: 200 }, { start: 100, end: 200 }, true],
  ])("%j vs %j → %s", (a, b, expected) => {
    expect(intervalsOverlap(a, b)).toBe(expected);
  });
});

describe("mergeIntervals", () => {
  it("returns an empty list for no input", () => {
    expect(mergeIntervals([])).toEqual([]);
  });
  it("sorts and merges overlapping intervals", () => {
    expect(
      mergeIntervals([
        { start: 600, end: 660 },
        { start: 540, end: 610 },
        { start: 720, end: 780 },
      ]),
    ).toEqual([
      { start: 540, end: 660 },
      { start: 720, end: 780 },
    ]);
  });
  it("joins touching intervals", () => {
    expect(
      mergeIntervals([
        { start: 60, end: 120 },
        { start: 0, end: 60 },
      ]),
    ).toEqual([{ start: 0, end: 120 }]);
  });
  it("absorbs contained intervals", () => {
    expect(
      mergeIntervals([
        { start: 0, end: 300 },
        { start: 30, end: 60 },
        { start: 100, end: 200 },
      ]),
    ).toEqual([{ start: 0, end: 300 }]);
  });
  it("drops empty and inverted intervals", () => {
    expect(
      mergeIntervals([
        { start: 50, end: 50 },
        { start: 90, end: 10 },
        { start: 0, end: 10 },
      ]),
    ).toEqual([{ start: 0, end: 10 }]);
  });
  it("keeps disjoint intervals separate", () => {
    expect(
      mergeIntervals([
        { start: 30, end: 40 },
        { start: 0, end: 10 },
        { start: 15, end: 20 },
      ]),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 15, end: 20 },
      { start: 30, end: 40 },
    ]);
  });
  it("does not mutate the input", () => {
    const input = [
      { start: 60, end: 120 },
      { start: 0, end: 90 },
    ];
    const copy = structuredClone(input);
    const out = mergeIntervals(input);
    expect(input).toEqual(copy);
    expect(out).toEqual([{ start: 0, end: 120 }]);
    expect(out[0]).not.toBe(input[1]);
  });
  it("gives the busy total used for utilisation", () => {
    const merged = mergeIntervals([
      { start: 540, end: 600 },
      { start: 570, end: 630 },
      { start: 700, end: 730 },
    ]);
    expect(merged.reduce((sum, i) => sum + i.end - i.start, 0)).toBe(120);
  });
});


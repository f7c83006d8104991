import { describe, expect, test } from "vitest";
import type { Stats } from "./http";
import { medianRun, misses, ratioLimitOf, ratioToFloor } from "./ratios";

const run = (p95: number, p50 = p95 / 2): Stats => ({ p50_ms: p50, p95_ms: p95, p99_ms: p95 + 10, rps: 50, requests: 500, errors: 0 });

describe("bench ratios", () => {
  test("the median run is the one with the middle p95, whole, with every p95 and their spread", () => {
    const m = medianRun([run(120, 70), run(90, 40), run(150, 80)]);
    expect(m).toMatchObject({ p95_ms: 120, p50_ms: 70, runs_p95_ms: [120, 90, 150], spread_p95_ms: 60 });
    expect(medianRun([run(10)])).toMatchObject({ p95_ms: 10, spread_p95_ms: 0 });
    // An even count takes the lower middle.
    expect(medianRun([run(40), run(10), run(30), run(20)]).p95_ms).toBe(20);
    expect(() => medianRun([])).toThrow();
  });

  test("ratio to the floor, one decimal; none without a floor", () => {
    expect(ratioToFloor(186, 30)).toBe(6.2);
    expect(ratioToFloor(90, 30)).toBe(3);
    expect(ratioToFloor(90, null)).toBeNull();
    expect(ratioToFloor(90, 0)).toBeNull();
    expect(ratioToFloor(NaN, 10)).toBeNull();
  });

  test("pages may take 3× their floor, writes 2×; exactly at the limit passes", () => {
    expect(ratioLimitOf("agenda")).toBe(3);
    expect(ratioLimitOf("booking")).toBe(2);
    expect(ratioLimitOf("move")).toBe(2);
    const out = misses([
      { name: "agenda", ratio_to_floor: 6.2 }, { name: "dashboard", ratio_to_floor: 3 }, { name: "booking", ratio_to_floor: 2.1 },
      { name: "move", ratio_to_floor: 1.9 }, { name: "csv", ratio_to_floor: null },
    ]);
    expect(out).toEqual([{ name: "agenda", ratio: 6.2, limit: 3 }, { name: "booking", ratio: 2.1, limit: 2 }]);
  });
});

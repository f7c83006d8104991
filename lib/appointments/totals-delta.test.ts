import { describe, expect, it } from "vitest";
import { adjustCounts, adjustSummary } from "./totals-delta";

const summary = { month: "2026-11", total: 10, confirmed: 4, pending: 5, cancelled: 1 };

describe("the agenda's totals after the tab's own write", () => {
  it("a booking adds to its day and to the month's pending", () => {
    expect(adjustCounts({ "2026-11-26": 2 }, null, { date: "2026-11-27", statusId: 1 })).toEqual({ "2026-11-26": 2, "2026-11-27": 1 });
    expect(adjustSummary(summary, null, { date: "2026-11-27", statusId: 1 })).toEqual({ ...summary, total: 11, pending: 6 });
  });
  it("a move to another month leaves the month's cards, a status change moves between them", () => {
    const moved = { date: "2026-12-01", statusId: 2 };
    expect(adjustCounts({ "2026-11-26": 2 }, { date: "2026-11-26", statusId: 2 }, moved)).toEqual({ "2026-11-26": 1, "2026-12-01": 1 });
    expect(adjustSummary(summary, { date: "2026-11-26", statusId: 2 }, moved)).toEqual({ ...summary, total: 9, confirmed: 3 });
    expect(adjustSummary(summary, { date: "2026-11-26", statusId: 1 }, { date: "2026-11-26", statusId: 3 })).toEqual({ ...summary, pending: 4, cancelled: 2 });
    expect(adjustCounts({ "2026-11-26": 2 }, { date: "2026-11-26", statusId: 1 }, { date: "2026-11-26", statusId: 3 })).toEqual({ "2026-11-26": 2 });
  });
  it("a deletion takes one away, never below zero", () => {
    expect(adjustCounts({ "2026-11-26": 0 }, { date: "2026-11-26", statusId: 4 }, null)).toEqual({ "2026-11-26": 0 });
    expect(adjustSummary(summary, { date: "2026-11-26", statusId: 4 }, null)).toEqual({ ...summary, total: 9 });
  });
});

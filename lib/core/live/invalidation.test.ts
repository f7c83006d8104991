import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "@/lib/core/realtime/events";
import { invalidates, INVALIDATION } from "./invalidation";
import { liveKey, liveUrl } from "./keys";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const change = (table: string, more: Partial<ChangeEvent> = {}): ChangeEvent => ({ table, op: "UPDATE", id: null, businessId: A, seq: 1, days: null, ...more });

describe("the table-to-reads map", () => {
  it("an appointment's change reads again only the days it touches", () => {
    const moved = change("appointments", { days: ["2026-12-01", "2026-12-05"] });
    expect(invalidates(moved, liveKey(A, "agenda.day", { date: "2026-12-01" }))).toBe(true);
    expect(invalidates(moved, liveKey(A, "agenda.day", { date: "2026-12-05", first: "1" }))).toBe(true);
    expect(invalidates(moved, liveKey(A, "agenda.day", { date: "2026-12-02" }))).toBe(false);
    expect(invalidates(moved, liveKey(A, "allocation.day", { date: "2026-12-03" }))).toBe(false);
    expect(invalidates(moved, liveKey(A, "agenda.days", { from: "2026-12-02", to: "2026-12-04" }))).toBe(false);
    expect(invalidates(moved, liveKey(A, "agenda.days", { from: "2026-12-04", to: "2026-12-31" }))).toBe(true);
    expect(invalidates(moved, liveKey(A, "agenda.summary", { today: "2026-11-26" }))).toBe(true);
    expect(invalidates(moved, liveKey(A, "dashboard"))).toBe(true);
  });

  it("another business's change reads nothing", () => {
    for (const read of Object.keys(INVALIDATION) as (keyof typeof INVALIDATION)[]) {
      expect(invalidates(change("appointments", { businessId: B, days: ["2026-12-01"] }), liveKey(A, read, { date: "2026-12-01", from: "2026-12-01", to: "2026-12-01" }))).toBe(false);
    }
  });

  it("a change without days (the hours, a client's name) reads every shown day that names it", () => {
    expect(invalidates(change("business_holidays"), liveKey(A, "agenda.days", { from: "2026-12-01", to: "2026-12-31" }))).toBe(true);
    expect(invalidates(change("business_holidays"), liveKey(A, "allocation.day", { date: "2026-12-01" }))).toBe(true);
    expect(invalidates(change("business_holidays"), liveKey(A, "agenda.day", { date: "2026-12-01" }))).toBe(false);
    expect(invalidates(change("clients"), liveKey(A, "agenda.day", { date: "2026-12-01" }))).toBe(true);
    expect(invalidates(change("clients", { op: "INSERT" }), liveKey(A, "agenda.day", { date: "2026-12-01" }))).toBe(false);
    expect(invalidates(change("clients", { op: "INSERT" }), liveKey(A, "dashboard"))).toBe(true);
    expect(invalidates(change("clients"), liveKey(A, "business-hours"))).toBe(false);
    expect(invalidates(change("conversations"), liveKey(A, "conversations", { q: "", filter: "all", page: "1" }))).toBe(true);
    expect(invalidates(change("appointments", { days: ["2026-12-01"] }), liveKey(A, "agenda.appointment", { id: A }))).toBe(false);
  });

  it("a key is its GET: the business and the parameters in the query", () => {
    expect(liveUrl(liveKey(A, "agenda.day", { date: "2026-12-01", first: "1" }))).toBe(`/api/live/agenda.day?businessId=${A}&date=2026-12-01&first=1`);
  });
});

import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "@/lib/core/realtime/events";
import { invalidates, type LiveRules } from "./invalidation";
import { liveKey, liveUrl, type LiveKey } from "./keys";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const change = (table: string, more: Partial<ChangeEvent> = {}): ChangeEvent => ({ table, op: "UPDATE", id: null, businessId: A, seq: 1, days: null, ...more });
/** Rules as reads declare them (the real ones, derived from the features, are checked in tests/integration/live-reads.int.test.ts). */
const rules: LiveRules = {
  day: { tables: ["appointments", "clients"], days: "date", notInserts: ["clients"] },
  span: { tables: ["appointments", "business_hours"], days: "from-to" },
  all: { tables: ["appointments"] },
};
// Reads of the rules above, not of the app: the key's read name is only a string here.
const key = (read: string, params: Record<string, string> = {}, business = A) => liveKey(business, read as never, params) as LiveKey;

describe("matching a change against the reads' rules", () => {
  it("a change that names its days reads again only the reads that show one of them", () => {
    const moved = change("appointments", { days: ["2026-12-01", "2026-12-05"] });
    expect(invalidates(moved, key("day", { date: "2026-12-01" }), rules)).toBe(true);
    expect(invalidates(moved, key("day", { date: "2026-12-05", first: "1" }), rules)).toBe(true);
    expect(invalidates(moved, key("day", { date: "2026-12-02" }), rules)).toBe(false);
    expect(invalidates(moved, key("span", { from: "2026-12-02", to: "2026-12-04" }), rules)).toBe(false);
    expect(invalidates(moved, key("span", { from: "2026-12-04", to: "2026-12-31" }), rules)).toBe(true);
    expect(invalidates(moved, key("all", { today: "2026-11-26" }), rules)).toBe(true);
  });

  it("a change without days reads every read of its table; new rows of a `notInserts` table read nothing", () => {
    expect(invalidates(change("business_hours"), key("span", { from: "2026-12-01", to: "2026-12-31" }), rules)).toBe(true);
    expect(invalidates(change("business_hours"), key("day", { date: "2026-12-01" }), rules)).toBe(false);
    expect(invalidates(change("clients"), key("day", { date: "2026-12-01" }), rules)).toBe(true);
    expect(invalidates(change("clients", { op: "INSERT" }), key("day", { date: "2026-12-01" }), rules)).toBe(false);
  });

  it("another business's change, a read with no rule (a read once) and a name off the object read nothing", () => {
    for (const read of Object.keys(rules)) {
      expect(invalidates(change("appointments", { businessId: B, days: ["2026-12-01"] }), key(read, { date: "2026-12-01", from: "2026-12-01", to: "2026-12-01" }), rules)).toBe(false);
    }
    expect(invalidates(change("appointments"), key("once", { id: A }), rules)).toBe(false);
    expect(invalidates(change("appointments"), key("toString"), rules)).toBe(false);
  });

  it("a key is its GET: the business and the parameters in the query", () => {
    expect(liveUrl(key("day", { date: "2026-12-01", first: "1" }))).toBe(`/api/live/day?businessId=${A}&date=2026-12-01&first=1`);
  });
});

import { describe, expect, it } from "vitest";
import { auditFilterParams, auditFiltersFrom, auditNavFrom, formatCursor, NO_AUDIT_FILTERS, parseCursor } from "./schemas";

const ID = "0b6f7c1e-2f4a-4a8e-9c2d-1f2e3d4c5b6a";

describe("auditFiltersFrom", () => {
  it("reads every filter and round-trips through auditFilterParams", () => {
    const sp = { q: "  Ana ", action: "UPDATE", entity: "client", user: ID.toUpperCase(), from: "2026-03-01", to: "2026-03-31" };
    const f = auditFiltersFrom(sp);
    expect(f).toEqual({ q: "Ana", action: "UPDATE", entity: "client", userId: ID, from: "2026-03-01", to: "2026-03-31" });
    expect(auditFiltersFrom(auditFilterParams(f))).toEqual(f);
  });
  it("ignores what is not a filter value", () => {
    expect(auditFiltersFrom({ action: "DROP", entity: "users", user: "1 or 1=1", from: "2026-02-30", to: "amanhã" })).toEqual(NO_AUDIT_FILTERS);
    expect(auditFiltersFrom({ action: ["CREATE", "DELETE"] })).toMatchObject({ action: "CREATE" });
    // A NUL (PostgreSQL text cannot hold one) is dropped; a date past 2999 is no filter (its next day has five digits).
    expect(auditFiltersFrom({ q: "Ana\u0000", from: "1999-01-01", to: "9999-12-31" })).toMatchObject({ q: "Ana", from: "1999-01-01", to: null });
  });
  it("puts a reversed period right", () => {
    expect(auditFiltersFrom({ from: "2026-05-10", to: "2026-05-01" })).toMatchObject({ from: "2026-05-01", to: "2026-05-10" });
  });
  it("no filters → no parameters", () => expect(auditFilterParams(NO_AUDIT_FILTERS)).toEqual({}));
});

describe("cursors", () => {
  it("round-trip, and malformed ones are ignored", () => {
    const c = { ts: "2026-05-01T12:34:56.123456Z", id: ID };
    expect(parseCursor(formatCursor(c))).toEqual(c);
    expect(parseCursor("2026-05-01T12:34:56.123Z_" + ID)).toBeNull();
    expect(parseCursor("x")).toBeNull();
    expect(auditNavFrom({ after: formatCursor(c) })).toEqual({ after: c });
    expect(auditNavFrom({ before: formatCursor(c) })).toEqual({ before: c });
    expect(auditNavFrom({ after: "lixo" })).toEqual({});
  });
});

import { describe, expect, test } from "vitest";
import { STATUS } from "@/lib/appointments/status";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { linkState } from "./state";

const start = businessDateTimeToInstant("2026-12-10", "10:00");
const link = (over: Partial<Parameters<typeof linkState>[0]> = {}) => ({
  purpose: "confirm" as const, expiresAt: start, usedAt: null, statusId: STATUS.pendente, date: "2026-12-10", time: "10:00",
  business: { cancelDeadlineHours: 2 }, ...over,
});
const at = (iso: string) => new Date(iso);

describe("linkState", () => {
  test("a fresh link acts until the start", () => {
    expect(linkState(link(), at("2026-12-10T13:59:00Z"))).toBe("ready");
    expect(linkState(link(), at("2026-12-10T14:00:00Z"))).toBe("invalid");
  });
  test("once only, and only for an active appointment", () => {
    expect(linkState(link({ usedAt: at("2026-12-09T00:00:00Z") }), at("2026-12-09T10:00:00Z"))).toBe("used");
    expect(linkState(link({ statusId: STATUS.cancelado }), at("2026-12-09T10:00:00Z"))).toBe("not-active");
    expect(linkState(link({ statusId: STATUS.concluido }), at("2026-12-09T10:00:00Z"))).toBe("not-active");
  });
  test("'Preciso cancelar' keeps the minimum notice; after it, the page says to call", () => {
    const cancel = link({ purpose: "cancel" });
    expect(linkState(cancel, at("2026-12-10T12:00:00Z"))).toBe("ready");
    expect(linkState(cancel, at("2026-12-10T12:00:01Z"))).toBe("too-late");
    // Confirming has no such limit.
    expect(linkState(link(), at("2026-12-10T13:00:00Z"))).toBe("ready");
  });
});

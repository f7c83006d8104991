import { describe, expect, it } from "vitest";
import { timeOffSpanText } from "./time-off-text";

describe("timeOffSpanText", () => {
  it("a day, several days, some hours of a day, hours across days", () => {
    expect(timeOffSpanText({ startDate: "2026-12-08", endDate: "2026-12-08", startTime: null, endTime: null })).toBe("08/12/2026");
    expect(timeOffSpanText({ startDate: "2026-12-08", endDate: "2026-12-12", startTime: null, endTime: null })).toBe("08/12/2026 a 12/12/2026");
    expect(timeOffSpanText({ startDate: "2026-12-08", endDate: "2026-12-08", startTime: "14:00", endTime: "18:00" })).toBe("08/12/2026, 14:00 às 18:00");
    expect(timeOffSpanText({ startDate: "2026-12-08", endDate: "2026-12-09", startTime: "14:00", endTime: "12:00" })).toBe("08/12/2026 14:00 a 09/12/2026 12:00");
  });
});

import { describe, expect, test } from "vitest";
import type { WorkingDay } from "./availability";
import type { BusinessDay } from "./business-day";
import { availableMinutes, averageServiceValue, bookedMinutes, occupancyPercent, revenueOf } from "./metrics";

const M = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const open = (from?: string, to?: string): BusinessDay => ({ open: true, window: from && to ? { start: M(from), end: M(to) } : null, holiday: null });
const working = (from: string, to: string, breaks: [string, string][] = []): WorkingDay => ({
  isWorking: true, start: M(from), end: M(to), breaks: breaks.map(([s, e]) => ({ start: M(s), end: M(e) })),
});

describe("revenue", () => {
  test("sums the price of every service of confirmed and concluded appointments only", () => {
    expect(
      revenueOf([
        { statusId: 2, price: "90.00", durationMinutes: 60 },
        { statusId: 2, price: "35.50", durationMinutes: 30 },
        { statusId: 1, price: "100.00", durationMinutes: 60 },
        { statusId: 3, price: "100.00", durationMinutes: 60 },
        { statusId: 4, price: "100.00", durationMinutes: 60 },
        { statusId: 5, price: "100.00", durationMinutes: 60 },
      ]),
    ).toBe(225.5);
  });
  test("a service without a professional or price adds nothing", () => {
    expect(revenueOf([{ statusId: 2, price: null, durationMinutes: 60 }, { statusId: 2, price: "", durationMinutes: 60 }])).toBe(0);
    expect(revenueOf([])).toBe(0);
  });
  test("cents stay exact", () => {
    expect(revenueOf([{ statusId: 2, price: "0.10", durationMinutes: null }, { statusId: 2, price: 0.2, durationMinutes: null }])).toBe(0.3);
  });
});

describe("average service value", () => {
  test("the mean of the prices that are set, to the cent", () => {
    expect(averageServiceValue(["90.00", "45.00", null, "60.00"])).toBe(65);
    expect(averageServiceValue(["10.00", "10.00", "10.01"])).toBe(10);
    expect(averageServiceValue(["10", "10.05"])).toBe(10.03);
  });
  test("null when no price is set", () => {
    expect(averageServiceValue([])).toBeNull();
    expect(averageServiceValue([null, null])).toBeNull();
  });
  test("a price of zero counts", () => {
    expect(averageServiceValue(["0", "50"])).toBe(25);
  });
});

describe("occupancy", () => {
  test("booked minutes: confirmed services, 60 for a service without a duration", () => {
    expect(
      bookedMinutes([
        { statusId: 2, price: null, durationMinutes: 30 },
        { statusId: 2, price: null, durationMinutes: null },
        { statusId: 1, price: null, durationMinutes: 45 },
        { statusId: 3, price: null, durationMinutes: 45 },
      ]),
    ).toBe(90);
  });
  test("available minutes: working hours inside the business hours, less breaks", () => {
    expect(availableMinutes(working("09:00", "18:00", [["12:00", "13:00"]]), open("08:00", "19:00"))).toBe(480);
    expect(availableMinutes(working("09:00", "18:00"), open("10:00", "16:00"))).toBe(360);
    expect(availableMinutes(working("09:00", "18:00", [["12:00", "13:00"], ["12:30", "13:30"]]), open())).toBe(450);
    expect(availableMinutes(working("09:00", "18:00", [["07:00", "09:30"], ["17:45", "19:00"]]), open())).toBe(495);
  });
  test("nothing on a day off, a closed day or a holiday, or when the hours don't meet", () => {
    expect(availableMinutes({ isWorking: false, start: M("09:00"), end: M("18:00"), breaks: [] }, open())).toBe(0);
    expect(availableMinutes(working("09:00", "18:00"), { open: false, reason: "closed", holiday: null })).toBe(0);
    expect(availableMinutes(working("09:00", "18:00"), { open: false, reason: "holiday", holiday: "Natal" })).toBe(0);
    expect(availableMinutes(working("14:00", "18:00"), open("08:00", "12:00"))).toBe(0);
  });
  test("percent: rounded, capped at 100, 0 without capacity", () => {
    expect(occupancyPercent(90, 480)).toBe(19); // 18.75
    expect(occupancyPercent(3, 600)).toBe(1); // 0.5
    expect(occupancyPercent(1, 600)).toBe(0);
    expect(occupancyPercent(600, 480)).toBe(100);
    expect(occupancyPercent(60, 0)).toBe(0);
    expect(occupancyPercent(0, 480)).toBe(0);
  });
});

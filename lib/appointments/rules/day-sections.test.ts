import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/core/time/business-date";
import { sectionDates, appointmentCountText, CARDS_PER_LOAD, dayHeading, dayHoursNote, daysToLoad, dayStartsCapped, MAX_LOAD_DAYS } from "./day-sections";

describe("agenda days", () => {
  const today = "2026-11-22";
  it("today and the next 6 days always, later days only with appointments, sorted", () => {
    expect(sectionDates(today, today, "2026-12-22", ["2026-12-01", "2026-11-24", "2026-12-01"])).toEqual([
      "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-12-01",
    ]);
  });
  it("earlier days only with appointments, and the range bounds hold", () => {
    expect(sectionDates(today, "2026-11-01", "2026-11-21", ["2026-11-03", "2026-10-30", "2026-11-20"])).toEqual(["2026-11-03", "2026-11-20"]);
    expect(sectionDates(today, "2026-11-25", "2026-11-26", [])).toEqual(["2026-11-25", "2026-11-26"]);
  });
  it("across a month and a year", () => {
    expect(sectionDates("2026-12-29", "2026-12-29", "2027-01-04", [])).toEqual([
      "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03", "2027-01-04",
    ]);
  });
  it("a busy day read after the page starts with its first cards; one that came whole stays whole", () => {
    expect(dayStartsCapped({ partial: true, cameWithPage: true, count: CARDS_PER_LOAD + 1 })).toBe(true);
    expect(dayStartsCapped({ partial: false, cameWithPage: true, count: 300 })).toBe(false);
    expect(dayStartsCapped({ partial: false, cameWithPage: false, count: CARDS_PER_LOAD + 1 })).toBe(true);
    expect(dayStartsCapped({ partial: false, cameWithPage: false, count: CARDS_PER_LOAD })).toBe(false);
    expect(dayStartsCapped({ partial: false, cameWithPage: false, count: 0 })).toBe(false);
  });
  it("headings", () => {
    expect(dayHeading(today, today)).toBe("Hoje");
    expect(dayHeading("2026-11-23", today)).toBe("Amanhã");
    expect(dayHeading("2026-11-24", today)).toBe("terça-feira, 24 de novembro de 2026");
    expect(dayHeading("2026-11-21", today)).toBe("sábado, 21 de novembro de 2026");
  });
  it("counts", () => {
    expect(appointmentCountText(1)).toBe("1 agendamento");
    expect(appointmentCountText(0)).toBe("0 agendamentos");
    expect(appointmentCountText(12)).toBe("12 agendamentos");
  });
});

describe("daysToLoad", () => {
  const week = ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"];
  it("a salon's quiet days come together", () => {
    expect(daysToLoad(week, { "2026-11-22": 6, "2026-11-23": 7, "2026-11-24": 5 })).toEqual(week);
  });
  it("a busy day comes alone, even past the limit", () => {
    expect(daysToLoad(week, { "2026-11-22": 274, "2026-11-23": 270 })).toEqual(["2026-11-22"]);
  });
  it("days are added while the cards stay within the limit", () => {
    expect(daysToLoad(week, { "2026-11-22": 30, "2026-11-23": 30, "2026-11-24": 1 }, 60)).toEqual(["2026-11-22", "2026-11-23"]);
  });
  it("a day picked far ahead is not loaded with the window's days (the range action refuses over MAX_LOAD_DAYS)", () => {
    expect(daysToLoad(["2026-12-20", "2026-12-21", "2031-03-10", "2031-03-11"], {})).toEqual(["2026-12-20", "2026-12-21"]);
    expect(daysToLoad(["2026-11-22", addDays("2026-11-22", MAX_LOAD_DAYS), addDays("2026-11-22", MAX_LOAD_DAYS + 1)], {})).toEqual(["2026-11-22", addDays("2026-11-22", MAX_LOAD_DAYS)]);
  });
  it("nothing to load, nothing returned", () => expect(daysToLoad([], {})).toEqual([]));
});

describe("dayHoursNote: the day section's holiday and hours", () => {
  it("a holiday: its name, then 'fechado' or its hours", () => {
    expect(dayHoursNote({ open: false, reason: "holiday", holiday: "Natal" })).toEqual({ text: "Natal · fechado", closed: true });
    expect(dayHoursNote({ open: true, window: { start: 540, end: 720 }, holiday: "Aniversário do salão" })).toEqual({ text: "Aniversário do salão · 09:00–12:00", closed: false });
    expect(dayHoursNote({ open: true, window: null, holiday: "Natal" })).toEqual({ text: "Natal · aberto", closed: false });
  });
  it("a weekday the business closes: 'Fechado'; an ordinary open day: nothing", () => {
    expect(dayHoursNote({ open: false, reason: "closed", holiday: null })).toEqual({ text: "Fechado", closed: true });
    expect(dayHoursNote({ open: true, window: { start: 480, end: 1140 }, holiday: null })).toBeNull();
  });
});

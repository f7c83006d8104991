import { describe, expect, it } from "vitest";
import { businessDay, type BusinessCalendar } from "./business-day";
import { hoursMark, newlyOutside } from "./hours-impact";

const week: BusinessCalendar["hours"] = [
  { dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null },
  ...[1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })),
];
const cal = (over: Partial<BusinessCalendar> = {}): BusinessCalendar => ({ hours: week, holidays: [], worksOnHolidays: false, ...over });

// 2026-12-08 is a Tuesday; 2026-12-06 a Sunday.
const TUESDAY = "2026-12-08";
const booked = (time: string, minutes: (number | null)[] = [60], over: Partial<{ statusId: number; outsideHours: boolean; date: string }> = {}) => ({
  id: `${over.date ?? TUESDAY} ${time}`, date: TUESDAY, time, statusId: 1, outsideHours: false, lines: minutes.map((durationMinutes) => ({ durationMinutes })), ...over,
});
const holiday = (isWorking: boolean, openTime: string | null = null, closeTime: string | null = null) => ({
  holidayDate: TUESDAY, holidayName: "Aniversário do salão", isWorking, openTime, closeTime,
});

describe("hoursMark: the agenda card's mark", () => {
  const today = "2026-12-01";
  const tuesday = businessDay(TUESDAY, cal());
  it("'encaixe' for one booked outside the hours on purpose, whatever the day says", () => {
    expect(hoursMark(booked("23:30", [], { outsideHours: true }), tuesday, today)).toBe("encaixe");
    expect(hoursMark(booked("10:00", [], { outsideHours: true }), tuesday, today)).toBe("encaixe");
  });
  it("'outside' for a live one the hours don't cover; none inside them", () => {
    expect(hoursMark(booked("18:30", [60]), tuesday, today)).toBe("outside");
    expect(hoursMark(booked("18:00", [60]), tuesday, today)).toBeNull();
    const closed = businessDay(TUESDAY, cal({ holidays: [holiday(false)] }));
    expect(hoursMark(booked("10:00"), closed, today)).toBe("outside");
  });
  it("none for a cancelled one or a past day", () => {
    expect(hoursMark(booked("18:30", [60], { statusId: 3 }), tuesday, today)).toBeNull();
    expect(hoursMark(booked("18:30", [60]), tuesday, "2026-12-09")).toBeNull();
    expect(hoursMark(booked("18:30", [60]), tuesday, TUESDAY)).toBe("outside");
  });
});

describe("newlyOutside: what a new holiday or shorter hours leave outside", () => {
  // The case: seven bookings 10:30–16:30 on 08/12 under a 09:00–12:00 holiday.
  const seven = ["10:30", "11:00", "12:00", "13:00", "14:30", "15:30", "16:30"].map((t) => booked(t, [30]));
  it("a holiday open 09:00–12:00: every booking that ends after noon", () => {
    const out = newlyOutside(seven, cal(), cal({ holidays: [holiday(true, "09:00", "12:00")] }));
    expect(out.map((a) => a.time)).toEqual(["12:00", "13:00", "14:30", "15:30", "16:30"]);
    expect(newlyOutside([booked("11:30", [30]), booked("11:30", [31])], cal(), cal({ holidays: [holiday(true, "09:00", "12:00")] })).map((a) => a.lines[0].durationMinutes)).toEqual([31]);
  });
  it("a closed holiday: all of them; a holiday on another date: none", () => {
    expect(newlyOutside(seven, cal(), cal({ holidays: [holiday(false)] }))).toHaveLength(7);
    expect(newlyOutside(seven, cal(), cal({ holidays: [{ ...holiday(false), holidayDate: "2026-12-09" }] }))).toEqual([]);
  });
  it("shorter weekly hours: those the new window leaves out, on that weekday only", () => {
    const shorter = cal({ hours: week.map((h) => (h.dayOfWeek === 2 ? { ...h, closeTime: "15:00" } : h)) });
    expect(newlyOutside(seven, cal(), shorter).map((a) => a.time)).toEqual(["15:30", "16:30"]);
    const wednesday = seven.map((a) => ({ ...a, date: "2026-12-09" }));
    expect(newlyOutside(wednesday, cal(), shorter)).toEqual([]);
    const closedTuesday = cal({ hours: week.map((h) => (h.dayOfWeek === 2 ? { ...h, isOpen: false, openTime: null, closeTime: null } : h)) });
    expect(newlyOutside(seven, cal(), closedTuesday)).toHaveLength(7);
    // Hours saved for the first time: the days before had no limits.
    expect(newlyOutside([booked("20:00")], cal({ hours: [] }), cal()).map((a) => a.time)).toEqual(["20:00"]);
  });
  it("leaves out what was outside already, the 'Encaixe' ones and the cancelled ones", () => {
    const list = [booked("18:30"), booked("16:30", [30], { outsideHours: true }), booked("16:30", [30], { statusId: 3 }), booked("16:30", [30])];
    const shorter = cal({ hours: week.map((h) => (h.dayOfWeek === 2 ? { ...h, closeTime: "15:00" } : h)) });
    expect(newlyOutside(list, cal(), shorter)).toEqual([list[3]]);
  });
  it("a national holiday stays closed whatever the week says (unless the business works on holidays)", () => {
    const christmas = [booked("10:00", [60], { date: "2026-12-25" })];
    const shorter = cal({ hours: week.map((h) => ({ ...h, closeTime: h.isOpen ? "09:00" : null })) });
    expect(newlyOutside(christmas, cal(), shorter)).toEqual([]);
    expect(newlyOutside(christmas, cal({ worksOnHolidays: true }), { ...shorter, worksOnHolidays: true })).toHaveLength(1);
  });
});

import { describe, expect, test } from "vitest";
import { buildDayContext, type ProfessionalDayRow } from "@/lib/appointments/day-builder";
import type { BusinessCalendar, BusinessHoursRow, HolidayRow } from "@/lib/appointments/rules/business-day";
import { ANY_PROFESSIONAL, bookableDates, closedDates, freeStartTimes, freeStartTimesKept, pastCutoff, professionalAt, withinWindow, type SlotRequest } from "./slots";

// 2026-05-04 is a Monday; 2026-05-01 (Friday) is Dia do Trabalho; 2026-05-03 a Sunday.
const MONDAY = "2026-05-04";

/** Mon–Fri 09:00–18:00, Saturday 09:00–13:00, Sunday closed: a salon's week as saved on /business-hours. */
const WEEK: BusinessHoursRow[] = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
  dayOfWeek: d,
  isOpen: d !== 0,
  openTime: d === 0 ? null : "09:00:00",
  closeTime: d === 0 ? null : d === 6 ? "13:00:00" : "18:00:00",
}));

const calendar = (over: Partial<BusinessCalendar> = {}): BusinessCalendar => ({ hours: WEEK, holidays: [], worksOnHolidays: false, ...over });

const CUT = { id: "svc-cut", durationMinutes: 60 };
const BEARD = { id: "svc-beard", durationMinutes: 30 };
const BRUSH = { id: "svc-brush", durationMinutes: 45 };
const HYDRATION = { id: "svc-hydration", durationMinutes: null };

function pro(name: string, over: Partial<ProfessionalDayRow> = {}): ProfessionalDayRow {
  return {
    id: `pro-${name}`,
    name,
    active: true,
    offers: [[CUT.id, "50.00"], [BEARD.id, "30.00"], [BRUSH.id, null], [HYDRATION.id, "80.00"]],
    schedule: null,
    breaks: null,
    busy: null,
    ...over,
  };
}

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const req = (services: SlotRequest["services"], professional = ANY_PROFESSIONAL): SlotRequest => ({ services, professional });
/** "09:00".."11:00" every 15 minutes. */
function quarterHours(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = at(from); m <= at(to); m += 15) out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  return out;
}

describe("schedules and breaks", () => {
  test("a professional on the default week: the business hours, lunch 12:00–13:00 left out", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana")]);
    expect(freeStartTimes(day, req([CUT]))).toEqual([...quarterHours("09:00", "11:00"), ...quarterHours("13:00", "17:00")]);
  });

  test("their own hours and their own breaks, never beyond the business hours", () => {
    const day = buildDayContext(MONDAY, calendar(), [
      pro("Ana", {
        schedule: { isWorking: true, startTime: "08:00:00", endTime: "15:00:00" },
        breaks: [{ startTime: "10:30:00", endTime: "10:45:00", label: "Café" }],
      }),
    ]);
    // Business opens at 09:00 (their 08:00 doesn't count); the café break; no lunch (their own day keeps only their breaks).
    expect(freeStartTimes(day, req([BEARD], "pro-Ana"))).toEqual([...quarterHours("09:00", "10:00"), ...quarterHours("10:45", "14:30")]);
  });

  test("a day off of the professional has no times", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { schedule: { isWorking: false, startTime: null, endTime: null } })]);
    expect(freeStartTimes(day, req([CUT]))).toEqual([]);
  });

  test("booked blocks take their time; back-to-back fits", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { busy: [[at("14:00"), at("15:00")]] })]);
    const times = freeStartTimes(day, req([CUT]));
    expect(times).toContain("13:00");
    expect(times).not.toContain("13:15");
    expect(times).not.toContain("14:45");
    expect(times).toContain("15:00");
  });

  test("an inactive professional offers nothing", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { active: false })]);
    expect(freeStartTimes(day, req([CUT]))).toEqual([]);
    expect(freeStartTimes(day, req([CUT], "pro-Ana"))).toEqual([]);
  });
});

describe("holidays and closed days", () => {
  test("a weekly closing day (Sunday) has no times", () => {
    const day = buildDayContext("2026-05-03", calendar(), [pro("Ana", { schedule: { isWorking: true, startTime: "09:00", endTime: "18:00" } })]);
    expect(freeStartTimes(day, req([CUT]))).toEqual([]);
  });

  test("a national holiday is closed unless the business works on holidays", () => {
    const rows = [pro("Ana")];
    expect(freeStartTimes(buildDayContext("2026-05-01", calendar(), rows), req([CUT]))).toEqual([]);
    const open = freeStartTimes(buildDayContext("2026-05-01", calendar({ worksOnHolidays: true }), rows), req([CUT]));
    expect(open[0]).toBe("09:00");
  });

  test("the business's own holiday: closed, or open with its own hours", () => {
    const closed: HolidayRow = { holidayDate: MONDAY, holidayName: "Aniversário do salão", isWorking: false, openTime: null, closeTime: null };
    expect(freeStartTimes(buildDayContext(MONDAY, calendar({ holidays: [closed] }), [pro("Ana")]), req([CUT]))).toEqual([]);
    const short: HolidayRow = { ...closed, isWorking: true, openTime: "10:00:00", closeTime: "12:00:00" };
    expect(freeStartTimes(buildDayContext(MONDAY, calendar({ holidays: [short] }), [pro("Ana")]), req([CUT]))).toEqual(quarterHours("10:00", "11:00"));
  });

  test("closedDates lists the window's Sundays and holidays", () => {
    const own: HolidayRow = { holidayDate: "2026-05-06", holidayName: "Reforma", isWorking: false, openTime: null, closeTime: null };
    expect(closedDates(calendar({ holidays: [own] }), "2026-04-30", "2026-05-10")).toEqual(["2026-05-01", "2026-05-03", "2026-05-06", "2026-05-10"]);
    expect(closedDates(calendar({ worksOnHolidays: true }), "2026-04-30", "2026-05-02")).toEqual([]);
  });
});

describe("booking window and today's past times (server zone Asia/Tokyo, business zone America/Cuiaba)", () => {
  test("today to windowDays ahead, both ends included", () => {
    const w = bookableDates("2026-05-04", 30);
    expect(w).toEqual({ first: "2026-05-04", last: "2026-06-03" });
    expect(withinWindow("2026-05-03", w)).toBe(false);
    expect(withinWindow("2026-05-04", w)).toBe(true);
    expect(withinWindow("2026-06-03", w)).toBe(true);
    expect(withinWindow("2026-06-04", w)).toBe(false);
    expect(bookableDates("2026-12-31", 1)).toEqual({ first: "2026-12-31", last: "2027-01-01" });
  });

  test("the cutoff is now in Cuiabá: already tomorrow in Tokyo, still today in Cuiabá", () => {
    expect(process.env.TZ).toBe("Asia/Tokyo");
    // 23:40 UTC = 19:40 in Cuiabá (UTC−4) on May 4th = 08:40 of May 5th in Tokyo.
    const now = new Date("2026-05-04T23:40:00Z");
    expect(pastCutoff("2026-05-04", now)).toBe(at("19:40"));
    expect(pastCutoff("2026-05-05", now)).toBeNull();
    expect(pastCutoff("2026-05-03", now)).toBe(24 * 60);
  });

  test("times up to now are hidden today, the rest kept", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana")]);
    // 14:07 in Cuiabá.
    const after = pastCutoff(MONDAY, new Date("2026-05-04T18:07:00Z"));
    expect(freeStartTimes(day, req([CUT]), after)).toEqual(quarterHours("14:15", "17:00"));
    // Exactly on a quarter: that start is gone too.
    expect(freeStartTimes(day, req([CUT]), at("14:15"))[0]).toBe("14:30");
    expect(freeStartTimes(day, req([CUT]), 24 * 60)).toEqual([]);
  });
});

describe("multi-service durations", () => {
  test("the services back to back: 30 + 45 = 75 minutes must fit before lunch and before closing", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana")]);
    const times = freeStartTimes(day, req([BEARD, BRUSH]));
    expect(times).toEqual([...quarterHours("09:00", "10:45"), ...quarterHours("13:00", "16:45")]);
  });

  test("a service without a duration counts 60 minutes", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana")]);
    expect(freeStartTimes(day, req([HYDRATION, BEARD])).at(-1)).toBe("16:30");
  });

  test("a professional must offer every chosen service", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { offers: [[CUT.id, "50.00"]] })]);
    expect(freeStartTimes(day, req([CUT, BEARD], "pro-Ana"))).toEqual([]);
    expect(freeStartTimes(day, req([CUT, BEARD]))).toEqual([]);
    expect(freeStartTimes(day, req([]))).toEqual([]);
  });
});

describe("'Qualquer profissional'", () => {
  const rows = () => [
    pro("Bruno", { busy: [[at("09:00"), at("10:00")]] }),
    pro("Ana", { busy: [[at("09:00"), at("11:00")]] }),
    pro("Carla", { offers: [[CUT.id, "70.00"]], busy: null }),
  ].sort((a, b) => a.name.localeCompare(b.name));

  test("a time is free when any professional who offers every service is free", () => {
    const day = buildDayContext(MONDAY, calendar(), rows());
    // Carla (free) offers the cut only: the cut at 09:00 is free through her, cut + beard is not until 10:00 (Bruno).
    expect(freeStartTimes(day, req([CUT]))[0]).toBe("09:00");
    expect(freeStartTimes(day, req([CUT, BEARD]))[0]).toBe("10:00");
  });

  test("the professional picked is the first by name who is free; a chosen one is never swapped", () => {
    const day = buildDayContext(MONDAY, calendar(), rows());
    expect(professionalAt(day, req([CUT]), at("09:00"))).toBe("pro-Carla");
    expect(professionalAt(day, req([CUT]), at("10:00"))).toBe("pro-Bruno");
    expect(professionalAt(day, req([CUT]), at("11:00"))).toBe("pro-Ana");
    expect(professionalAt(day, req([CUT], "pro-Ana"), at("10:00"))).toBeNull();
    expect(professionalAt(day, req([CUT, BEARD]), at("09:00"))).toBeNull();
  });

  test("every time offered to 'Qualquer profissional' has a professional", () => {
    const day = buildDayContext(MONDAY, calendar(), rows());
    for (const t of freeStartTimes(day, req([CUT, BEARD]))) expect(professionalAt(day, req([CUT, BEARD]), at(t))).not.toBeNull();
  });
});

describe("'Reagendar' keeping each service's professional", () => {
  const line = (svc: { id: string; durationMinutes: number | null }, professionalId: string | null) => ({ serviceId: svc.id, durationMinutes: svc.durationMinutes, professionalId });

  test("each professional free for their own services, the whole visit inside the hours", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { busy: [[at("09:00"), at("10:00")]] }), pro("Bruno", { busy: [[at("10:00"), at("10:30")]] })]);
    // Ana's cut (60) and Bruno's beard (30) 'ao mesmo tempo': Ana from 10:00, Bruno not 09:45–10:15; the visit (until the cut ends, 60) ends by 18:00, lunch 12:00–13:00 for both.
    const times = freeStartTimesKept(day, [line(CUT, "pro-Ana"), line(BEARD, "pro-Bruno")]);
    expect(times[0]).toBe("10:30");
    expect(times).toContain("11:00");
    expect(times).not.toContain("11:15");
    expect(times.at(-1)).toBe("17:00");
    // 'Em seguida': the beard after the cut (Bruno 60–90 minutes in), the visit 90 minutes.
    const after = freeStartTimesKept(day, [line(CUT, "pro-Ana"), { ...line(BEARD, "pro-Bruno"), afterPrevious: true }]);
    expect(after[0]).toBe("10:00");
    expect(after.at(-1)).toBe("16:30");
  });

  test("one professional for all is the public page's rule", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { busy: [[at("14:00"), at("15:00")]] })]);
    const lines = [line(CUT, "pro-Ana"), line(BEARD, "pro-Ana")];
    expect(freeStartTimesKept(day, lines)).toEqual(freeStartTimes(day, req([CUT, BEARD], "pro-Ana")));
  });

  test("services of nobody: the hours alone; a professional who no longer offers theirs frees nothing", () => {
    const day = buildDayContext(MONDAY, calendar(), [pro("Ana", { offers: [[BEARD.id, null]] })]);
    expect(freeStartTimesKept(day, [line(CUT, null)])).toEqual(quarterHours("09:00", "17:00"));
    expect(freeStartTimesKept(day, [line(CUT, "pro-Ana")])).toEqual([]);
    expect(freeStartTimesKept(buildDayContext("2026-05-03", calendar(), []), [line(CUT, null)])).toEqual([]);
  });
});

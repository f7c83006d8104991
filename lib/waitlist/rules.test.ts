import { describe, expect, test } from "vitest";
import { buildDayContext, type ProfessionalDayRow } from "@/lib/appointments/day-builder";
import type { BusinessCalendar, BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { ANY_PROFESSIONAL, type SlotRequest } from "@/lib/online-booking/slots";
import { entryDatesProblem, firstFit, offerState, withHeld } from "./rules";

// 2026-05-04 is a Monday.
const MONDAY = "2026-05-04";
const WEEK: BusinessHoursRow[] = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
  dayOfWeek: d,
  isOpen: d !== 0,
  openTime: d === 0 ? null : "09:00:00",
  closeTime: d === 0 ? null : "18:00:00",
}));
const calendar = (over: Partial<BusinessCalendar> = {}): BusinessCalendar => ({ hours: WEEK, holidays: [], worksOnHolidays: false, ...over });
const CUT = { id: "svc-cut", durationMinutes: 60 };
const BEARD = { id: "svc-beard", durationMinutes: 30 };
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function pro(name: string, over: Partial<ProfessionalDayRow> = {}): ProfessionalDayRow {
  return { id: `pro-${name}`, name, active: true, offers: [[CUT.id, "50.00"], [BEARD.id, "30.00"]], schedule: null, breaks: null, busy: null, ...over };
}
/** A day where everyone is busy all day but for `free` ([start, end] "HH:MM"). */
function fullBut(free: [string, string] | null, names = ["Ana"], over: Partial<ProfessionalDayRow> = {}) {
  const busy: [number, number][] = free ? [[at("09:00"), at(free[0])], [at(free[1]), at("18:00")]] : [[at("09:00"), at("18:00")]];
  return buildDayContext(MONDAY, calendar(), names.map((n) => pro(n, { busy, ...over })));
}
const req = (services: SlotRequest["services"], professional = ANY_PROFESSIONAL): SlotRequest => ({ services, professional });
const ALL_DAY = { from: "00:00", until: "23:59" };

describe("firstFit: which freed time an entry is offered", () => {
  test("a full day offers nothing; a freed hour is offered at its start, with its professional and length", () => {
    expect(firstFit(fullBut(null), req([CUT]), ALL_DAY, null)).toBeNull();
    expect(firstFit(fullBut(["14:00", "15:00"]), req([CUT]), ALL_DAY, null)).toEqual({ time: "14:00", professionalId: "pro-Ana", minutes: 60 });
  });

  test("the services must fit the freed time: 30 minutes free fits a beard, not a cut", () => {
    const day = fullBut(["14:00", "14:30"]);
    expect(firstFit(day, req([CUT]), ALL_DAY, null)).toBeNull();
    expect(firstFit(day, req([BEARD]), ALL_DAY, null)?.time).toBe("14:00");
    // Two services back to back need their sum.
    expect(firstFit(fullBut(["14:00", "15:00"]), req([CUT, BEARD]), ALL_DAY, null)).toBeNull();
    expect(firstFit(fullBut(["14:00", "15:30"]), req([CUT, BEARD]), ALL_DAY, null)).toMatchObject({ time: "14:00", minutes: 90 });
  });

  test("the range of start times counts, both ends included", () => {
    const day = fullBut(["14:00", "16:00"]);
    expect(firstFit(day, req([CUT]), { from: "09:00", until: "13:45" }, null)).toBeNull();
    expect(firstFit(day, req([CUT]), { from: "14:30", until: "18:00" }, null)?.time).toBe("14:30");
    expect(firstFit(day, req([CUT]), { from: "08:00", until: "14:00" }, null)?.time).toBe("14:00");
    expect(firstFit(day, req([CUT]), { from: "15:15", until: "18:00" }, null)).toBeNull();
  });

  test("the chosen professional, or for 'Qualquer profissional' the first free by name", () => {
    const day = buildDayContext(MONDAY, calendar(), [
      pro("Ana", { busy: [[at("09:00"), at("18:00")]] }),
      pro("Bia", { busy: [[at("09:00"), at("14:00")], [at("15:00"), at("18:00")]] }),
    ]);
    expect(firstFit(day, req([CUT], "pro-Ana"), ALL_DAY, null)).toBeNull();
    expect(firstFit(day, req([CUT], "pro-Bia"), ALL_DAY, null)).toMatchObject({ time: "14:00", professionalId: "pro-Bia" });
    expect(firstFit(day, req([CUT]), ALL_DAY, null)).toMatchObject({ time: "14:00", professionalId: "pro-Bia" });
  });

  test("a professional who doesn't offer every service, or is inactive, never takes it", () => {
    const day = fullBut(["14:00", "15:00"], ["Ana"], { offers: [[BEARD.id, null]] });
    expect(firstFit(day, req([CUT]), ALL_DAY, null)).toBeNull();
    expect(firstFit(fullBut(["14:00", "15:00"], ["Ana"], { active: false }), req([CUT]), ALL_DAY, null)).toBeNull();
  });

  test("hours, holidays, breaks and time off count as the public page counts them", () => {
    // Freed from 17:30: a cut would end after the 18:00 closing.
    expect(firstFit(fullBut(["17:30", "18:00"]), req([CUT]), ALL_DAY, null)).toBeNull();
    const holiday = buildDayContext(MONDAY, calendar({ holidays: [{ holidayDate: MONDAY, holidayName: "Feriado", isWorking: false, openTime: null, closeTime: null }] }), [pro("Ana")]);
    expect(firstFit(holiday, req([CUT]), ALL_DAY, null)).toBeNull();
    const lunch = fullBut(["12:00", "13:00"], ["Ana"], { breaks: [{ startTime: "12:00:00", endTime: "13:00:00", label: "Almoço" }] });
    expect(firstFit(lunch, req([CUT]), ALL_DAY, null)).toBeNull();
    const off = buildDayContext(MONDAY, calendar(), [pro("Ana", { busy: [[at("09:00"), at("14:00")], [at("15:00"), at("18:00")]], time_off: [[at("14:00"), at("15:00")]] })]);
    expect(firstFit(off, req([CUT]), ALL_DAY, null)).toBeNull();
  });

  test("times up to now are gone on today; a time the entry let expire is not offered to it again", () => {
    const day = fullBut(["14:00", "16:00"]);
    expect(firstFit(day, req([CUT]), ALL_DAY, at("14:00"))?.time).toBe("14:15");
    expect(firstFit(day, req([CUT]), ALL_DAY, null, new Set(["14:00", "14:15"]))?.time).toBe("14:30");
  });

  test("a live offer holds its time: the next entry gets another time, or none", () => {
    const day = fullBut(["14:00", "15:00"]);
    const held = withHeld(day, [{ professionalId: "pro-Ana", start: at("14:00"), end: at("15:00") }]);
    expect(firstFit(held, req([CUT]), ALL_DAY, null)).toBeNull();
    expect(firstFit(withHeld(fullBut(["14:00", "16:00"]), [{ professionalId: "pro-Ana", start: at("14:00"), end: at("15:00") }]), req([CUT]), ALL_DAY, null)?.time).toBe("15:00");
    // Another professional's hold changes nothing.
    expect(firstFit(withHeld(day, [{ professionalId: "pro-Bia", start: at("14:00"), end: at("15:00") }]), req([CUT]), ALL_DAY, null)?.time).toBe("14:00");
  });
});

describe("offerState", () => {
  const now = new Date("2026-05-04T12:00:00Z");
  test("live until its expiry, then expired; claimed and superseded say so", () => {
    expect(offerState({ status: "offered", expiresAt: new Date("2026-05-04T12:00:01Z") }, now)).toBe("live");
    expect(offerState({ status: "offered", expiresAt: now }, now)).toBe("expired");
    expect(offerState({ status: "expired", expiresAt: new Date("2026-05-05T00:00:00Z") }, now)).toBe("expired");
    expect(offerState({ status: "claimed", expiresAt: new Date("2026-05-04T11:00:00Z") }, now)).toBe("claimed");
    expect(offerState({ status: "superseded", expiresAt: new Date("2026-05-05T00:00:00Z") }, now)).toBe("superseded");
  });
});

describe("entryDatesProblem", () => {
  test("no past date, none beyond the window", () => {
    expect(entryDatesProblem(["2026-05-04", "2026-05-06"], "2026-05-04", "2026-06-03")).toBeNull();
    expect(entryDatesProblem(["2026-05-03"], "2026-05-04", "2026-06-03")).toBe("past");
    expect(entryDatesProblem(["2026-06-04"], "2026-05-04", "2026-06-03")).toBe("outside");
  });
});

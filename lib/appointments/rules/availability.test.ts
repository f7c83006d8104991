import { describe, expect, it } from "vitest";
import {
  appointmentMinutes, appointmentSlot, assignProfessionals, lineOffsets, professionalSpans, serviceMinutes, totalMinutes, totalValue, type Line,
} from "./appointment-lines";
import { hoursProblem, hoursProblemText, liftHours, unavailability, type ProfessionalDay } from "./availability";
import { businessDay, type BusinessCalendar } from "./business-day";

const M = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const slot = (start: string, minutes: number) => ({ start: M(start), end: M(start) + minutes });

const week: BusinessCalendar["hours"] = [
  { dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null },
  ...[1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })),
  { dayOfWeek: 6, isOpen: true, openTime: "09:00", closeTime: "13:00" },
];
const cal = (over: Partial<BusinessCalendar> = {}): BusinessCalendar => ({ hours: week, holidays: [], worksOnHolidays: false, ...over });

const juliana: ProfessionalDay = {
  id: "juliana",
  active: true,
  day: { isWorking: true, start: M("09:00"), end: M("18:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] },
  busy: [{ start: M("15:00"), end: M("16:00") }],
};

// 2026-11-23 is a Monday; 2026-11-22 a Sunday; 2026-11-28 a Saturday; 2026-11-20 a national holiday (Friday).
describe("businessDay", () => {
  it("weekly hours", () => {
    expect(businessDay("2026-11-23", cal())).toEqual({ open: true, window: { start: M("08:00"), end: M("19:00") }, holiday: null });
    expect(businessDay("2026-11-22", cal())).toEqual({ open: false, reason: "closed", holiday: null });
    expect(businessDay("2026-11-28", cal())).toMatchObject({ open: true, window: { start: M("09:00"), end: M("13:00") } });
  });
  it("a weekday without a record is open without limits", () => {
    expect(businessDay("2026-11-23", cal({ hours: [] }))).toEqual({ open: true, window: null, holiday: null });
  });
  it("national holidays close unless the business works on holidays", () => {
    expect(businessDay("2026-11-20", cal())).toEqual({ open: false, reason: "holiday", holiday: "Dia Nacional de Zumbi e da Consciência Negra" });
    expect(businessDay("2026-11-20", cal({ worksOnHolidays: true }))).toMatchObject({ open: true, window: { start: M("08:00"), end: M("19:00") } });
  });
  it("a specific holiday wins: closed, or open with its own hours (or the weekly ones)", () => {
    const closed = { holidayDate: "2026-11-24", holidayName: "Aniversário do salão", isWorking: false, openTime: null, closeTime: null };
    expect(businessDay("2026-11-24", cal({ holidays: [closed], worksOnHolidays: true }))).toEqual({ open: false, reason: "holiday", holiday: "Aniversário do salão" });
    const short = { holidayDate: "2026-11-20", holidayName: "Consciência Negra", isWorking: true, openTime: "10:00", closeTime: "14:00" };
    expect(businessDay("2026-11-20", cal({ holidays: [short] }))).toEqual({ open: true, window: { start: M("10:00"), end: M("14:00") }, holiday: "Consciência Negra" });
    const noTimes = { ...short, openTime: null, closeTime: null };
    expect(businessDay("2026-11-20", cal({ holidays: [noTimes] }))).toMatchObject({ open: true, window: { start: M("08:00"), end: M("19:00") } });
  });
});

describe("unavailability", () => {
  const monday = businessDay("2026-11-23", cal());
  it("time off ('Folgas e férias') makes the hours it covers unavailable, and only those", () => {
    const away = { ...juliana, timeOff: [{ start: M("14:00"), end: M("15:00") }] };
    expect(unavailability(away, monday, slot("13:30", 60))).toBe("time_off");
    expect(unavailability(away, monday, slot("14:00", 60))).toBe("time_off");
    expect(unavailability(away, monday, slot("13:00", 60))).toBeNull();
    expect(unavailability({ ...juliana, timeOff: [{ start: 0, end: 1440 }] }, monday, slot("09:00", 30))).toBe("time_off");
    // A day off by the schedule says so first.
    expect(unavailability({ ...away, day: { ...juliana.day, isWorking: false } }, monday, slot("14:00", 60))).toBe("off");
  });
  it.each([
    ["09:00", 60, null],
    ["13:00", 120, null],
    ["14:00", 60, null],
    ["16:00", 120, null],
    ["08:30", 60, "outside_working_hours"],
    ["17:30", 60, "outside_working_hours"],
    ["11:30", 60, "break"],
    ["12:59", 1, "break"],
    ["14:30", 60, "busy"],
    ["15:59", 30, "busy"],
    ["18:30", 60, "outside_business_hours"],
    ["23:30", 60, "outside_business_hours"],
  ] as const)("%s for %i min → %s", (start, minutes, reason) => {
    expect(unavailability(juliana, monday, slot(start, minutes))).toBe(reason);
  });
  it("inactive, closed day, day off", () => {
    expect(unavailability({ ...juliana, active: false }, monday, slot("09:00", 30))).toBe("inactive");
    expect(unavailability(juliana, businessDay("2026-11-22", cal()), slot("09:00", 30))).toBe("closed");
    expect(unavailability(juliana, businessDay("2026-11-20", cal()), slot("09:00", 30))).toBe("closed");
    expect(unavailability({ ...juliana, day: { ...juliana.day, isWorking: false } }, monday, slot("09:00", 30))).toBe("off");
  });
  it("works on holidays: the holiday is an ordinary day", () => {
    expect(unavailability(juliana, businessDay("2026-11-20", cal({ worksOnHolidays: true })), slot("09:00", 30))).toBeNull();
  });
});

describe("appointment lines", () => {
  const lines: Line[] = [
    { serviceId: "corte", durationMinutes: 30, professionalId: "rafael" },
    { serviceId: "barba", durationMinutes: null, professionalId: "rafael" },
    { serviceId: "escova", durationMinutes: 45, professionalId: "juliana" },
    { serviceId: "manicure", durationMinutes: 40, professionalId: null },
  ];
  it("durations: 60 without one; 'ao mesmo tempo', each professional's lines back to back from the time", () => {
    expect(serviceMinutes(null)).toBe(60);
    expect(serviceMinutes(0)).toBe(60);
    expect(Object.fromEntries(professionalSpans(lines))).toEqual({ rafael: { start: 0, end: 90 }, juliana: { start: 0, end: 45 } });
    expect(totalMinutes(lines)).toBe(90);
    // Lines naming no professional at all (the public page's services): one after another.
    expect(totalMinutes([{ durationMinutes: 30 }, { durationMinutes: 45 }])).toBe(75);
  });
  it("'em seguida': a line starts when the line before it ends; each professional blocked for their own lines", () => {
    const chain: Line[] = [
      { serviceId: "escova", durationMinutes: 45, professionalId: "juliana" },
      { serviceId: "barba", durationMinutes: 30, professionalId: "rafael", afterPrevious: true },
    ];
    expect(lineOffsets(chain)).toEqual([{ start: 0, end: 45 }, { start: 45, end: 75 }]);
    expect(Object.fromEntries(professionalSpans(chain))).toEqual({ juliana: { start: 0, end: 45 }, rafael: { start: 45, end: 75 } });
    expect(totalMinutes(chain)).toBe(75);
    // Juliana again after Rafael: her block spans from her first start to her last end.
    const back: Line[] = [...chain, { serviceId: "corte", durationMinutes: 20, professionalId: "juliana", afterPrevious: true }];
    expect(lineOffsets(back)[2]).toEqual({ start: 75, end: 95 });
    expect(professionalSpans(back).get("juliana")).toEqual({ start: 0, end: 95 });
    // 'Ao mesmo tempo' after an 'em seguida' line: back at the time, unless that professional is still busy.
    const mixed: Line[] = [...chain, { serviceId: "unha", durationMinutes: 40, professionalId: "ana" }, { serviceId: "pe", durationMinutes: 10, professionalId: "juliana" }];
    expect(lineOffsets(mixed).slice(2)).toEqual([{ start: 0, end: 40 }, { start: 45, end: 55 }]);
    expect(totalMinutes(mixed)).toBe(75);
  });
  it("value: the sum of the prices; a dash (null) when none", () => {
    expect(totalValue([{ price: "45.00" }, { price: 35 }, { price: null }])).toBe(80);
    expect(totalValue([{ price: "0.10" }, { price: "0.20" }])).toBe(0.3);
    expect(totalValue([{ price: null }, { price: undefined }])).toBeNull();
    expect(totalValue([])).toBeNull();
  });
  it("assignment: the first free professional in order, counting what they already carry", () => {
    const offers: Record<string, string[]> = { corte: ["ana", "rafael"], barba: ["ana", "rafael"], escova: ["ana"] };
    // ana can take at most 60 minutes at this time; rafael anything.
    const canTake = (id: string, span: { start: number; end: number }) => (id === "ana" ? span.end - span.start <= 60 : id === "rafael");
    const out = assignProfessionals(
      [
        { serviceId: "corte", durationMinutes: 30, professionalId: null },
        { serviceId: "barba", durationMinutes: 30, professionalId: null },
        { serviceId: "escova", durationMinutes: 45, professionalId: null },
      ],
      (s) => offers[s] ?? [],
      canTake,
    );
    expect(out.map((l) => l.professionalId)).toEqual(["ana", "ana", null]);
  });
  it("assignment keeps chosen professionals and counts their minutes", () => {
    const out = assignProfessionals(
      [
        { serviceId: "escova", durationMinutes: 45, professionalId: "ana" },
        { serviceId: "corte", durationMinutes: 30, professionalId: null },
      ],
      () => ["ana", "rafael"],
      (id, span) => (id === "ana" ? span.end <= 60 : true),
    );
    expect(out.map((l) => l.professionalId)).toEqual(["ana", "rafael"]);
  });
});

// The hours rule (issue 32): the whole appointment inside the day's opening hours, on an open day.
describe("hoursProblem: the rule every booking path asks", () => {
  const monday = businessDay("2026-11-23", cal());
  const sunday = businessDay("2026-11-22", cal());
  it.each([
    ["08:00", 60, null],
    ["18:00", 60, null],
    ["18:01", 60, "outside_business_hours"],
    ["07:59", 30, "outside_business_hours"],
    ["23:30", 60, "outside_business_hours"],
    ["19:00", 1, "outside_business_hours"],
  ] as const)("Monday 08:00–19:00: %s for %i min → %s", (start, minutes, problem) => {
    expect(hoursProblem(monday, slot(start, minutes))).toBe(problem);
  });
  it("a closed weekday and a closed holiday refuse every time; a day without hours only past midnight", () => {
    expect(hoursProblem(sunday, slot("10:00", 30))).toBe("closed");
    expect(hoursProblem(businessDay("2026-11-20", cal()), slot("10:00", 30))).toBe("closed");
    const open = businessDay("2026-11-23", cal({ hours: [] }));
    expect(hoursProblem(open, slot("23:00", 60))).toBeNull();
    expect(hoursProblem(open, slot("23:30", 60))).toBe("outside_business_hours");
  });
  it("an open holiday's own hours replace the week's", () => {
    const short = { holidayDate: "2026-11-24", holidayName: "Aniversário do salão", isWorking: true, openTime: "09:00", closeTime: "12:00" };
    const day = businessDay("2026-11-24", cal({ holidays: [short] }));
    expect(hoursProblem(day, slot("10:30", 60))).toBeNull();
    expect(hoursProblem(day, slot("11:30", 60))).toBe("outside_business_hours");
  });
  it("the professional rule answers the same first: no one takes a slot the business doesn't", () => {
    expect(unavailability(juliana, sunday, slot("10:00", 30))).toBe("closed");
    expect(unavailability({ ...juliana, day: { ...juliana.day, start: 0, end: 24 * 60 } }, monday, slot("19:30", 30))).toBe("outside_business_hours");
  });
  it("the override lifts the business's hours only: the professional's own day, breaks and bookings still count", () => {
    const lifted = liftHours(sunday);
    expect(lifted).toEqual({ open: true, window: null, holiday: null });
    expect(hoursProblem(lifted, slot("22:00", 60))).toBeNull();
    const evenings = { ...juliana, day: { isWorking: true, start: M("09:00"), end: M("22:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] } };
    expect(unavailability(evenings, liftHours(monday), slot("19:30", 60))).toBeNull();
    expect(unavailability(juliana, liftHours(monday), slot("19:30", 60))).toBe("outside_working_hours");
    expect(unavailability(evenings, liftHours(monday), slot("12:30", 30))).toBe("break");
    expect(unavailability(evenings, liftHours(monday), slot("15:30", 30))).toBe("busy");
    expect(liftHours(businessDay("2026-11-20", cal())).holiday).toBe("Dia Nacional de Zumbi e da Consciência Negra");
  });
  it("says why in Portuguese, and how to book anyway", () => {
    expect(hoursProblemText(sunday, slot("10:00", 60))).toBe('O estabelecimento está fechado neste dia. Para agendar mesmo assim, use "Encaixe fora do horário".');
    expect(hoursProblemText(businessDay("2026-12-25", cal()), slot("10:00", 60))).toBe(
      'O estabelecimento está fechado neste dia (feriado: Natal). Para agendar mesmo assim, use "Encaixe fora do horário".',
    );
    expect(hoursProblemText(monday, slot("23:30", 60))).toBe(
      'O atendimento das 23:30 às 00:30 fica fora do horário de funcionamento deste dia (08:00 às 19:00). Para agendar mesmo assim, use "Encaixe fora do horário".',
    );
    const short = { holidayDate: "2026-11-24", holidayName: "Véspera", isWorking: true, openTime: "09:00", closeTime: "12:00" };
    expect(hoursProblemText(businessDay("2026-11-24", cal({ holidays: [short] })), slot("11:30", 60))).toContain("(Véspera: 09:00 às 12:00)");
    expect(hoursProblemText(businessDay("2026-11-23", cal({ hours: [] })), slot("23:30", 60))).toContain("passa da meia-noite");
  });
});

describe("appointmentSlot: the span the hours rule checks", () => {
  it("the services one after another, 60 minutes for one without a duration, 60 for a visit without services", () => {
    expect(appointmentMinutes([{ durationMinutes: 30 }, { durationMinutes: null }, { durationMinutes: 45 }])).toBe(135);
    expect(appointmentMinutes([])).toBe(60);
    expect(appointmentSlot("10:30", [{ durationMinutes: 30 }, { durationMinutes: 0 }])).toEqual({ start: M("10:30"), end: M("12:00") });
    expect(appointmentSlot("23:30", [])).toEqual({ start: M("23:30"), end: 24 * 60 + 30 });
  });
});

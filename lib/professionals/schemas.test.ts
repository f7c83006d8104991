import { describe, expect, it } from "vitest";
import { RANGE_MESSAGES } from "@/lib/appointments/rules/time-ranges";
import { weeklyRestrictions } from "@/lib/appointments/rules/weekly-schedule";
import { PROFESSIONAL_MESSAGES } from "./messages";
import { professionalFieldsSchema, restrictionsSchema } from "./schemas";

const PRO = "5f1c7a1e-0000-4000-8000-000000000001";
const S1 = "5f1c7a1e-0000-4000-8000-0000000000a1";
const S2 = "5f1c7a1e-0000-4000-8000-0000000000a2";

const week = () => weeklyRestrictions([], [], []).map((d) => ({ ...d, breaks: d.breaks.map((b) => ({ ...b })) }));
const errorsOf = (days: ReturnType<typeof week>) => {
  const r = restrictionsSchema.safeParse({ professionalId: PRO, days });
  if (r.success) return null;
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("restrictions", () => {
  it("the defaults are valid; days off are saved without times or breaks; labels default to 'Intervalo'", () => {
    const days = week();
    days[2].breaks.push({ start: "16:00", end: "16:15", label: "  " });
    const r = restrictionsSchema.parse({ professionalId: PRO, days });
    expect(r.days[0]).toEqual({ dayOfWeek: 0, isWorking: false, start: null, end: null, breaks: [] });
    expect(r.days[1]).toEqual({ dayOfWeek: 1, isWorking: true, start: "09:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00", label: "Almoço" }] });
    expect(r.days[2].breaks[1]).toEqual({ start: "16:00", end: "16:15", label: "Intervalo" });
  });

  it("a day off with nonsense times or breaks is fine (nothing of it is saved)", () => {
    const days = week();
    days[6] = { ...days[6], start: "", end: "", breaks: [{ start: "x", end: "y", label: "" }] };
    expect(restrictionsSchema.parse({ professionalId: PRO, days }).days[6]).toEqual({ dayOfWeek: 6, isWorking: false, start: null, end: null, breaks: [] });
  });

  it("an end before its start is refused on the end field, named by its day in the summary", () => {
    const days = week();
    days[3].end = "08:00";
    expect(errorsOf(days)).toEqual({ summary: `Qua: ${RANGE_MESSAGES.endBeforeStart}`, "days.3.end": RANGE_MESSAGES.endBeforeStart });
  });

  it("an empty start is refused on the start field", () => {
    const days = week();
    days[1].start = "";
    expect(errorsOf(days)).toMatchObject({ "days.1.start": RANGE_MESSAGES.invalidTime });
  });

  it("a break outside the day's hours", () => {
    const days = week();
    days[5].breaks = [{ start: "17:30", end: "18:30", label: "Pausa" }];
    expect(errorsOf(days)).toEqual({ summary: `Sex: ${RANGE_MESSAGES.breakOutside}`, "days.5.breaks.0.end": RANGE_MESSAGES.breakOutside });
  });

  it("overlapping breaks, and every bad day gets its own field error (the summary names the first)", () => {
    const days = week();
    days[1].breaks.push({ start: "12:30", end: "12:45", label: "Café" });
    days[4].breaks = [{ start: "15:00", end: "14:00", label: "Pausa" }];
    expect(errorsOf(days)).toEqual({
      summary: `Seg: ${RANGE_MESSAGES.breaksOverlap}`,
      "days.1.breaks.1.end": RANGE_MESSAGES.breaksOverlap,
      "days.4.breaks.0.end": RANGE_MESSAGES.endBeforeStart,
    });
  });

  it("back-to-back breaks and a day to midnight are fine", () => {
    const days = week();
    days[2] = { ...days[2], start: "14:00", end: "24:00", breaks: [{ start: "18:00", end: "19:00", label: "Jantar" }, { start: "19:00", end: "19:15", label: "Café" }] };
    expect(errorsOf(days)).toBeNull();
  });

  it("seven days in order, no more, no less", () => {
    expect(restrictionsSchema.safeParse({ professionalId: PRO, days: week().slice(1) }).success).toBe(false);
    const days = week();
    [days[0], days[1]] = [days[1], days[0]];
    expect(errorsOf(days)).toMatchObject({ "days.0.dayOfWeek": "Dia inválido" });
  });
});

describe("professional fields", () => {
  const base = { name: "Juliana", offers: [] };
  it("empty e-mail, phone and bio are null; only offered services kept, price parsed as the spec says", () => {
    const r = professionalFieldsSchema.parse({
      ...base, email: " ", phone: "", bio: "  ",
      offers: [
        { serviceId: S1, offered: true, price: "R$ 45,5" },
        { serviceId: S2, offered: false, price: "30" },
      ],
    });
    expect(r).toMatchObject({ name: "Juliana", email: null, phone: null, bio: null, active: true, removePhoto: false, offers: [{ serviceId: S1, price: "45.50" }] });
  });
  it("a price that does not parse keeps the service without a price", () => {
    expect(professionalFieldsSchema.parse({ ...base, offers: [{ serviceId: S1, offered: true, price: "a combinar" }] }).offers).toEqual([{ serviceId: S1, price: null }]);
  });
  it("refuses a name of spaces, a malformed e-mail, a huge price and a repeated service", () => {
    const r = professionalFieldsSchema.safeParse({
      name: " ", email: "ju@", offers: [{ serviceId: S1, offered: true, price: "999999999" }, { serviceId: S1, offered: false, price: "" }],
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      name: PROFESSIONAL_MESSAGES.nameRequired,
      email: PROFESSIONAL_MESSAGES.invalidEmail,
      "offers.0.price": PROFESSIONAL_MESSAGES.priceTooLarge,
      "offers.1.serviceId": PROFESSIONAL_MESSAGES.duplicateService,
    });
  });
});

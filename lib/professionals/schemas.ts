import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { PROFESSIONAL_MESSAGES } from "./messages";
import { priceForSave } from "@/lib/core/format/money";
import { RANGE_MESSAGES, breaksError, rangeError } from "@/lib/appointments/rules/time-ranges";
import { DEFAULT_BREAK_LABEL, WEEKDAY_LABELS } from "@/lib/appointments/rules/weekly-schedule";
import { isTimeOfDay, normaliseTime } from "@/lib/core/time/time-of-day";
import { daysBetween } from "@/lib/core/time/business-date";
import { dateSchema } from "@/lib/appointments/schemas";
import { optionalEmail, optionalPhone, optionalText } from "@/lib/core/validation/optional-text";


/**
 * One row per service of the business in the dialog: offered or not, and the price as typed.
 * Only offered ones are kept; the price is saved when it parses (spec section 5), else the
 * service is offered without a price.
 */
const offerSchema = z.object({
  serviceId: z.uuid(PROFESSIONAL_MESSAGES.unknownService),
  offered: z.boolean(),
  price: z.string().max(40, "Preço inválido").optional().nullable(),
});

export const professionalFieldsSchema = z.object({
  name: singleLine(z.string().trim().min(1, PROFESSIONAL_MESSAGES.nameRequired).max(200, "Máximo de 200 caracteres")),
  email: optionalEmail(PROFESSIONAL_MESSAGES.invalidEmail),
  phone: optionalPhone(),
  bio: optionalText(1000, "Máximo de 1000 caracteres"),
  active: z.boolean().default(true),
  offers: z
    .array(offerSchema)
    .max(1000)
    .default([])
    .superRefine((offers, ctx) => {
      const seen = new Set<string>();
      offers.forEach((o, i) => {
        if (seen.has(o.serviceId)) ctx.addIssue({ code: "custom", path: [i, "serviceId"], message: PROFESSIONAL_MESSAGES.duplicateService });
        seen.add(o.serviceId);
        if (o.offered && priceForSave(o.price) === "too_large") {
          ctx.addIssue({ code: "custom", path: [i, "price"], message: PROFESSIONAL_MESSAGES.priceTooLarge });
        }
      });
    })
    .transform((offers) =>
      offers.filter((o) => o.offered).map((o) => ({ serviceId: o.serviceId, price: priceForSave(o.price) as string | null })),
    ),
  /** A new photo (checked by its bytes on the server), or nothing. */
  photo: z.instanceof(Blob).nullable().optional(),
  /** Remove the current photo (ignored when a new one comes). */
  removePhoto: z.boolean().default(false),
});
export type ProfessionalFields = z.input<typeof professionalFieldsSchema>;

export const professionalIdSchema = z.object({ id: z.uuid(PROFESSIONAL_MESSAGES.notFound) });
export const updateProfessionalSchema = professionalFieldsSchema.extend(professionalIdSchema.shape);

// --- Restrições ----------------------------------------------------------------------------

const breakSchema = z.object({
  start: z.string().trim(),
  end: z.string().trim(),
  label: singleLine(z.string().trim().max(60, "Máximo de 60 caracteres").optional().nullable()),
});

const daySchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  isWorking: z.boolean(),
  start: z.string().trim(),
  end: z.string().trim(),
  breaks: z.array(breakSchema).max(12, "No máximo 12 pausas por dia"),
});

/**
 * The week as the dialog sends it: seven days, Sunday first. A working day needs an end after its
 * start; its breaks must sit inside it and not overlap (lib/appointments/rules/time-ranges.ts). The first
 * problem also goes to `summary`, named by its day, for the toast. A day off keeps no times and
 * no breaks.
 */
export const restrictionsSchema = z
  .object({
    professionalId: z.uuid(PROFESSIONAL_MESSAGES.notFound),
    days: z.array(daySchema).length(7),
  })
  .superRefine(({ days }, ctx) => {
    const issues: { path: (string | number)[]; message: string; day: number }[] = [];
    days.forEach((d, i) => {
      if (d.dayOfWeek !== i) issues.push({ path: ["days", i, "dayOfWeek"], message: "Dia inválido", day: i });
      if (!d.isWorking) return;
      const own = rangeError(d);
      if (own) {
        const startBad = own === RANGE_MESSAGES.invalidTime && rangeError({ start: d.start, end: "24:00" }) !== null;
        issues.push({ path: ["days", i, startBad ? "start" : "end"], message: own, day: i });
        return;
      }
      const b = breaksError(d, d.breaks);
      if (b) {
        const brk = d.breaks[b.index];
        const startBad = b.message === RANGE_MESSAGES.invalidTime && rangeError({ start: brk.start, end: "24:00" }) !== null;
        issues.push({ path: ["days", i, "breaks", b.index, startBad ? "start" : "end"], message: b.message, day: i });
      }
    });
    if (issues.length === 0) return;
    ctx.addIssue({ code: "custom", path: ["summary"], message: `${WEEKDAY_LABELS[issues[0].day]}: ${issues[0].message}` });
    for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .transform(({ professionalId, days }) => ({
    professionalId,
    days: days.map((d) =>
      d.isWorking
        ? {
            dayOfWeek: d.dayOfWeek,
            isWorking: true,
            start: normaliseTime(d.start),
            end: normaliseTime(d.end, { endOfDay: true }),
            breaks: d.breaks.map((b) => ({
              start: normaliseTime(b.start),
              end: normaliseTime(b.end, { endOfDay: true }),
              label: b.label?.trim() || DEFAULT_BREAK_LABEL,
            })),
          }
        : { dayOfWeek: d.dayOfWeek, isWorking: false, start: null, end: null, breaks: [] },
    ),
  }));
export type RestrictionsInput = z.input<typeof restrictionsSchema>;
export type RestrictionsOutput = z.output<typeof restrictionsSchema>;

/** The longest time off one entry takes (a year's leave; longer is a second entry). */
export const TIME_OFF_MAX_DAYS = 366;

/**
 * 'Folgas e férias': from `startDate` to `endDate` (both included), whole days, or from `startTime`
 * on the first day to `endTime` on the last when `allDay` is off; an optional reason. `confirm`: the
 * user saw the appointments it falls on (the server refuses it without, listing them).
 */
export const timeOffSchema = z
  .object({
    professionalId: z.uuid(PROFESSIONAL_MESSAGES.notFound),
    startDate: dateSchema,
    endDate: dateSchema,
    allDay: z.boolean(),
    startTime: z.string().trim().default(""),
    endTime: z.string().trim().default(""),
    reason: optionalText(120, "Máximo de 120 caracteres"),
    confirm: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: PROFESSIONAL_MESSAGES.timeOffEndBeforeStart });
    else if (daysBetween(v.startDate, v.endDate) >= TIME_OFF_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: PROFESSIONAL_MESSAGES.timeOffTooLong });
    if (v.allDay) return;
    for (const f of ["startTime", "endTime"] as const) {
      if (!isTimeOfDay(v[f])) ctx.addIssue({ code: "custom", path: [f], message: "Horário inválido" });
    }
    if (isTimeOfDay(v.startTime) && isTimeOfDay(v.endTime) && v.startDate === v.endDate && normaliseTime(v.endTime) <= normaliseTime(v.startTime)) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: PROFESSIONAL_MESSAGES.timeOffEndBeforeStart });
    }
  })
  .transform((v) => ({
    professionalId: v.professionalId,
    startDate: v.startDate,
    endDate: v.endDate,
    startTime: v.allDay ? null : normaliseTime(v.startTime),
    endTime: v.allDay ? null : normaliseTime(v.endTime),
    reason: v.reason ?? null,
    confirm: v.confirm,
  }));
export type TimeOffInput = z.input<typeof timeOffSchema>;

export const timeOffIdSchema = z.object({ id: z.uuid(PROFESSIONAL_MESSAGES.timeOffNotFound) });

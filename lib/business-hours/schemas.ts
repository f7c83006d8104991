import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { parseDateOnly } from "@/lib/core/time/business-date";
import { openingRangeError } from "@/lib/appointments/rules/weekly-hours";
import { BOOKING_WINDOW_OPTIONS, HOURS_MESSAGES } from "./messages";

export const bookingWindowSchema = z.object({
  days: z.number().int().refine((n) => (BOOKING_WINDOW_OPTIONS as readonly number[]).includes(n), HOURS_MESSAGES.invalidWindow),
});

export const holidaySettingSchema = z.object({ worksOnHolidays: z.boolean() });

const time = z.string().trim();

const daySchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  isOpen: z.boolean(),
  openTime: time,
  closeTime: time,
});

/**
 * `confirm`: the user saw the appointments the change leaves outside the hours (the server refuses
 * such a change without it, listing them: lib/business-hours/affected.ts).
 */
const confirmSchema = z.boolean().default(false);

/** The seven days, saved together; an open day needs closing after opening (field error on that day). */
export const weeklyHoursSchema = z
  .object({ days: z.array(daySchema).length(7, HOURS_MESSAGES.invalidWeek), confirm: confirmSchema })
  .superRefine(({ days }, ctx) => {
    if (days.length !== 7) return;
    if (new Set(days.map((d) => d.dayOfWeek)).size !== 7) {
      ctx.addIssue({ code: "custom", path: ["days"], message: HOURS_MESSAGES.invalidWeek });
      return;
    }
    days.forEach((d, i) => {
      if (!d.isOpen) return;
      const problem = openingRangeError(d.openTime, d.closeTime);
      if (problem) ctx.addIssue({ code: "custom", path: ["days", i, problem.field], message: problem.message });
    });
  });
export type WeeklyHoursInput = z.input<typeof weeklyHoursSchema>;

/** A specific holiday: name and date required; times only when open, closing after opening. */
export const addHolidaySchema = z
  .object({
    name: singleLine(z.string().trim().min(1, HOURS_MESSAGES.holidayName).max(100, "Máximo de 100 caracteres")),
    date: z.string().trim().refine((d) => {
      try {
        parseDateOnly(d);
        return true;
      } catch {
        return false;
      }
    }, HOURS_MESSAGES.holidayDate),
    isWorking: z.boolean(),
    openTime: time,
    closeTime: time,
    confirm: confirmSchema,
  })
  .superRefine((h, ctx) => {
    if (!h.isWorking) return;
    const problem = openingRangeError(h.openTime, h.closeTime);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  })
  .transform((h) => ({
    name: h.name,
    date: h.date,
    isWorking: h.isWorking,
    openTime: h.isWorking ? h.openTime : null,
    closeTime: h.isWorking ? h.closeTime : null,
    confirm: h.confirm,
  }));
export type AddHolidayInput = z.input<typeof addHolidaySchema>;

export const holidayIdSchema = z.object({ id: z.uuid(HOURS_MESSAGES.holidayNotFound) });

/** The read of the whole screen, for live refreshes. */
export const loadHoursSchema = z.object({});

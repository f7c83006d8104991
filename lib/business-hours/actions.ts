"use server";

import { defineAction } from "@/lib/pipeline";
import { addHoliday, removeHoliday, saveBookingWindow, saveHolidaySetting, saveWeeklyHours } from "./mutations";
import { HOURS_MESSAGES } from "./messages";
import {
  addHolidaySchema, bookingWindowSchema, holidayIdSchema, holidaySettingSchema, weeklyHoursSchema,
} from "./schemas";

/** The agenda and the allocation viewer read these rules too. */
const revalidate = ["/business-hours", "/appointments", "/allocation-viewer"] as const;

/** Spec section 8: failures titled 'Erro' with the screen's texts; no business selected is the non-destructive 'Atenção'. */
const texts = (fallback: string) =>
  ({
    error: HOURS_MESSAGES.error,
    fallback,
    noBusiness: { error: HOURS_MESSAGES.attention, description: HOURS_MESSAGES.noBusiness },
    revalidate,
  }) as const;

export const saveWeeklyHoursAction = defineAction({
  name: "businessHours.saveWeek",
  level: "staff",
  grant: "hours",
  schema: weeklyHoursSchema,
  ...texts(HOURS_MESSAGES.saveHours),
  run: ({ input, ...w }) => saveWeeklyHours(w, input),
});

export const saveBookingWindowAction = defineAction({
  name: "businessHours.bookingWindow",
  level: "staff",
  grant: "hours",
  schema: bookingWindowSchema,
  ...texts(HOURS_MESSAGES.saveWindow),
  run: ({ input, ...w }) => saveBookingWindow(w, input.days),
});

export const saveHolidaySettingAction = defineAction({
  name: "businessHours.holidaySetting",
  level: "staff",
  grant: "hours",
  schema: holidaySettingSchema,
  ...texts(HOURS_MESSAGES.saveSettings),
  run: ({ input, ...w }) => saveHolidaySetting(w, input.worksOnHolidays),
});

export const addHolidayAction = defineAction({
  name: "businessHours.addHoliday",
  level: "staff",
  grant: "hours",
  schema: addHolidaySchema,
  ...texts(HOURS_MESSAGES.addHoliday),
  conflicts: { business_holidays_date_key: { description: HOURS_MESSAGES.holidayDuplicate } },
  run: ({ input, ...w }) => addHoliday(w, input),
});

export const removeHolidayAction = defineAction({
  name: "businessHours.removeHoliday",
  level: "staff",
  grant: "hours",
  schema: holidayIdSchema,
  ...texts(HOURS_MESSAGES.removeHoliday),
  run: ({ input, ...w }) => removeHoliday(w, input.id),
});

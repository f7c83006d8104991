import "server-only";
import { defineRead } from "@/lib/pipeline";
import { HOURS_MESSAGES } from "./messages";
import { businessHoursData } from "./queries";
import { loadHoursSchema } from "./schemas";

/** The business's hours and holidays: what every read of the days the business opens shows. */
export const HOURS_TABLES = ["business_hours", "business_holidays", "business_holiday_settings"] as const;

/** The Horários de Funcionamento screen's data: the week, the holidays, the booking window. */
export const businessHoursRead = defineRead({
  name: "business-hours",
  level: "staff",
  live: { tables: [...HOURS_TABLES, "businesses"] },
  schema: loadHoursSchema,
  error: HOURS_MESSAGES.error,
  run: ({ ctx, conn }) => businessHoursData(ctx.businessId, conn),
});

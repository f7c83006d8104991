import "server-only";
import { defineRead } from "@/lib/core/actions/define-read";
import { HOURS_MESSAGES } from "./messages";
import { businessHoursData } from "./queries";
import { loadHoursSchema } from "./schemas";

/** The Horários de Funcionamento screen's data: the week, the holidays, the booking window. */
export const businessHoursRead = defineRead({
  name: "business-hours",
  level: "staff",
  schema: loadHoursSchema,
  error: HOURS_MESSAGES.error,
  run: ({ ctx, conn }) => businessHoursData(ctx.businessId, conn),
});

import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { dateSchema } from "@/lib/appointments/schemas";
import { CARD_TABLES } from "@/lib/appointments/reads";
import { HOURS_TABLES } from "@/lib/business-hours/reads";
import { allocationDay } from "./queries";
import { LOAD_ERROR_TEXT } from "@/lib/appointments/rules/allocation";
import { packAllocationDay } from "@/lib/appointments/timeline-wire";
import { agendaScope } from "@/lib/appointments/visibility";

/** The Visor de Alocação's day, packed for the wire as the page sends it. */
export const allocationDayRead = defineRead({
  name: "allocation.day",
  level: "staff",
  live: { tables: ["appointments", ...CARD_TABLES, ...HOURS_TABLES, "professional_time_off"], days: "date" },
  schema: z.object({ date: dateSchema }),
  error: LOAD_ERROR_TEXT,
  run: async ({ input, ctx, conn }) => packAllocationDay(await allocationDay(ctx.businessId, input.date, conn, agendaScope(ctx.business))),
});

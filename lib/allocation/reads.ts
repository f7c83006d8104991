import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/core/actions/define-read";
import { dateSchema } from "@/lib/appointments/schemas";
import { allocationDay } from "./queries";
import { LOAD_ERROR_TEXT } from "@/lib/appointments/rules/allocation";
import { packAllocationDay } from "./wire";

/** The Visor de Alocação's day, packed for the wire as the page sends it. */
export const allocationDayRead = defineRead({
  name: "allocation.day",
  level: "staff",
  schema: z.object({ date: dateSchema }),
  error: LOAD_ERROR_TEXT,
  run: async ({ input, ctx, conn }) => packAllocationDay(await allocationDay(ctx.businessId, input.date, conn)),
});

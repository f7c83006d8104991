import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { PROFESSIONAL_MESSAGES as MSG } from "./messages";
import { loadRestrictions, timeOffList } from "./queries";

/** The Restrições dialog's week, read when it opens; `days` null: no such professional in the business. */
export const restrictionsRead = defineRead({
  name: "professionals.restrictions",
  level: "staff",
  live: false,
  schema: z.object({ professionalId: z.uuid(MSG.notFound) }),
  error: MSG.restrictionsLoadError,
  run: async ({ input, ctx }) => ({ days: await loadRestrictions(ctx.businessId, input.professionalId) }),
});

/** 'Folgas e férias': the time off not ended yet; `timeOff` null: no such professional in the business. */
export const timeOffRead = defineRead({
  name: "professionals.timeOff",
  level: "staff",
  live: { tables: ["professional_time_off", "professionals"] },
  schema: z.object({ professionalId: z.uuid(MSG.notFound) }),
  error: MSG.timeOffLoadError,
  run: async ({ input, ctx, conn }) => ({ timeOff: await timeOffList(ctx.businessId, input.professionalId, undefined, conn) }),
});

import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/core/actions/define-read";
import { PROFESSIONAL_MESSAGES as MSG } from "./messages";
import { loadRestrictions } from "./queries";

/** The Restrições dialog's week, read when it opens; `days` null: no such professional in the business. */
export const restrictionsRead = defineRead({
  name: "professionals.restrictions",
  level: "staff",
  schema: z.object({ professionalId: z.uuid(MSG.notFound) }),
  error: MSG.restrictionsLoadError,
  run: async ({ input, ctx }) => ({ days: await loadRestrictions(ctx.businessId, input.professionalId) }),
});

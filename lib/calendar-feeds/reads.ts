import "server-only";
import { defineRead } from "@/lib/pipeline";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { feedState } from "./queries";
import { calendarFeedSchema } from "./schemas";

/** The 'Link da agenda (iCal)' dialog's state, read when it opens: whether a link exists and since when. */
export const calendarFeedRead = defineRead({
  name: "professionals.calendarFeed",
  level: "staff",
  live: false,
  schema: calendarFeedSchema,
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => feedState(ctx.businessId, input.professionalId, conn),
});

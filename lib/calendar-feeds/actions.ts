"use server";

import { defineAction } from "@/lib/core/actions/define-action";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { generateFeed, revokeFeed } from "./mutations";
import { calendarFeedSchema } from "./schemas";

/** 'Gerar link' and 'Gerar novo link' (Profissionais → 'Link da agenda (iCal)'): the address, this once. */
export const generateCalendarFeedAction = defineAction({
  name: "professionals.calendarFeed.generate",
  level: "staff",
  schema: calendarFeedSchema,
  error: MSG.generateError,
  run: ({ input, ...w }) => generateFeed(w, input.professionalId),
});

/** 'Revogar link'. */
export const revokeCalendarFeedAction = defineAction({
  name: "professionals.calendarFeed.revoke",
  level: "staff",
  schema: calendarFeedSchema,
  error: MSG.revokeError,
  run: ({ input, ...w }) => revokeFeed(w, input.professionalId),
});

"use server";

import { defineAction } from "@/lib/pipeline";
import { CALENDAR_FEED_GRANT, CALENDAR_FEED_LEVEL } from "./access";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { generateFeed, revokeFeed } from "./mutations";
import { calendarFeedSchema } from "./schemas";

/**
 * 'Gerar link' and 'Gerar novo link' (Profissionais → 'Link da agenda (iCal)'): the address, this
 * once. The owner, an administrator or an employee granted it (access.ts), not any member.
 */
export const generateCalendarFeedAction = defineAction({
  name: "professionals.calendarFeed.generate",
  level: CALENDAR_FEED_LEVEL,
  grant: CALENDAR_FEED_GRANT,
  schema: calendarFeedSchema,
  error: MSG.generateError,
  run: ({ input, ...w }) => generateFeed(w, input.professionalId),
});

/** 'Revogar link': the same people (an employee who can't make a link can't cut one either). */
export const revokeCalendarFeedAction = defineAction({
  name: "professionals.calendarFeed.revoke",
  level: CALENDAR_FEED_LEVEL,
  grant: CALENDAR_FEED_GRANT,
  schema: calendarFeedSchema,
  error: MSG.revokeError,
  run: ({ input, ...w }) => revokeFeed(w, input.professionalId),
});

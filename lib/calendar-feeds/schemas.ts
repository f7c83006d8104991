import { z } from "zod";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";

/** 'Gerar link', 'Gerar novo link', 'Revogar link' and the dialog's read: the professional of the business. */
export const calendarFeedSchema = z.object({ professionalId: z.uuid(MSG.notFound) });
export type CalendarFeedInput = z.input<typeof calendarFeedSchema>;

/**
 * Who makes, replaces and revokes a professional's 'Link da agenda (iCal)': a row of the permission
 * table (lib/auth/permissions.ts), read by the actions and by the Profissionais page, which shows
 * the card's 'Agenda (iCal)' button only to those who may. Pure.
 *
 * Owner level (the business's owner or an administrator), not every staff member: the link shows a
 * professional's whole agenda to whoever holds it. "The employee who is that professional" would
 * also do, but no professional row is tied to a user account: `professionals.user_id` is who wrote
 * the row (the spec's user_id), and `professionals.email` is free text any member may type on the
 * card, so neither proves that a member is that professional.
 */
import { denial, type Caller } from "@/lib/auth/permissions";

export const CALENDAR_FEED_LEVEL = "owner" as const;

/** Whether `caller` (as they stand in the business) may make, replace or revoke its professionals' links. */
export function mayManageCalendarFeeds(caller: Caller): boolean {
  return !denial(CALENDAR_FEED_LEVEL, caller, "call");
}

/**
 * Who makes, replaces and revokes a professional's 'Link da agenda (iCal)': a row of the permission
 * table (lib/auth/permissions.ts), read by the actions and by the Profissionais page, which shows
 * the card's 'Agenda (iCal)' button only to those who may.
 *
 * The owner, an administrator, or an employee the owner granted 'calendarLinks' ('Permissões' on
 * the team page; not held by default): the link shows a professional's whole agenda to whoever
 * holds it. "The employee who is that professional" would also do, but no professional row is tied
 * to a user account: `professionals.user_id` is who wrote the row (the spec's user_id), and
 * `professionals.email` is free text any member may type on the card, so neither proves that a
 * member is that professional. Pure.
 */
import { holdsGrant, type Grant } from "@/lib/auth/permissions";
import type { BusinessRole } from "@/lib/auth/roles";

export const CALENDAR_FEED_LEVEL = "staff" as const;
export const CALENDAR_FEED_GRANT: Grant = "calendarLinks";

/** Whether a member (their role and grants in the business) may make, replace or revoke its professionals' links. */
export function mayManageCalendarFeeds(member: { role: BusinessRole; grants: readonly Grant[] }): boolean {
  return holdsGrant(member, CALENDAR_FEED_GRANT);
}

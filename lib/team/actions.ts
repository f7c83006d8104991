"use server";

import { sendInvitationEmail } from "@/emails/invitation";
import { defineAction } from "@/lib/pipeline";
import { GRANTS } from "@/lib/auth/permissions";
import { fail } from "@/lib/core/actions/result";
import { PG } from "@/lib/core/db/errors";
import { createInvitation, deleteInvitation, refundInvitationQuota, removeMember, setMemberGrants, takeInvitationQuota } from "./mutations";
import { deleteInvitationSchema, INVITE_MESSAGES, inviteMemberSchema, memberGrantsSchema, NO_PROFESSIONAL, removeMemberSchema, TEAM_MESSAGES } from "./schemas";

/** Every team action: owner level, the team screen's error title, the screen refreshed. */
const team = { level: "owner", error: TEAM_MESSAGES.error, revalidate: ["/team-management"] } as const;

/**
 * Invite dialog: stores the invitation, then e-mails the link (a failed e-mail is only logged).
 * Only an owner whose address is confirmed invites. An invitation reused within the cool-down is
 * not e-mailed again (`reused`).
 */
export const inviteMemberAction = defineAction({
  name: "team.invite",
  ...team,
  schema: inviteMemberSchema,
  fallback: INVITE_MESSAGES.failed,
  conflicts: { [PG.uniqueViolation]: { description: INVITE_MESSAGES.pending } },
  precheck: async ({ ctx }) => {
    if (!ctx.auth.user.emailConfirmed) return fail(TEAM_MESSAGES.error, INVITE_MESSAGES.confirmFirst);
    // Every attempt counts (a refused one too); only a reuse, which sends nothing, is given back.
    const limited = await takeInvitationQuota(ctx.businessId, ctx.userId);
    if (limited) return fail(TEAM_MESSAGES.error, limited);
  },
  run: ({ input, ...w }) => createInvitation(w, input.email),
  afterCommit: async ({ ctx, result: { server } }) => {
    if (server.invitation) await sendInvitationEmail(server.invitation);
    else await refundInvitationQuota(ctx.businessId, ctx.userId);
  },
});

export const removeMemberAction = defineAction({
  name: "team.removeMember", ...team, schema: removeMemberSchema, fallback: TEAM_MESSAGES.removeFailed,
  run: ({ input, ...w }) => removeMember(w, input.memberId),
});

export const deleteInvitationAction = defineAction({
  name: "team.deleteInvitation", ...team, schema: deleteInvitationSchema, fallback: TEAM_MESSAGES.deleteInvitationFailed,
  run: ({ input, ...w }) => deleteInvitation(w, input.invitationId),
});

/** 'Permissões' of an employee (the owner or an administrator). */
export const setMemberGrantsAction = defineAction({
  name: "team.setGrants", ...team, schema: memberGrantsSchema, fallback: TEAM_MESSAGES.grantsFailed,
  conflicts: { user_business_roles_business_professional_key: { description: TEAM_MESSAGES.professionalTaken } },
  run: ({ input, ...w }) =>
    setMemberGrants(w, input.memberId, GRANTS.filter((g) => input.grants[g]), input.professionalId === NO_PROFESSIONAL ? null : input.professionalId),
});

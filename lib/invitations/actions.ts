"use server";

import { confirmationEmail } from "@/emails/confirmation";
import { trySendMail } from "@/emails/mailer";
import { defineAction } from "@/lib/pipeline";
import { fail, ok } from "@/lib/core/actions/result";
import { tokenLinkPrecheck } from "@/lib/auth/limits";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { grantSaasAdminIfListed } from "@/lib/auth/oauth-user";
import { PG } from "@/lib/core/db/errors";
import { enterBusiness } from "@/lib/businesses/cookies";
import { claimSignupBrowser } from "@/lib/auth/signup-browser";
import { acceptInvitation, declineInvitation, signUpEmployee } from "./mutations";
import { INVITE_ERRORS } from "./messages";
import { acceptInvitationSchema, declineInvitationSchema, employeeSignupActionSchema } from "./schemas";

/**
 * Employee sign-up through the e-mailed link (/auth?invite=…&key=…): the account and the acceptance
 * at once. Without the link's secret the account is created unconfirmed and a confirmation e-mail
 * goes to the address instead.
 */
export const employeeSignupAction = defineAction({
  name: "invitations.employeeSignup",
  level: "public",
  schema: employeeSignupActionSchema,
  error: INVITE_ERRORS.signupTitle,
  fallback: "Ocorreu um erro inesperado.",
  // A concurrent sign-up of the same address won.
  conflicts: { [PG.uniqueViolation]: { error: INVITE_ERRORS.accountExistsTitle, description: INVITE_ERRORS.accountExists, code: "account-exists" } },
  precheck: () => tokenLinkPrecheck(INVITE_ERRORS.signupTitle),
  run: async ({ input: { invitationId, key, ...data }, tx }) => signUpEmployee(tx, invitationId, key ?? null, data, key ? null : await claimSignupBrowser()),
  afterCommit: async ({ result: { server } }) => {
    if (server.confirmation) await trySendMail(confirmationEmail(server.confirmation));
  },
});

/**
 * Accepts for the signed-in user; then makes the business current and refreshes the session's
 * claims. An unconfirmed address can accept only with the secret of the e-mailed link (`key`),
 * which confirms it; the pending list and the bare ?invite= link need a confirmed address.
 */
export const acceptInvitationAction = defineAction({
  name: "invitations.accept",
  level: "user",
  schema: acceptInvitationSchema,
  error: INVITE_ERRORS.title,
  fallback: INVITE_ERRORS.acceptFailed,
  run: async ({ input, ctx, tx }) => {
    const result = await acceptInvitation(ctx.userId, input.invitationId, input.key ?? null, tx);
    if (!result.ok) return fail(INVITE_ERRORS.title, result.reason === "unconfirmed" ? AUTH_MESSAGES.confirmFirst : INVITE_ERRORS.acceptFailed);
    return ok({ businessName: result.businessName, server: { businessId: result.businessId, confirmedNow: result.confirmedNow } });
  },
  afterCommit: async ({ ctx, result: { server } }) => {
    // The link just proved the address: privileges that follow from it apply now.
    if (server.confirmedNow) await grantSaasAdminIfListed(ctx.userId);
    await enterBusiness(server.businessId);
  },
});

export const declineInvitationAction = defineAction({
  name: "invitations.decline",
  level: "user",
  schema: declineInvitationSchema,
  error: INVITE_ERRORS.title,
  fallback: INVITE_ERRORS.declineFailed,
  run: async ({ input, ctx, tx }) =>
    (await declineInvitation(ctx.userId, input.invitationId, tx)) ? ok() : fail(INVITE_ERRORS.title, INVITE_ERRORS.declineFailed),
});

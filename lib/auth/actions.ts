"use server";

import { after } from "next/server";
import { z } from "zod";
import { accountExistsEmail } from "@/emails/account-exists";
import { confirmationEmail } from "@/emails/confirmation";
import { trySendMail } from "@/emails/mailer";
import { passwordResetEmail } from "@/emails/password-reset";
import { defineAction } from "@/lib/pipeline";
import { fail, ok } from "@/lib/core/actions/result";
import { requestAddress } from "@/lib/core/net/request-address";
import { backoffReset, hit, subjectKey } from "@/lib/core/rate-limit";
import { FORGOT, LOGIN, SIGNUP } from "@/lib/core/rate-limit/policies";
import { sessionIdOf } from "./claims";
import { attemptPrecheck, confirmationWait, tokenLinkPrecheck } from "./limits";
import { AUTH_MESSAGES } from "./messages";
import { confirmEmail, createAccount, createConfirmation, createPasswordReset, registerBusiness, resetPassword } from "./mutations";
import { grantSaasAdminIfListed } from "./oauth-user";
import { safeReturnPath } from "./route-rules";
import { afterLoginSchema, businessRegistrationSchema, confirmEmailSchema, forgotPasswordSchema, resetPasswordSchema, signUpSchema } from "./schemas";
import { readSessionToken, refreshSessionClaims, reissueSession } from "./session-cookie";
import { endAllSessions, endSession, openSession } from "./sessions";
import { claimSignupBrowser, signupBrowserHash } from "./signup-browser";

/**
 * 'Criar conta': the account, its business and the confirmation e-mail. For an address that
 * already has an account the answer is the same, and its owner gets a notice instead.
 */
export const signUpAction = defineAction({
  name: "auth.signUp",
  level: "public",
  schema: signUpSchema,
  error: AUTH_MESSAGES.signUpError,
  fallback: AUTH_MESSAGES.unexpected,
  precheck: ({ input }) => attemptPrecheck(SIGNUP, input.email, AUTH_MESSAGES.signUpError),
  run: async ({ input, tx }) => ok({ emailSent: true, server: await createAccount(tx, input, await claimSignupBrowser()) }),
  afterCommit: async ({ result: { server: account } }) => ({
    emailSent: account.created
      ? await trySendMail(confirmationEmail(account.confirmation))
      : !(await hit(SIGNUP.notices, subjectKey(account.email))).ok || (await trySendMail(accountExistsEmail({ to: account.email }))),
  }),
});

/**
 * 'Enviar email': the same answer, in text and in time (minDurationMs), whether or not the account
 * exists; the e-mail goes out after the answer, so its duration tells nothing either.
 */
export const forgotPasswordAction = defineAction({
  name: "auth.forgotPassword",
  level: "public",
  schema: forgotPasswordSchema,
  error: AUTH_MESSAGES.forgotError,
  minDurationMs: 700,
  precheck: ({ input }) => attemptPrecheck(FORGOT, input.email, AUTH_MESSAGES.forgotError),
  run: async ({ input, tx }) => ok({ server: { mail: await createPasswordReset(tx, input.email) } }),
  afterCommit: async ({ result: { server } }) => {
    const { mail } = server;
    // At most FORGOT.mails reset e-mails an hour reach one account; more get the same answer.
    if (mail && (await hit(FORGOT.mails, subjectKey(mail.to.toLowerCase()))).ok) after(() => trySendMail(passwordResetEmail(mail)));
  },
});

/** The new password from the e-mailed link; an unknown, used or expired link is refused with code "invalid-link". */
export const resetPasswordAction = defineAction({
  name: "auth.resetPassword",
  level: "public",
  schema: resetPasswordSchema,
  error: AUTH_MESSAGES.resetError,
  precheck: () => tokenLinkPrecheck(AUTH_MESSAGES.resetError),
  run: ({ input, tx }) => resetPassword(tx, input.token, input.password),
  afterCommit: async ({ result: { server } }) => {
    // The owner proved the account theirs: their own failed logins from this address are forgiven.
    await backoffReset(LOGIN.pair, subjectKey(server.email.toLowerCase(), await requestAddress()));
  },
});

/**
 * 'Confirmar e-mail' on the page the e-mailed link opens (/confirm-email): the POST that confirms
 * (lib/auth/mutations.ts confirmEmail). Every session of the account ends; the one of this browser,
 * when it asked for the link and is signed in to this account, is opened anew so it stays signed in.
 * Privileges that follow from the address (the admin list) apply only now.
 */
export const confirmEmailAction = defineAction({
  name: "auth.confirmEmail",
  level: "public",
  schema: confirmEmailSchema,
  error: AUTH_MESSAGES.confirmError,
  fallback: AUTH_MESSAGES.unexpected,
  precheck: () => tokenLinkPrecheck(AUTH_MESSAGES.confirmError),
  run: async ({ input, tx }) => {
    const result = await confirmEmail(tx, input.token, input.password || null, await signupBrowserHash());
    if (!result.ok) return result;
    const token = result.sameBrowser ? await readSessionToken() : null;
    const stays = token?.uid === result.server.userId && !!sessionIdOf(token);
    const session = stays ? await openSession(result.server.userId, tx) : null;
    return ok({ signedIn: false, server: { ...result.server, session } });
  },
  afterCommit: async ({ result: { server } }) => {
    await grantSaasAdminIfListed(server.userId);
    // The mailbox owner proved the account theirs: their own failed logins from this address are forgiven.
    await backoffReset(LOGIN.pair, subjectKey(server.email.toLowerCase(), await requestAddress()));
    if (server.session) await reissueSession(server.userId, server.session);
    return { signedIn: !!server.session };
  },
});

/** 'Finalizar Cadastro': the business of a signed-in user who has none, then a session cookie that shows it. */
export const registerBusinessAction = defineAction({
  name: "auth.registerBusiness",
  level: "user",
  schema: businessRegistrationSchema,
  error: AUTH_MESSAGES.signUpError,
  fallback: AUTH_MESSAGES.unexpected,
  run: ({ input, ctx, tx }) => registerBusiness(tx, ctx.userId, input),
  afterCommit: () => refreshSessionClaims(),
});

/** Where to go after a successful login: the safe return path, else /admin for admins and / for others. */
export const afterLoginPathAction = defineAction({
  name: "auth.afterLoginPath",
  level: "public",
  schema: afterLoginSchema,
  error: "Erro no login",
  transaction: false,
  run: async ({ input, ctx }) => ok({ path: safeReturnPath(input.callbackUrl) ?? (ctx.auth?.flags.isAdmin ? "/admin" : "/") }),
});

/** The signed-in user's own buttons: no input but the session. */
const ownAccount = { level: "user", schema: z.object({}) } as const;

/** 'Reenviar e-mail' of the 'Confirme seu e-mail' notice: one a minute, a few a day. */
export const resendConfirmationAction = defineAction({
  name: "auth.resendConfirmation",
  ...ownAccount,
  error: AUTH_MESSAGES.resendError,
  fallback: AUTH_MESSAGES.mailFailed,
  precheck: async ({ ctx }) => {
    if (ctx.auth.user.emailConfirmed) return fail(AUTH_MESSAGES.resendError, AUTH_MESSAGES.alreadyConfirmed);
    const wait = await confirmationWait(ctx.userId);
    if (wait) return fail(AUTH_MESSAGES.resendError, wait);
  },
  // This browser is signed in with the account's password: confirming from it keeps that password.
  run: async ({ ctx, tx }) => ok({ sent: true, server: await createConfirmation(tx, ctx.userId, { browserHash: await claimSignupBrowser(), passwordHash: null }) }),
  afterCommit: async ({ result: { server } }) => ({ sent: await trySendMail(confirmationEmail({ ...server, resend: true })) }),
});

/** 'Sair de todos os dispositivos': ends every session of the signed-in user (lib/auth/sessions.ts). */
export const signOutEverywhereAction = defineAction({
  name: "auth.signOutEverywhere", ...ownAccount, error: AUTH_MESSAGES.signOutError, fallback: AUTH_MESSAGES.unexpected,
  run: async ({ ctx, tx }) => ok({ ended: await endAllSessions(ctx.userId, tx) }),
});

/**
 * 'Sair', before next-auth clears the cookie: this session ends on the server, so a copy of its
 * cookie stops working and its streams close. Public: a cookie whose session already ended has
 * nothing left to end. An error (the database away) is answered, so the browser keeps its cookie
 * and says so instead of leaving open a session its user believes closed; next-auth's own sign-out
 * (events.signOut) could only log it.
 */
export const signOutAction = defineAction({
  name: "auth.signOut",
  level: "public",
  schema: z.object({}),
  error: AUTH_MESSAGES.logoutError,
  fallback: AUTH_MESSAGES.unexpected,
  run: async ({ tx }) => {
    // The cookie is authenticated encryption: its user and session id are ours, whatever the request says.
    const token = await readSessionToken();
    const sid = sessionIdOf(token);
    if (typeof token?.uid === "string" && sid) await endSession(token.uid, sid, tx);
    return ok();
  },
});

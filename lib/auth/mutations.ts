/**
 * The writes of the account flows (sign-up, e-mail confirmation, password reset, business
 * registration). Each works in the caller's transaction (`conn`): lib/auth/actions.ts runs them
 * through the pipeline, whose prechecks count the rate limits (lib/auth/limits.ts) first.
 */
import "server-only";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { businesses, emailVerificationTokens, passwordResetTokens, userBusinessRoles, users } from "@/db/schema";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { insertOwnedBusiness } from "@/lib/businesses/mutations";
import { pgCode, PG } from "@/lib/core/db/errors";
import { AUTH_MESSAGES, INVALID_CONFIRMATION_MESSAGE, INVALID_LINK, INVALID_RESET_MESSAGE, PASSWORD_REQUIRED } from "./messages";
import { hashPassword } from "./password";
import type { BusinessRegistrationData, SignUpData } from "./schemas";
import { endAllSessions } from "./sessions";
import { hashToken, newToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "./tokens";

export type SignUpOutcome =
  /** A confirmation link for the address: a new account, or one whose address was never confirmed. */
  | { created: true; confirmation: ConfirmationMail }
  /** The address belongs to a confirmed account: the answer looks the same; its owner may be told (after the commit). */
  | { created: false; email: string };

/**
 * General sign-up: the account (argon2id), its business named after company_name (default
 * 'Novo Negócio'), the owner link, business_owner and an e-mail confirmation link bound to this
 * browser (`browserHash`, lib/auth/signup-browser.ts). An address whose account was never
 * confirmed is not refused, and nothing tells it was there before: it gets a new link carrying the
 * password chosen now, so whoever typed the address first (anyone can) cannot hold it. A confirmed
 * address gets the same answer; the caller e-mails its owner instead, after the commit (at most
 * SIGNUP.notices an hour: counted outside the transaction, since a rate limit's own connection must
 * never be awaited while a transaction holds another — enough of those at once would hold the pool).
 */
export async function createAccount(conn: Conn, data: SignUpData, browserHash: string): Promise<SignUpOutcome> {
  const email = data.email.toLowerCase();
  // Hashed either way, so every answer takes the same time.
  const passwordHash = await hashPassword(data.password);
  const [found] = await conn.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (found?.verifiedAt) return { created: false, email };
  const pending = { browserHash, passwordHash };
  if (found) {
    const confirmation = await createConfirmation(conn, found.id, pending);
    return { created: true, confirmation: { ...confirmation, fullName: data.fullName, businessName: data.companyName } };
  }
  try {
    // A savepoint: a concurrent sign-up of the same address that wins makes this one an existing address.
    return await conn.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, fullName: data.fullName, contactName: data.fullName, companyName: data.companyName, registered: true })
        .returning({ id: users.id });
      await insertOwnedBusiness(tx, user.id, { name: data.companyName, email });
      return { created: true, confirmation: await createConfirmation(tx, user.id, pending) };
    });
  } catch (e) {
    if (pgCode(e) === PG.uniqueViolation) return { created: false, email };
    throw e;
  }
}

/** What the confirmation page needs to know of a link before anything is done with it. */
export type ConfirmationLink = { email: string; sameBrowser: boolean };

/** The unused, unexpired confirmation link of `token`, and whether `browserHash` is the browser that asked for it; null otherwise. */
export async function confirmationLink(conn: Conn, token: string, browserHash: string | null): Promise<ConfirmationLink | null> {
  if (!token) return null;
  const [row] = await conn
    .select({ email: users.email, browserHash: emailVerificationTokens.browserHash })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(usableConfirmation(token));
  return row ? { email: row.email, sameBrowser: !!row.browserHash && row.browserHash === browserHash } : null;
}

function usableConfirmation(token: string) {
  return and(
    eq(emailVerificationTokens.tokenHash, hashToken(token)),
    isNull(emailVerificationTokens.usedAt),
    gt(emailVerificationTokens.expiresAt, new Date()),
  );
}

export type Confirmed = {
  /** The confirming browser asked for the link: the password chosen there is the account's. */
  sameBrowser: boolean;
  server: { userId: string; email: string };
};

/**
 * 'Confirmar e-mail' (a POST: opening the link changed nothing). The token proves the mailbox. From
 * the browser that asked for the link, the password chosen there becomes the account's; from any
 * other, `password` is required (code PASSWORD_REQUIRED without it) and replaces whatever password
 * someone else may have typed with this address. Either way every session made before ends, every
 * other pending link dies, and the address is confirmed: only then may privileges follow from it
 * (the caller grants them after the commit). A link of an address confirmed since (a reset, Google,
 * an invitation's key) is only used up: it must not bring back an older password.
 */
export async function confirmEmail(conn: Conn, token: string, password: string | null, browserHash: string | null): Promise<ActionResult<Confirmed>> {
  const invalid = refusal(INVALID_LINK, AUTH_MESSAGES.invalidLink, INVALID_CONFIRMATION_MESSAGE);
  if (!token) return invalid;
  const [link] = await conn
    .select({ id: emailVerificationTokens.id, userId: emailVerificationTokens.userId, browserHash: emailVerificationTokens.browserHash, passwordHash: emailVerificationTokens.passwordHash })
    .from(emailVerificationTokens)
    .where(usableConfirmation(token))
    .for("update");
  if (!link) return invalid;
  const sameBrowser = !!link.browserHash && link.browserHash === browserHash;
  if (!sameBrowser && !password) return refusal(PASSWORD_REQUIRED, AUTH_MESSAGES.confirmError, AUTH_MESSAGES.choosePassword);
  const [user] = await conn
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, link.userId))
    .for("update");
  await conn.update(emailVerificationTokens).set({ usedAt: new Date() }).where(eq(emailVerificationTokens.id, link.id));
  const server = { userId: link.userId, email: user.email };
  if (user.verifiedAt) return ok({ sameBrowser, server });

  const passwordHash = sameBrowser ? link.passwordHash : await hashPassword(password!);
  await conn
    .update(users)
    .set({ emailVerifiedAt: new Date(), ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
    .where(eq(users.id, link.userId));
  // Links sent to the address before (a squatter's sign-ups among them) die with the passwords they carry.
  await conn
    .update(emailVerificationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerificationTokens.userId, link.userId), isNull(emailVerificationTokens.usedAt)));
  await endAllSessions(link.userId, conn);
  return ok({ sameBrowser, server });
}

export type ResetMail = { to: string; fullName: string | null; token: string };

/**
 * Forgot-password: a reset token for the account of `email`, or null when there is none — with the
 * same work either way (hashing, one round trip), so the time tells nothing. `mail` is what to send
 * (the caller counts FORGOT.mails after the commit, outside the transaction).
 */
export async function createPasswordReset(conn: Conn, emailInput: string): Promise<ResetMail | null> {
  const email = emailInput.trim().toLowerCase();
  const [user] = await conn
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const token = newToken();
  const tokenHash = hashToken(token);
  if (!user) {
    await conn.execute(sql`select 1`);
    return null;
  }
  await conn.insert(passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  return { to: user.email, fullName: user.fullName, token };
}

/**
 * Sets the new password, ends every session of the user (lib/auth/sessions.ts) and uses
 * up the token and every other link sent before. The token is claimed with a conditional update, so
 * two concurrent submissions cannot both succeed. `server.email` is whose failed logins to forgive.
 */
export async function resetPassword(conn: Conn, token: string, password: string): Promise<ActionResult<{ server: { email: string } }>> {
  const invalid = refusal(INVALID_LINK, AUTH_MESSAGES.invalidLink, INVALID_RESET_MESSAGE);
  if (!token) return invalid;
  const passwordHash = await hashPassword(password);
  const [claimed] = await conn
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) return invalid;
  const [user] = await conn
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, claimed.userId))
    .returning({ email: users.email });
  await endAllSessions(claimed.userId, conn);
  // Other links sent before this reset die with the old password.
  await conn
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  return ok({ server: { email: user.email } });
}

/**
 * 'Cadastre seu Negócio' for a signed-in user without profile registration and without business
 * (first Google sign-in): the business with its defaults, the owner link, business_owner and
 * users.registered = true.
 */
export async function registerBusiness(conn: Conn, userId: string, data: BusinessRegistrationData): Promise<ActionResult<{ businessId: string }>> {
  // Serialises double submissions of the same user.
  const [user] = await conn
    .select({ email: users.email, registered: users.registered })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  const [membership] = await conn
    .select({ id: userBusinessRoles.businessId })
    .from(userBusinessRoles)
    .where(eq(userBusinessRoles.userId, userId))
    .limit(1);
  if (!user || user.registered || membership) return fail(AUTH_MESSAGES.signUpError, AUTH_MESSAGES.alreadyRegistered);
  const business = await insertOwnedBusiness(conn, userId, { name: data.companyName, phone: data.phone, description: data.description, email: user.email });
  await conn
    .update(users)
    .set({ registered: true, companyName: data.companyName, phone: data.phone || null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return ok({ businessId: business.id });
}

export type ConfirmationMail = { to: string; fullName: string | null; businessName: string | null; token: string };

/** What a sign-up binds a confirmation link to: the browser that asked, and the password it chose (null: keep the account's). */
export type PendingConfirmation = { browserHash: string | null; passwordHash: string | null };

/** A new confirmation link for the user (the quota and the "already confirmed" check come first). */
export async function createConfirmation(conn: Conn, userId: string, pending: PendingConfirmation): Promise<ConfirmationMail> {
  const [user] = await conn.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const [owned] = await conn
    .select({ name: businesses.name })
    .from(userBusinessRoles)
    .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
    .where(eq(userBusinessRoles.userId, userId))
    .orderBy(asc(userBusinessRoles.createdAt))
    .limit(1);
  const token = newToken();
  await conn.insert(emailVerificationTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    browserHash: pending.browserHash,
    passwordHash: pending.passwordHash,
  });
  return { to: user.email, fullName: user.fullName, businessName: owned?.name ?? null, token };
}

/**
 * The writes of the account flows (sign-up, e-mail confirmation, password reset, business
 * registration). Each works in the caller's transaction (`conn`): lib/auth/actions.ts runs them
 * through the pipeline, whose prechecks count the rate limits (lib/auth/limits.ts) first.
 */
import "server-only";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { businesses, emailVerificationTokens, passwordResetTokens, userBusinessRoles, users } from "@/db/schema";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { insertOwnedBusiness } from "@/lib/businesses/mutations";
import { pgCode, PG } from "@/lib/core/db/errors";
import { AUTH_MESSAGES, INVALID_LINK, INVALID_RESET_MESSAGE } from "./messages";
import { grantSaasAdminIfListed } from "./oauth-user";
import { hashPassword } from "./password";
import type { BusinessRegistrationData, SignUpData } from "./schemas";
import { endAllSessions } from "./sessions";
import { hashToken, newToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "./tokens";

export type SignUpOutcome =
  | { created: true; userId: string; email: string; fullName: string; businessName: string; verifyToken: string }
  /** The address already has an account: the answer looks the same; its owner may be told (after the commit). */
  | { created: false; email: string };

/**
 * General sign-up: the account (argon2id), its business named after company_name (default
 * 'Novo Negócio'), the owner link, business_owner and an e-mail confirmation token. An address
 * that already has an account gets the same answer as a new one (the screen never tells whether it
 * is registered); the caller e-mails its owner instead, after the commit (at most SIGNUP.notices an
 * hour: counted outside the transaction, since a rate limit's own connection must never be awaited
 * while a transaction holds another — enough of those at once would hold the whole pool).
 */
export async function createAccount(conn: Conn, data: SignUpData): Promise<SignUpOutcome> {
  const email = data.email.toLowerCase();
  const existing = async (): Promise<SignUpOutcome> => ({ created: false, email });
  // Hashed either way, so both answers take the same time.
  const passwordHash = await hashPassword(data.password);
  const [found] = await conn.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (found) return existing();
  const verifyToken = newToken();
  try {
    // A savepoint: a concurrent sign-up of the same address that wins makes this one an existing address.
    return await conn.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, fullName: data.fullName, contactName: data.fullName, companyName: data.companyName, registered: true })
        .returning({ id: users.id });
      const business = await insertOwnedBusiness(tx, user.id, { name: data.companyName, email });
      await tx.insert(emailVerificationTokens).values({ userId: user.id, tokenHash: hashToken(verifyToken), expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS) });
      return { created: true, userId: user.id, email, fullName: data.fullName, businessName: business.name, verifyToken };
    });
  } catch (e) {
    if (pgCode(e) === PG.uniqueViolation) return existing();
    throw e;
  }
}

/**
 * Marks the e-mail of the token's user verified; false for a missing, unknown, used or expired
 * token. A confirmed address that is on the admin list now earns saas_admin.
 */
export async function verifyEmail(token: string | null | undefined): Promise<boolean> {
  if (!token) return false;
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return null;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    return row.userId;
  });
  if (!userId) return false;
  await grantSaasAdminIfListed(userId);
  return true;
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

/** A new confirmation link for the user (the quota and the "already confirmed" check come first). */
export async function createConfirmation(conn: Conn, userId: string): Promise<ConfirmationMail> {
  const [user] = await conn.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const [owned] = await conn
    .select({ name: businesses.name })
    .from(userBusinessRoles)
    .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
    .where(eq(userBusinessRoles.userId, userId))
    .orderBy(asc(userBusinessRoles.createdAt))
    .limit(1);
  const token = newToken();
  await conn.insert(emailVerificationTokens).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS) });
  return { to: user.email, fullName: user.fullName, businessName: owned?.name ?? null, token };
}

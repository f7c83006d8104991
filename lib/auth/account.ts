/**
 * Account flows behind the /auth server actions: sign-up, e-mail confirmation, password reset and
 * business registration. Plain functions over the database (no request objects) so integration
 * tests call them directly; lib/auth/actions.ts adds the request side (address, cookie, mail).
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import {
  emailVerificationTokens, passwordResetTokens, userBusinessRoles, users,
} from "@/db/schema";
import { backoffCheck, backoffCount, backoffReset, hit, strictest, subjectKey, type Backoff } from "@/lib/rate-limit";
import { tooManyAttempts } from "@/lib/rate-limit/messages";
import { FORGOT, LOGIN, SIGNUP } from "@/lib/rate-limit/policies";
import { INVALID_RESET_MESSAGE } from "./messages";
import { grantSaasAdminIfListed } from "./oauth-user";
import { hashPassword } from "./password";
import { hashToken, newToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "./tokens";
import { insertOwnedBusiness } from "@/lib/businesses/mutations";
import { pgCode } from "@/lib/db/errors";
import type { BusinessRegistrationInput, SignUpInput } from "./schemas";
import { businessRegistrationSchema, signUpSchema } from "./schemas";

export const INVALID_RESET_LINK = INVALID_RESET_MESSAGE;
export const UNEXPECTED = "Ocorreu um erro inesperado.";
export const ALREADY_REGISTERED = "Você já possui um negócio cadastrado.";

type Fail = { ok: false; error: string };

/** A business with the spec's defaults, owned by `userId` (who also becomes a global business_owner). */
export const createOwnedBusiness = insertOwnedBusiness;

export type SignUpResult =
  | { ok: true; created: true; userId: string; email: string; fullName: string; businessName: string; verifyToken: string }
  /** The address already has an account: the answer looks the same; `notify` says whether to e-mail its owner. */
  | { ok: true; created: false; email: string; notify: boolean }
  | Fail;

/** Counts one attempt of `email` from `address` against the pair and the address; the wait, if any, as an error. */
async function throttled(limits: { pair: Backoff; address: Backoff }, email: string, address: string): Promise<Fail | null> {
  const pairKey = subjectKey(email, address);
  const addressKey = subjectKey(address);
  const wait = strictest(await backoffCheck(limits.pair, pairKey), await backoffCheck(limits.address, addressKey));
  if (!wait.ok) return { ok: false, error: tooManyAttempts(wait.retryAfterMs) };
  await Promise.all([backoffCount(limits.pair, pairKey), backoffCount(limits.address, addressKey)]);
  return null;
}

/**
 * General sign-up: the account (argon2id), its business named after company_name (default
 * 'Novo Negócio'), the owner link, business_owner and an e-mail confirmation token, in one
 * transaction. Counted per e-mail+address and per address (SIGNUP). An address that already has an
 * account gets the same answer as a new one (the screen never tells whether it is registered);
 * the caller e-mails its owner instead (at most SIGNUP.notices per hour).
 */
export async function signUp(input: SignUpInput, address: string): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? UNEXPECTED };
  const { fullName, password, companyName } = parsed.data;
  const email = parsed.data.email.toLowerCase();

  const refused = await throttled(SIGNUP, email, address);
  if (refused) return refused;

  const existingAnswer = async (): Promise<SignUpResult> => ({
    ok: true,
    created: false,
    email,
    notify: (await hit(SIGNUP.notices, subjectKey(email))).ok,
  });
  // Hashed either way, so both answers take the same time.
  const passwordHash = await hashPassword(password);
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) return existingAnswer();

  const verifyToken = newToken();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, fullName, contactName: fullName, companyName, registered: true })
        .returning({ id: users.id });
      const business = await createOwnedBusiness(tx, user.id, { name: companyName, email });
      await tx.insert(emailVerificationTokens).values({
        userId: user.id,
        tokenHash: hashToken(verifyToken),
        expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      });
      return { ok: true as const, created: true as const, userId: user.id, email, fullName, businessName: business.name, verifyToken };
    });
  } catch (e) {
    // A concurrent sign-up of the same address won: answer as for any existing address.
    if (pgCode(e) === "23505") return existingAnswer();
    console.error("Falha no cadastro", e);
    return { ok: false, error: UNEXPECTED };
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

export type ResetRequest =
  | { ok: true; mail: { to: string; fullName: string | null; token: string } | null }
  | Fail;

/**
 * Forgot-password: the same answer whether or not the account exists. Every request counts
 * against the e-mail+address and the address (FORGOT), existing account or not, so the throttle
 * itself reveals nothing. At most FORGOT.mails reset e-mails go to one account per hour; more
 * requests get the same answer and no e-mail. `mail` is what to send, if anything.
 */
export async function requestPasswordReset(emailInput: string, address: string): Promise<ResetRequest> {
  const email = emailInput.trim().toLowerCase();
  const refused = await throttled(FORGOT, email, address);
  if (refused) return refused;

  const [user] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const token = newToken();
  if (!user || !(await hit(FORGOT.mails, subjectKey(email))).ok) {
    // Same work as a real request (hashing, one round trip), nothing stored.
    hashToken(token);
    await db.execute(sql`select 1`);
    return { ok: true, mail: null };
  }
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return { ok: true, mail: { to: user.email, fullName: user.fullName, token } };
}

/** True when the token is known, unused and not expired (the reset screen asks before showing the form). */
export async function resetTokenUsable(token: string | null | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return !!row;
}

/**
 * Sets the new password, bumps users.session_version (every older session stops working) and uses
 * up the token, in one transaction. The token is claimed with a conditional update, so two
 * concurrent submissions cannot both succeed.
 */
export async function resetPassword(token: string, password: string, address?: string): Promise<{ ok: true } | Fail> {
  if (!token) return { ok: false, error: INVALID_RESET_LINK };
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return { ok: false as const, error: INVALID_RESET_LINK };
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email });
    // Other links sent before this reset die with the old password.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    return { ok: true as const, email: user?.email ?? null };
  });
  if (!result.ok) return result;
  // The owner proved the account theirs: their own failed logins from this address are forgiven.
  if (result.email && address) await backoffReset(LOGIN.pair, subjectKey(result.email.toLowerCase(), address));
  return { ok: true };
}

/**
 * 'Cadastre seu Negócio' for a signed-in user without profile registration and without business
 * (first Google sign-in): the business with its defaults, the owner link, business_owner and
 * users.registered = true, in one transaction.
 */
export async function registerBusiness(userId: string, input: BusinessRegistrationInput): Promise<{ ok: true; businessId: string } | Fail> {
  const parsed = businessRegistrationSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? UNEXPECTED };
  const { companyName, phone, description } = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      // Serialises double submissions of the same user.
      const [user] = await tx
        .select({ id: users.id, email: users.email, registered: users.registered })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!user) return { ok: false as const, error: UNEXPECTED };
      const [membership] = await tx
        .select({ id: userBusinessRoles.businessId })
        .from(userBusinessRoles)
        .where(eq(userBusinessRoles.userId, userId))
        .limit(1);
      if (user.registered || membership) return { ok: false as const, error: ALREADY_REGISTERED };
      const business = await createOwnedBusiness(tx, userId, { name: companyName, phone, description, email: user.email });
      await tx
        .update(users)
        .set({ registered: true, companyName, phone: phone || null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { ok: true as const, businessId: business.id };
    });
  } catch (e) {
    console.error("Falha ao cadastrar negócio", e);
    return { ok: false, error: UNEXPECTED };
  }
}

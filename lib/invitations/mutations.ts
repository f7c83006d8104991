import "server-only";
import { timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Conn, type Db, type Tx } from "@/db";
import { businessInvitations, businesses, userBusinessRoles, users } from "@/db/schema";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { grantGlobalRole } from "@/lib/auth/grants";
import { createConfirmation, type ConfirmationMail } from "@/lib/auth/mutations";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { usableInvitation } from "./queries";
import { INVITE_ERRORS } from "./messages";
import { UUID_RE, type EmployeeSignupData } from "./schemas";

export type AcceptResult =
  | { ok: true; businessId: string; businessName: string; confirmedNow: boolean }
  | { ok: false; reason: "not_found" | "wrong_email" | "not_pending" | "expired" | "unconfirmed" };

/**
 * Whether `secret` is the one the invitation's e-mail carried (compared by hash, in constant
 * time): only that secret proves the invited address. The id proves nothing: the inviter reads it.
 */
function secretMatches(secretHash: string | null, secret: string | null | undefined): boolean {
  if (!secretHash || !secret) return false;
  const given = Buffer.from(hashToken(secret), "hex");
  const stored = Buffer.from(secretHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Accepts an invitation for `userId`, in one transaction (joins `conn` when it is one). The
 * invitation must exist, be pending, be unexpired and be addressed to the user's own e-mail
 * (case-insensitive, read here from the database). The address must be confirmed, unless `secret`
 * is the one e-mailed with the invitation: then this confirms it (`confirmedNow`). It always
 * grants employee; the membership is created once.
 */
export async function acceptInvitation(
  userId: string,
  invitationId: string,
  secret: string | null,
  conn: Db | Tx = db,
): Promise<AcceptResult> {
  if (!UUID_RE.test(invitationId)) return { ok: false, reason: "not_found" };
  return conn.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return { ok: false as const, reason: "not_found" as const };
    const [inv] = await tx
      .select({
        id: businessInvitations.id,
        businessId: businessInvitations.businessId,
        email: businessInvitations.email,
        status: businessInvitations.status,
        secretHash: businessInvitations.secretHash,
        expired: sql<boolean>`${businessInvitations.expiresAt} <= now()`,
        businessName: businesses.name,
      })
      .from(businessInvitations)
      .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
      .where(eq(businessInvitations.id, invitationId))
      .for("update", { of: businessInvitations });
    if (!inv) return { ok: false as const, reason: "not_found" as const };
    if (inv.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) return { ok: false as const, reason: "wrong_email" as const };
    if (!user.verifiedAt && !secretMatches(inv.secretHash, secret)) return { ok: false as const, reason: "unconfirmed" as const };
    if (inv.status !== "pending") return { ok: false as const, reason: "not_pending" as const };
    if (inv.expired) return { ok: false as const, reason: "expired" as const };

    await tx
      .insert(userBusinessRoles)
      .values({ userId, businessId: inv.businessId, role: "employee" })
      .onConflictDoNothing();
    await tx
      .update(businessInvitations)
      .set({ status: "accepted", acceptedAt: new Date(), acceptedBy: userId })
      .where(eq(businessInvitations.id, inv.id));
    const confirmedNow = !user.verifiedAt;
    if (confirmedNow) await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    return { ok: true as const, businessId: inv.businessId, businessName: inv.businessName, confirmedNow };
  });
}

/**
 * Refuses an invitation addressed to the user's own, confirmed e-mail: status becomes cancelled.
 * An unconfirmed account can't refuse (it could be someone who typed another person's address).
 */
export async function declineInvitation(userId: string, invitationId: string, conn: Conn = db): Promise<boolean> {
  if (!UUID_RE.test(invitationId)) return false;
  const rows = await conn
    .update(businessInvitations)
    .set({ status: "cancelled" })
    .from(users)
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.status, "pending"),
        eq(users.id, userId),
        isNotNull(users.emailVerifiedAt),
        sql`lower(${businessInvitations.email}) = lower(${users.email})`,
      ),
    )
    .returning({ id: businessInvitations.id });
  return rows.length > 0;
}

/** What the employee sign-up answers; `server` (a confirmation link to e-mail) never reaches the browser. */
export type EmployeeSignup =
  | { confirmed: true; email: string; businessName: string; server: { confirmation: null } }
  /**
   * Without the e-mailed secret the address still has to be confirmed, and the answer names
   * nothing: whoever holds only the id (the inviter does) learns no more from it than the page says.
   */
  | { confirmed: false; server: { confirmation: ConfirmationMail } };

/**
 * Employee sign-up through an invitation link, in the caller's transaction. With the secret that
 * was e-mailed to the invited address, the account is created confirmed and the invitation accepted
 * at once (both or neither). Without it (the bare ?invite= link, whose id the inviter can read),
 * the account is created unconfirmed and the invitation stays pending: a confirmation link goes to
 * the address, and once it is followed the invitation is listed to be accepted. An address that
 * already has an account is sent to log in (code "account-exists").
 */
export async function signUpEmployee(
  tx: Conn,
  invitationId: string,
  secret: string | null,
  data: EmployeeSignupData,
  browserHash: string | null,
): Promise<ActionResult<EmployeeSignup>> {
  const invalid = fail(INVITE_ERRORS.acceptTitle, INVITE_ERRORS.acceptDescription);
  const invite = await usableInvitation(invitationId, tx);
  if (!invite) return invalid;
  const email = invite.email.trim().toLowerCase();
  const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) return refusal("account-exists", INVITE_ERRORS.accountExistsTitle, INVITE_ERRORS.accountExists);
  const [user] = await tx
    .insert(users)
    .values({ email, passwordHash: await hashPassword(data.password), fullName: data.fullName, registered: true })
    .returning({ id: users.id });
  await grantGlobalRole(tx, user.id, "employee");
  const accepted = await acceptInvitation(user.id, invitationId, secret, tx);
  if (accepted.ok) return ok({ confirmed: true as const, email, businessName: accepted.businessName, server: { confirmation: null } });
  if (accepted.reason !== "unconfirmed") return invalid;
  // Confirming from this browser keeps the password just chosen; from another, the mailbox owner chooses one.
  return ok({ confirmed: false as const, server: { confirmation: await createConfirmation(tx, user.id, { browserHash, passwordHash: null }) } });
}

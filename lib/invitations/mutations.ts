import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Conn, type Db, type Tx } from "@/db";
import { businessInvitations, businesses, userBusinessRoles, users } from "@/db/schema";
import { fail, ok, refusal, type ActionResult } from "@/lib/actions/result";
import { grantGlobalRole } from "@/lib/auth/grants";
import { hashPassword } from "@/lib/auth/password";
import { usableInvitation } from "./queries";
import { INVITE_ERRORS } from "./messages";
import { UUID_RE, type EmployeeSignupData } from "./schemas";

export type AcceptResult =
  | { ok: true; businessId: string; businessName: string; confirmedNow: boolean }
  | { ok: false; reason: "not_found" | "wrong_email" | "not_pending" | "expired" | "unconfirmed" };

/**
 * How the person reached the invitation: from the pending list of /auth (shown only to a
 * confirmed address) or by following the link that was e-mailed to the invited address — which
 * proves the address, like the confirmation link does.
 */
export type InvitationProof = "list" | "link";

/**
 * Accepts an invitation for `userId`, in one transaction (joins `conn` when it is one). The
 * invitation must exist, be pending, be unexpired and be addressed to the user's own e-mail
 * (case-insensitive, read here from the database). The address must be confirmed, unless the
 * person came through the e-mailed link: then this confirms it (`confirmedNow`). It always grants
 * employee; the membership is created once.
 */
export async function acceptInvitation(
  userId: string,
  invitationId: string,
  proof: InvitationProof,
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
        expired: sql<boolean>`${businessInvitations.expiresAt} <= now()`,
        businessName: businesses.name,
      })
      .from(businessInvitations)
      .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
      .where(eq(businessInvitations.id, invitationId))
      .for("update", { of: businessInvitations });
    if (!inv) return { ok: false as const, reason: "not_found" as const };
    if (inv.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) return { ok: false as const, reason: "wrong_email" as const };
    if (!user.verifiedAt && proof !== "link") return { ok: false as const, reason: "unconfirmed" as const };
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

/**
 * Employee sign-up through an invitation link, in the caller's transaction: the account (argon2id;
 * e-mail counted as verified, since the person holds the link sent to it; registered) and the
 * acceptance, so either both happen or neither. An address that already has an account is sent to
 * log in (code "account-exists").
 */
export async function signUpEmployee(
  tx: Conn,
  invitationId: string,
  data: EmployeeSignupData,
): Promise<ActionResult<{ email: string; businessName: string }>> {
  const invalid = fail(INVITE_ERRORS.acceptTitle, INVITE_ERRORS.acceptDescription);
  const invite = await usableInvitation(invitationId, tx);
  if (!invite) return invalid;
  const email = invite.email.trim().toLowerCase();
  const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) return refusal("account-exists", INVITE_ERRORS.accountExistsTitle, INVITE_ERRORS.accountExists);
  const [user] = await tx
    .insert(users)
    .values({ email, passwordHash: await hashPassword(data.password), fullName: data.fullName, emailVerifiedAt: new Date(), registered: true })
    .returning({ id: users.id });
  await grantGlobalRole(tx, user.id, "employee");
  const accepted = await acceptInvitation(user.id, invitationId, "link", tx);
  return accepted.ok ? ok({ email, businessName: accepted.businessName }) : invalid;
}

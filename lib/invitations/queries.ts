import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { businessInvitations, businesses, users, type BusinessRole } from "@/db/schema";
import { UUID_RE } from "./schemas";

export type PendingInvitation = {
  id: string;
  businessId: string;
  businessName: string;
  role: BusinessRole;
  expiresAt: string;
};

/**
 * Pending, unexpired invitations addressed to the user's e-mail, with the business name joined
 * in — only when that address is confirmed: whoever merely typed someone else's address at
 * sign-up must not see (nor take, nor refuse) that person's invitations.
 */
export async function pendingInvitationsFor(userId: string): Promise<PendingInvitation[]> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user?.verifiedAt) return [];
  const email = user.email;
  const rows = await db
    .select({
      id: businessInvitations.id,
      businessId: businessInvitations.businessId,
      businessName: businesses.name,
      role: businessInvitations.role,
      expiresAt: businessInvitations.expiresAt,
    })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(
      and(
        sql`lower(${businessInvitations.email}) = ${email.trim().toLowerCase()}`,
        eq(businessInvitations.status, "pending"),
        gt(businessInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(businessInvitations.expiresAt));
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
}

/** A usable (pending, unexpired) invitation by id, for the employee sign-up form. */
export async function usableInvitation(invitationId: string, conn: Conn = db) {
  if (!UUID_RE.test(invitationId)) return null;
  const [row] = await conn
    .select({ id: businessInvitations.id, email: businessInvitations.email, businessName: businesses.name })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.status, "pending"),
        gt(businessInvitations.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

import "server-only";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
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
 * The statement of `pendingInvitationsFor`, unsent: the shell runs it on every page, and
 * tests/integration/shell-reads.int.test.ts EXPLAINs this very statement on a platform's worth of
 * invitations (it must read `business_invitations_email_lower_status_idx`, never the whole table).
 */
export function pendingInvitationsStatement(userId: string, conn: Conn = db) {
  return conn
    .select({
      id: businessInvitations.id,
      businessId: businessInvitations.businessId,
      businessName: businesses.name,
      role: businessInvitations.role,
      expiresAt: businessInvitations.expiresAt,
    })
    .from(users)
    .innerJoin(
      businessInvitations,
      and(
        sql`lower(${businessInvitations.email}) = lower(btrim(${users.email}))`,
        eq(businessInvitations.status, "pending"),
        gt(businessInvitations.expiresAt, sql`now()`),
      ),
    )
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
    .orderBy(asc(businessInvitations.expiresAt), asc(businessInvitations.id));
}

/**
 * Pending, unexpired invitations addressed to the user's e-mail, with the business name joined
 * in — only when that address is confirmed: whoever merely typed someone else's address at
 * sign-up must not see (nor take, nor refuse) that person's invitations. One statement: the app
 * shell asks on every page a confirmed user opens (read through the index on
 * `(lower(email), status)`, one probe however many invitations the platform holds).
 */
export async function pendingInvitationsFor(userId: string, conn: Conn = db): Promise<PendingInvitation[]> {
  const rows = await pendingInvitationsStatement(userId, conn);
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

/** The user's pending invitations for a page that shows them beside other things: none when they can't be read. */
export async function pendingOrNone(userId: string): Promise<PendingInvitation[]> {
  try {
    return await pendingInvitationsFor(userId);
  } catch (e) {
    console.error("Falha ao carregar convites pendentes", e);
    return [];
  }
}

import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "@/db";
import { businessInvitations, businesses, userBusinessRoles } from "@/db/schema";
import { UUID_RE } from "./schemas";

export type AcceptResult =
  | { ok: true; businessId: string; businessName: string }
  | { ok: false; reason: "not_found" | "wrong_email" | "not_pending" | "expired" };

/**
 * Accepts an invitation for the signed-in user, in one transaction (joins `conn` when it is one).
 * The invitation must exist, be pending, be unexpired and be addressed to the user's own e-mail
 * (case-insensitive). It always grants employee; the membership is created once.
 */
export async function acceptInvitation(
  userId: string,
  userEmail: string,
  invitationId: string,
  conn: Db | Tx = db,
): Promise<AcceptResult> {
  if (!UUID_RE.test(invitationId)) return { ok: false, reason: "not_found" };
  return conn.transaction(async (tx) => {
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
    if (inv.email.trim().toLowerCase() !== userEmail.trim().toLowerCase()) return { ok: false as const, reason: "wrong_email" as const };
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
    return { ok: true as const, businessId: inv.businessId, businessName: inv.businessName };
  });
}

/** Refuses an invitation addressed to `userEmail`: status becomes cancelled. */
export async function declineInvitation(userEmail: string, invitationId: string): Promise<boolean> {
  if (!UUID_RE.test(invitationId)) return false;
  const rows = await db
    .update(businessInvitations)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.status, "pending"),
        sql`lower(${businessInvitations.email}) = ${userEmail.trim().toLowerCase()}`,
      ),
    )
    .returning({ id: businessInvitations.id });
  return rows.length > 0;
}

import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db } from "@/db";
import { businessInvitations, businesses, type BusinessRole } from "@/db/schema";
import { UUID_RE } from "./schemas";

export type PendingInvitation = {
  id: string;
  businessId: string;
  businessName: string;
  role: BusinessRole;
  expiresAt: string;
};

/** Pending, unexpired invitations addressed to `email`, with the business name joined in. */
export async function pendingInvitationsFor(email: string): Promise<PendingInvitation[]> {
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
export async function usableInvitation(invitationId: string) {
  if (!UUID_RE.test(invitationId)) return null;
  const [row] = await db
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

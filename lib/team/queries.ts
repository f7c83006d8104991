import "server-only";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { db } from "@/db";
import { businessInvitations, professionals, userBusinessRoles, users, type BusinessRole } from "@/db/schema";
import { GRANTS, type Grant } from "@/lib/auth/permissions";

export type TeamMember = {
  userId: string;
  fullName: string | null;
  email: string;
  role: BusinessRole;
  /** What the owner lets them do beyond booking (an owner's and an administrator's don't matter). */
  grants: Grant[];
  /** 'Profissional vinculado': whose agenda they see without 'otherAgendas' (null: none). */
  professionalId: string | null;
  joinedAt: string;
};

/** The business's professionals, for the 'Profissional vinculado' select (by name). */
export async function professionalChoices(businessId: string): Promise<{ id: string; name: string }[]> {
  return db.select({ id: professionals.id, name: professionals.name }).from(professionals)
    .where(eq(professionals.businessId, businessId)).orderBy(asc(professionals.name), asc(professionals.id));
}

export type TeamInvitation = {
  id: string;
  email: string;
  role: BusinessRole;
  invitedAt: string;
  expiresAt: string;
};

/** Members of a business (the caller has checked the user may see it), owners first. */
export async function listMembers(businessId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: userBusinessRoles.role,
      grants: userBusinessRoles.grants,
      professionalId: userBusinessRoles.professionalId,
      joinedAt: userBusinessRoles.createdAt,
    })
    .from(userBusinessRoles)
    .innerJoin(users, eq(users.id, userBusinessRoles.userId))
    .where(eq(userBusinessRoles.businessId, businessId))
    .orderBy(sql`case ${userBusinessRoles.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(userBusinessRoles.createdAt));
  return rows.map((r) => ({ ...r, grants: GRANTS.filter((g) => r.grants.includes(g)), joinedAt: r.joinedAt.toISOString() }));
}

/** Pending, unexpired invitations of a business, newest first. */
export async function listPendingInvitations(businessId: string): Promise<TeamInvitation[]> {
  const rows = await db
    .select({
      id: businessInvitations.id,
      email: businessInvitations.email,
      role: businessInvitations.role,
      invitedAt: businessInvitations.invitedAt,
      expiresAt: businessInvitations.expiresAt,
    })
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.status, "pending"),
        gt(businessInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(businessInvitations.invitedAt));
  return rows.map((r) => ({ ...r, invitedAt: r.invitedAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}

import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { businessInvitations, businesses, userBusinessRoles, users } from "@/db/schema";
import { isOwnerLevel } from "@/lib/auth/roles";
import { INVITE_MESSAGES, inviteEmailSchema } from "./schemas";

export type InviteResult =
  | { ok: true; invitation: { id: string; email: string; businessName: string; inviterName: string } }
  | { ok: false; error: string };

function uniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; cur && i < 5; i++) {
    if ((cur as { code?: string }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Stores an employee invitation for `rawEmail` in the business, in one transaction. Refused for a
 * current member or while a pending, unexpired invitation exists; an older accepted, cancelled or
 * expired invitation for the same e-mail is deleted and replaced. The inviter must be owner-level.
 */
export async function createInvitation(inviterId: string, businessId: string, rawEmail: string): Promise<InviteResult> {
  const parsed = inviteEmailSchema.safeParse(rawEmail);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? INVITE_MESSAGES.invalid };
  const email = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      const [inviter] = await tx
        .select({ role: userBusinessRoles.role, fullName: users.fullName, email: users.email, businessName: businesses.name })
        .from(userBusinessRoles)
        .innerJoin(users, eq(users.id, userBusinessRoles.userId))
        .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
        .where(and(eq(userBusinessRoles.userId, inviterId), eq(userBusinessRoles.businessId, businessId)));
      if (!inviter || !isOwnerLevel(inviter.role)) return { ok: false as const, error: INVITE_MESSAGES.failed };

      const [member] = await tx
        .select({ id: users.id })
        .from(userBusinessRoles)
        .innerJoin(users, eq(users.id, userBusinessRoles.userId))
        .where(and(eq(userBusinessRoles.businessId, businessId), sql`lower(${users.email}) = ${email}`));
      if (member) return { ok: false as const, error: INVITE_MESSAGES.member };

      const sameEmail = and(eq(businessInvitations.businessId, businessId), sql`lower(${businessInvitations.email}) = ${email}`);
      const [pending] = await tx
        .select({ id: businessInvitations.id })
        .from(businessInvitations)
        .where(and(sameEmail, eq(businessInvitations.status, "pending"), sql`${businessInvitations.expiresAt} > now()`));
      if (pending) return { ok: false as const, error: INVITE_MESSAGES.pending };

      // Older invitations that no longer count (accepted, cancelled, or pending but expired) are replaced.
      await tx
        .delete(businessInvitations)
        .where(
          and(
            sameEmail,
            or(sql`${businessInvitations.status} <> 'pending'`, sql`${businessInvitations.expiresAt} <= now()`),
          ),
        );
      const [row] = await tx
        .insert(businessInvitations)
        .values({ businessId, email, role: "employee", invitedBy: inviterId, status: "pending" })
        .returning({ id: businessInvitations.id });
      return {
        ok: true as const,
        invitation: {
          id: row.id,
          email,
          businessName: inviter.businessName,
          inviterName: inviter.fullName?.trim() || inviter.email,
        },
      };
    });
  } catch (e) {
    if (uniqueViolation(e)) return { ok: false, error: INVITE_MESSAGES.pending };
    console.error("Não foi possível enviar o convite.", e);
    return { ok: false, error: INVITE_MESSAGES.failed };
  }
}

/** Deletes a pending invitation of the business (owner-level actor). */
export async function deleteInvitation(actorId: string, businessId: string, invitationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isOwnerOf(tx, actorId, businessId))) return false;
    const deleted = await tx
      .delete(businessInvitations)
      .where(and(eq(businessInvitations.id, invitationId), eq(businessInvitations.businessId, businessId)))
      .returning({ id: businessInvitations.id });
    return deleted.length > 0;
  });
}

/** Removes a member from the business; the owner can never be removed. */
export async function removeMember(actorId: string, businessId: string, memberId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isOwnerOf(tx, actorId, businessId))) return false;
    const deleted = await tx
      .delete(userBusinessRoles)
      .where(
        and(
          eq(userBusinessRoles.businessId, businessId),
          eq(userBusinessRoles.userId, memberId),
          sql`${userBusinessRoles.role} <> 'owner'`,
        ),
      )
      .returning({ userId: userBusinessRoles.userId });
    return deleted.length > 0;
  });
}

type Conn = Parameters<Parameters<typeof db.transaction>[0]>[0];

async function isOwnerOf(tx: Conn, userId: string, businessId: string): Promise<boolean> {
  const [m] = await tx
    .select({ role: userBusinessRoles.role })
    .from(userBusinessRoles)
    .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
  return !!m && isOwnerLevel(m.role);
}

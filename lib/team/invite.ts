import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { businessInvitations, businesses, userBusinessRoles, users } from "@/db/schema";
import { isOwnerLevel } from "@/lib/auth/roles";
import { hit, refund } from "@/lib/rate-limit";
import { INVITATIONS } from "@/lib/rate-limit/policies";
import { INVITE_MESSAGES, inviteEmailSchema } from "./schemas";

export type InviteResult =
  | {
      ok: true;
      invitation: { id: string; email: string; businessName: string; inviterName: string };
      /** True when an invitation e-mailed within the cool-down came back: no new e-mail is sent. */
      reused: boolean;
    }
  | { ok: false; error: string };

/** A re-invite of the same address within this many hours of its e-mail reuses that invitation. */
export const REINVITE_COOLDOWN_HOURS = 24;

function uniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; cur && i < 5; i++) {
    if ((cur as { code?: string }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Stores an employee invitation for `rawEmail` in the business, in one transaction. The inviter
 * must be owner-level with a confirmed e-mail. Refused for a current member or while a pending,
 * unexpired invitation exists. An invitation to the same address that was deleted or refused
 * within REINVITE_COOLDOWN_HOURS of its e-mail comes back as it was (`reused`: same link, no new
 * e-mail); any older accepted, cancelled or expired one is deleted and replaced. A new invitation
 * (a new e-mail) counts against the business's and the inviter's daily limits (INVITATIONS).
 */
export async function createInvitation(inviterId: string, businessId: string, rawEmail: string): Promise<InviteResult> {
  const parsed = inviteEmailSchema.safeParse(rawEmail);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? INVITE_MESSAGES.invalid };
  const email = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      const [inviter] = await tx
        .select({
          role: userBusinessRoles.role, fullName: users.fullName, email: users.email, verifiedAt: users.emailVerifiedAt,
          businessName: businesses.name,
        })
        .from(userBusinessRoles)
        .innerJoin(users, eq(users.id, userBusinessRoles.userId))
        .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
        .where(and(eq(userBusinessRoles.userId, inviterId), eq(userBusinessRoles.businessId, businessId)));
      if (!inviter || !isOwnerLevel(inviter.role)) return { ok: false as const, error: INVITE_MESSAGES.failed };
      if (!inviter.verifiedAt) return { ok: false as const, error: INVITE_MESSAGES.confirmFirst };
      const details = (id: string) => ({
        id, email, businessName: inviter.businessName, inviterName: inviter.fullName?.trim() || inviter.email,
      });

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

      // Delete + invite again must not be a way to mail the same person over and over.
      const [recent] = await tx
        .update(businessInvitations)
        .set({ status: "pending", invitedBy: inviterId })
        .where(
          and(
            sameEmail,
            eq(businessInvitations.status, "cancelled"),
            sql`${businessInvitations.invitedAt} > now() - make_interval(hours => ${REINVITE_COOLDOWN_HOURS})`,
            sql`${businessInvitations.expiresAt} > now()`,
          ),
        )
        .returning({ id: businessInvitations.id });
      if (recent) return { ok: true as const, invitation: details(recent.id), reused: true };

      const limited = await takeInvitationQuota(businessId, inviterId);
      if (limited) return { ok: false as const, error: limited };

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
      return { ok: true as const, invitation: details(row.id), reused: false };
    });
  } catch (e) {
    if (uniqueViolation(e)) return { ok: false, error: INVITE_MESSAGES.pending };
    console.error("Não foi possível enviar o convite.", e);
    return { ok: false, error: INVITE_MESSAGES.failed };
  }
}

/** One e-mail's worth of the business's and the inviter's daily invitation limits; the refusal text, or null. */
async function takeInvitationQuota(businessId: string, inviterId: string): Promise<string | null> {
  const business = await hit(INVITATIONS.business, businessId);
  if (!business.ok) return INVITE_MESSAGES.dailyLimit;
  const owner = await hit(INVITATIONS.owner, inviterId);
  if (!owner.ok) {
    await refund(INVITATIONS.business, businessId);
    return INVITE_MESSAGES.dailyLimit;
  }
  return null;
}

/**
 * Deletes a pending invitation of the business (owner-level actor): it leaves the lists and its
 * link stops working. The row stays as cancelled, so that inviting the same address again within
 * the cool-down brings it back instead of sending another e-mail.
 */
export async function deleteInvitation(actorId: string, businessId: string, invitationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isOwnerOf(tx, actorId, businessId))) return false;
    const cancelled = await tx
      .update(businessInvitations)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(businessInvitations.id, invitationId),
          eq(businessInvitations.businessId, businessId),
          eq(businessInvitations.status, "pending"),
        ),
      )
      .returning({ id: businessInvitations.id });
    return cancelled.length > 0;
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

import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { businessInvitations, businesses, professionals, userBusinessRoles, users } from "@/db/schema";
import type { Audit, Write } from "@/lib/pipeline";
import { ACCESS, GRANTS, type Grant } from "@/lib/auth/permissions";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { revokeFeedsMadeBy } from "@/lib/calendar-feeds/mutations";
import { CALENDAR_FEED_GRANT } from "@/lib/calendar-feeds/access";
import { revokeApiKeysMadeBy } from "@/lib/conversations/api-keys";
import { hit, refund } from "@/lib/core/rate-limit";
import { announceAccessChange } from "@/lib/core/realtime/access";
import { INVITATIONS } from "@/lib/core/rate-limit/policies";
import { holdMembership } from "./membership";
import { INVITE_MESSAGES, TEAM_MESSAGES } from "./schemas";

/**
 * What the invitation e-mail needs (sent after the commit, never shown to the browser). `secret`
 * exists only here and in the e-mail: the database keeps its hash.
 */
export type InvitationMail = { id: string; secret: string; email: string; businessName: string; inviterName: string };

/** A re-invite of the same address within this many hours of its e-mail reuses that invitation. */
export const REINVITE_COOLDOWN_HOURS = 24;

/**
 * Stores an employee invitation for `email` (already normalised) in the action's business. Refused
 * for a current member or while a pending, unexpired invitation exists. An invitation to the same
 * address that was deleted or refused within REINVITE_COOLDOWN_HOURS of its e-mail comes back as it
 * was (`reused`: same link, no new e-mail); any older accepted, cancelled or expired one is deleted
 * and replaced. The business's and the inviter's daily limits (INVITATIONS) are taken before the
 * transaction (takeInvitationQuota) and given back for a reuse (refundInvitationQuota). A
 * concurrent twin fails on the pending-invitation unique index. The inviter's membership is held
 * while the invitation is stored, so removing them cancels it (revokeSecretsOf) whichever commits first.
 */
export async function createInvitation(
  { ctx, tx }: Write,
  email: string,
): Promise<ActionResult<{ reused: boolean; server: { invitation: InvitationMail | null } }>> {
  const { businessId, userId } = ctx;
  if (!(await holdMembership(tx, businessId, userId, "owner"))) return fail(TEAM_MESSAGES.error, ACCESS.forbidden);
  const [inviter] = await tx
    .select({ fullName: users.fullName, email: users.email, businessName: businesses.name })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, businessId))
    .where(eq(users.id, userId));
  const mail = { email, businessName: inviter.businessName, inviterName: inviter.fullName?.trim() || inviter.email };

  const [member] = await tx
    .select({ id: users.id })
    .from(userBusinessRoles)
    .innerJoin(users, eq(users.id, userBusinessRoles.userId))
    .where(and(eq(userBusinessRoles.businessId, businessId), sql`lower(${users.email}) = ${email}`));
  if (member) return fail(TEAM_MESSAGES.error, INVITE_MESSAGES.member);

  const sameEmail = and(eq(businessInvitations.businessId, businessId), sql`lower(${businessInvitations.email}) = ${email}`);
  const [pending] = await tx
    .select({ id: businessInvitations.id })
    .from(businessInvitations)
    .where(and(sameEmail, eq(businessInvitations.status, "pending"), sql`${businessInvitations.expiresAt} > now()`));
  if (pending) return fail(TEAM_MESSAGES.error, INVITE_MESSAGES.pending);

  // Delete + invite again must not be a way to mail the same person over and over.
  const [recent] = await tx
    .update(businessInvitations)
    .set({ status: "pending", invitedBy: userId })
    .where(
      and(
        sameEmail,
        eq(businessInvitations.status, "cancelled"),
        sql`${businessInvitations.invitedAt} > now() - make_interval(hours => ${REINVITE_COOLDOWN_HOURS})`,
        sql`${businessInvitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: businessInvitations.id });
  // Not e-mailed again: the first e-mail's link (and secret) still holds.
  if (recent) return ok({ reused: true, server: { invitation: null } });

  // Older invitations that no longer count (accepted, cancelled, or pending but expired) are replaced.
  await tx
    .delete(businessInvitations)
    .where(and(sameEmail, or(sql`${businessInvitations.status} <> 'pending'`, sql`${businessInvitations.expiresAt} <= now()`)));
  const secret = newToken();
  const [row] = await tx
    .insert(businessInvitations)
    .values({ businessId, email, role: "employee", invitedBy: userId, status: "pending", secretHash: hashToken(secret) })
    .returning({ id: businessInvitations.id });
  return ok({ reused: false, server: { invitation: { id: row.id, secret, ...mail } } });
}

/**
 * Deletes a pending invitation of the business: it leaves the lists and its link stops working.
 * The row stays as cancelled, so that inviting the same address again within the cool-down brings
 * it back instead of sending another e-mail.
 */
export async function deleteInvitation({ ctx, tx }: Write, invitationId: string): Promise<ActionResult> {
  const cancelled = await tx
    .update(businessInvitations)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.businessId, ctx.businessId),
        eq(businessInvitations.status, "pending"),
      ),
    )
    .returning({ id: businessInvitations.id });
  return cancelled.length ? ok() : fail(TEAM_MESSAGES.error, TEAM_MESSAGES.deleteInvitationFailed);
}

/**
 * Every secret `userId` made in the business, revoked as they leave its team, in the same
 * transaction: their calendar links (404 from the commit on, audited on each professional), their
 * bot API keys (listed as revoked) and the invitations they sent that are still pending (cancelled:
 * the e-mailed link stops, and the person can't join through it). What the owner made stays.
 * `audit` writes as whoever ends the membership.
 */
export async function revokeSecretsOf(tx: Conn, businessId: string, userId: string, audit: Audit): Promise<void> {
  await revokeFeedsMadeBy(tx, businessId, userId, audit);
  await revokeApiKeysMadeBy(tx, businessId, userId);
  await tx
    .update(businessInvitations)
    .set({ status: "cancelled" })
    .where(and(eq(businessInvitations.businessId, businessId), eq(businessInvitations.invitedBy, userId), eq(businessInvitations.status, "pending")));
}

/**
 * Removes a member from the business; the owner can never be removed. What they made to reach the
 * business from outside it ends with the membership (revokeSecretsOf). Their open live streams
 * close at the commit, before any later change of the business reaches them.
 */
export async function removeMember({ ctx, tx, audit }: Write, memberId: string): Promise<ActionResult> {
  const deleted = await tx
    .delete(userBusinessRoles)
    .where(
      and(
        eq(userBusinessRoles.businessId, ctx.businessId),
        eq(userBusinessRoles.userId, memberId),
        sql`${userBusinessRoles.role} <> 'owner'`,
      ),
    )
    .returning({ userId: userBusinessRoles.userId });
  if (!deleted.length) return fail(TEAM_MESSAGES.error, TEAM_MESSAGES.removeFailed);
  await revokeSecretsOf(tx, ctx.businessId, memberId, audit);
  await announceAccessChange(tx, memberId);
  return ok();
}

/**
 * One e-mail's worth of the business's and the inviter's daily invitation limits; the refusal text,
 * or null. Taken in the action's precheck, never inside its transaction: a rate limit's own
 * connection awaited while a transaction holds another would, 10 at once, hold the whole pool.
 */
export async function takeInvitationQuota(businessId: string, inviterId: string): Promise<string | null> {
  const business = await hit(INVITATIONS.business, businessId);
  if (!business.ok) return INVITE_MESSAGES.dailyLimit;
  const owner = await hit(INVITATIONS.owner, inviterId);
  if (!owner.ok) {
    await refund(INVITATIONS.business, businessId);
    return INVITE_MESSAGES.dailyLimit;
  }
  return null;
}

/** Gives the quota back when no e-mail was sent after all (an invitation brought back within the cool-down). */
export async function refundInvitationQuota(businessId: string, inviterId: string): Promise<void> {
  await Promise.all([refund(INVITATIONS.business, businessId), refund(INVITATIONS.owner, inviterId)]);
}

/**
 * 'Permissões': the grants an employee of the business holds from now on, and the professional
 * linked to them ('Profissional vinculado', null for none: whose agenda they see without
 * 'otherAgendas'). Their next request reads both: every page and action re-reads the membership.
 * An owner's or an administrator's can't be set: they hold every grant. Without 'calendarLinks',
 * the links they made stop working, as when they leave the team. A change of the link is audited on
 * the professional, in the same transaction; a professional of another business is refused (and the
 * composite key would refuse it too), as is one linked to another member (a unique key).
 */
export async function setMemberGrants(
  { ctx, tx, audit }: Write, memberId: string, grants: readonly Grant[], professionalId: string | null = null,
): Promise<ActionResult> {
  const kept = GRANTS.filter((g) => grants.includes(g));
  const [pro] = professionalId
    ? await tx.select({ id: professionals.id, name: professionals.name }).from(professionals)
        .where(and(eq(professionals.id, professionalId), eq(professionals.businessId, ctx.businessId))).for("key share")
    : [null];
  if (professionalId && !pro) return fail(TEAM_MESSAGES.error, TEAM_MESSAGES.professionalNotFound);
  const member = and(eq(userBusinessRoles.businessId, ctx.businessId), eq(userBusinessRoles.userId, memberId), eq(userBusinessRoles.role, "employee"));
  const [before] = await tx.execute<{ professional_id: string | null; name: string | null; member_name: string }>(sql`
    select m.professional_id, p.name, coalesce(u.full_name, u.email) as member_name
      from user_business_roles m join users u on u.id = m.user_id
      left join professionals p on p.id = m.professional_id
     where m.business_id = ${ctx.businessId} and m.user_id = ${memberId} and m.role = 'employee'
       for update of m`);
  if (!before) return fail(TEAM_MESSAGES.error, TEAM_MESSAGES.grantsFailed);
  await tx.update(userBusinessRoles).set({ grants: kept, professionalId: pro?.id ?? null }).where(member);
  if (before.professional_id !== (pro?.id ?? null)) {
    if (before.professional_id) {
      await audit({
        action: "UPDATE", entity: "professional", entityId: before.professional_id,
        description: `Profissional "${before.name}" desvinculado de ${before.member_name}`,
        oldValues: { member: before.member_name }, newValues: { member: null },
      });
    }
    if (pro) {
      await audit({
        action: "UPDATE", entity: "professional", entityId: pro.id,
        description: `Profissional "${pro.name}" vinculado a ${before.member_name}`,
        oldValues: { member: null }, newValues: { member: before.member_name },
      });
    }
  }
  if (!kept.includes(CALENDAR_FEED_GRANT)) await revokeFeedsMadeBy(tx, ctx.businessId, memberId, audit, "quem o gerou perdeu a permissão");
  return ok();
}

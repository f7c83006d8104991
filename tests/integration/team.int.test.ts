import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessApiKeys, businessInvitations, userBusinessRoles, users } from "@/db/schema";
import { invitationEmail } from "@/emails/invitation";
import { hit } from "@/lib/core/rate-limit";
import { INVITATIONS } from "@/lib/core/rate-limit/policies";
import { ACCESS } from "@/lib/auth/permissions";
import { createApiKeyAction } from "@/lib/conversations/actions";
import { findActiveKey } from "@/lib/conversations/api-keys";
import { usableInvitation } from "@/lib/invitations/queries";
import { deleteInvitationAction, inviteMemberAction, removeMemberAction } from "@/lib/team/actions";
import { REINVITE_COOLDOWN_HOURS } from "@/lib/team/mutations";
import { listMembers, listPendingInvitations } from "@/lib/team/queries";
import { INVITE_MESSAGES, inviteEmailError, TEAM_MESSAGES } from "@/lib/team/schemas";
import { actAs } from "./act-as";
import { addBusinessRole, createBusiness, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const refused = (description: string) => ({ ok: false, error: TEAM_MESSAGES.error, description });

/** 'Enviar Convite' by `who` on the team page of `businessId`. */
async function invite(who: { id: string }, businessId: string, email: string) {
  await actAs(who.id);
  return inviteMemberAction({ businessId, email });
}

/** The id of the business's invitation to `email`. */
async function invitationId(businessId: string, email: string): Promise<string> {
  const [row] = await db
    .select({ id: businessInvitations.id })
    .from(businessInvitations)
    .where(and(eq(businessInvitations.businessId, businessId), eq(businessInvitations.email, email.trim().toLowerCase())));
  return row.id;
}

/** How many messages the test outbox holds for `to`. */
function mailsTo(to: string): number {
  const dir = process.env.OUTBOX_DIR!;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`)).length : 0;
}

async function removeMember(who: { id: string }, businessId: string, memberId: string) {
  await actAs(who.id);
  return removeMemberAction({ businessId, memberId });
}

async function deleteInvitation(who: { id: string }, businessId: string, id: string) {
  await actAs(who.id);
  return deleteInvitationAction({ businessId, invitationId: id });
}


/** One hit of a daily limit, as if an invitation had been sent earlier today. */
async function hitLimit(limit: Parameters<typeof hit>[0], key: string) {
  expect((await hit(limit, key)).ok).toBe(true);
}

async function salon() {
  const owner = await createUser({ fullName: "Dona Maria", emailVerifiedAt: new Date() });
  const business = await createBusiness(owner.id);
  return { owner, business };
}

describe("invitation e-mail rule", () => {
  test("trimmed, lower-cased, required, valid, at most 255 characters", () => {
    expect(inviteEmailError("")).toBe(INVITE_MESSAGES.required);
    expect(inviteEmailError("   ")).toBe(INVITE_MESSAGES.required);
    expect(inviteEmailError("não-é-email")).toBe(INVITE_MESSAGES.invalid);
    expect(inviteEmailError(`${"a".repeat(250)}@b.com`)).toBe(INVITE_MESSAGES.tooLong);
    expect(inviteEmailError("  Pessoa@Exemplo.COM ")).toBeNull();
  });
});

describe("invite", () => {
  test("stores a pending employee invitation with the normalised e-mail and 7-day expiry, and e-mails it", async () => {
    const { owner, business } = await salon();
    const email = `Nova.${uniq()}@Exemplo.com`;
    expect(await invite(owner, business.id, `  ${email} `)).toEqual({ ok: true, reused: false });
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, await invitationId(business.id, email)));
    expect(row).toMatchObject({ status: "pending", role: "employee", invitedBy: owner.id, email: email.toLowerCase() });
    const days = (row.expiresAt.getTime() - row.invitedAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(mailsTo(email.toLowerCase())).toBe(1);
    expect((await listPendingInvitations(business.id)).map((i) => i.id)).toEqual([row.id]);
  });

  test("refuses an e-mail that already belongs to a member (any case)", async () => {
    const { owner, business } = await salon();
    const member = await createUser({ email: `membro-${uniq()}@exemplo.com` });
    await addBusinessRole(member.id, business.id, "employee");
    expect(await invite(owner, business.id, member.email.toUpperCase())).toEqual(refused(INVITE_MESSAGES.member));
    expect(await invite(owner, business.id, owner.email)).toEqual(refused(INVITE_MESSAGES.member));
  });

  test("refuses while a pending invitation exists", async () => {
    const { owner, business } = await salon();
    const email = `dup-${uniq()}@exemplo.com`;
    expect((await invite(owner, business.id, email)).ok).toBe(true);
    expect(await invite(owner, business.id, email)).toEqual(refused(INVITE_MESSAGES.pending));
  });

  test("concurrent invitations for the same e-mail: exactly one is stored", async () => {
    const { owner, business } = await salon();
    const email = `race-${uniq()}@exemplo.com`;
    await actAs(owner.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => inviteMemberAction({ businessId: business.id, email })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array(4).fill(refused(INVITE_MESSAGES.pending)));
  });

  test("an older non-pending (or expired) invitation is deleted and replaced", async () => {
    const { owner, business } = await salon();
    const email = `old-${uniq()}@exemplo.com`;
    expect((await invite(owner, business.id, email)).ok).toBe(true);
    const first = await invitationId(business.id, email);
    // Cancelled more than the cool-down ago.
    await db
      .update(businessInvitations)
      .set({ status: "cancelled", invitedAt: new Date(Date.now() - (REINVITE_COOLDOWN_HOURS + 1) * 3600_000) })
      .where(eq(businessInvitations.id, first));
    expect(await invite(owner, business.id, email)).toEqual({ ok: true, reused: false });
    const second = await invitationId(business.id, email);
    expect(second).not.toBe(first);
    await db.update(businessInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(businessInvitations.id, second));
    expect(await invite(owner, business.id, email)).toEqual({ ok: true, reused: false });
    const rows = await db
      .select({ id: businessInvitations.id })
      .from(businessInvitations)
      .where(and(eq(businessInvitations.businessId, business.id), eq(businessInvitations.email, email)));
    expect(rows).toHaveLength(1);
    expect([first, second]).not.toContain(rows[0].id);
  });

  test("only owner-level members may invite", async () => {
    const { business } = await salon();
    const employee = await createUser();
    await addBusinessRole(employee.id, business.id, "employee");
    const stranger = await createUser();
    expect(await invite(employee, business.id, `x-${uniq()}@exemplo.com`)).toEqual(refused(ACCESS.forbidden));
    expect(await invite(stranger, business.id, `x-${uniq()}@exemplo.com`)).toEqual(refused(ACCESS.forbidden));
    expect(await listPendingInvitations(business.id)).toEqual([]);
  });
});

describe("invitation e-mails can't be abused", () => {
  test("only an owner whose e-mail is confirmed sends invitations", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    expect(await invite(owner, business.id, `x-${uniq()}@exemplo.com`)).toEqual(refused(INVITE_MESSAGES.confirmFirst));
    expect(await listPendingInvitations(business.id)).toEqual([]);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await invite(owner, business.id, `x-${uniq()}@exemplo.com`)).ok).toBe(true);
  });

  test("delete then invite again within the cool-down brings the same invitation back, without a new e-mail", async () => {
    const { owner, business } = await salon();
    const email = `volta-${uniq()}@exemplo.com`;
    expect(await invite(owner, business.id, email)).toEqual({ ok: true, reused: false });
    const first = await invitationId(business.id, email);
    expect(await deleteInvitation(owner, business.id, first)).toEqual({ ok: true });
    expect(await listPendingInvitations(business.id)).toEqual([]);

    expect(await invite(owner, business.id, email)).toEqual({ ok: true, reused: true });
    expect((await listPendingInvitations(business.id)).map((i) => i.id)).toEqual([first]);
    expect(mailsTo(email)).toBe(1);
    // Refused by the invitee, then invited again: the same.
    await db.update(businessInvitations).set({ status: "cancelled" }).where(eq(businessInvitations.id, first));
    expect(await invite(owner, business.id, email)).toEqual({ ok: true, reused: true });
  });

  test("per-business and per-owner daily limits on new invitations", async () => {
    const { owner, business } = await salon();
    // The business has used all but one of today's invitations.
    for (let i = 0; i < INVITATIONS.business.points - 1; i++) await hitLimit(INVITATIONS.business, business.id);
    expect((await invite(owner, business.id, `a-${uniq()}@exemplo.com`)).ok).toBe(true);
    expect(await invite(owner, business.id, `b-${uniq()}@exemplo.com`)).toEqual(refused(INVITE_MESSAGES.dailyLimit));

    // The owner's limit counts across their businesses.
    const other = await createBusiness(owner.id);
    for (let i = 0; i < INVITATIONS.owner.points - 1; i++) await hitLimit(INVITATIONS.owner, owner.id);
    expect(await invite(owner, other.id, `c-${uniq()}@exemplo.com`)).toEqual(refused(INVITE_MESSAGES.dailyLimit));
    expect(await listPendingInvitations(other.id)).toEqual([]);
  });

  test("the subject carries the business name only when it is plain; the names never carry links", () => {
    const base = { email: "x@exemplo.com", inviterName: "Dona Maria", id: "00000000-0000-4000-8000-000000000000", secret: "segredo" };
    expect(invitationEmail({ ...base, businessName: "  Studio  Bela Vista " }).subject).toBe("Convite para a equipe de Studio Bela Vista");
    const phishing = invitationEmail({ ...base, businessName: "URGENTE: sua conta do banco foi bloqueada, acesse http://golpe.exemplo" });
    expect(phishing.subject).toBe("Convite para uma equipe na Agenda");
    expect(phishing.text).not.toMatch(/golpe|URGENTE/);
    expect(invitationEmail({ ...base, businessName: "Salão", inviterName: "veja www.golpe.com" }).text).not.toMatch(/golpe/);
  });
});

describe("members", () => {
  test("the owner removes an employee but never the owner; others cannot remove", async () => {
    const { owner, business } = await salon();
    const employee = await createUser();
    await addBusinessRole(employee.id, business.id, "employee");
    const other = await salon();

    expect(await removeMember(employee, business.id, owner.id)).toEqual(refused(ACCESS.forbidden));
    expect(await removeMember(other.owner, business.id, employee.id)).toEqual(refused(ACCESS.forbidden));
    // Another business's owner naming their own business: the member is looked up within it, not found.
    expect(await removeMember(other.owner, other.business.id, employee.id)).toEqual(refused(TEAM_MESSAGES.removeFailed));
    expect(await removeMember(owner, business.id, owner.id)).toEqual(refused(TEAM_MESSAGES.removeFailed));
    expect((await listMembers(business.id)).map((m) => m.role)).toEqual(["owner", "employee"]);

    expect(await removeMember(owner, business.id, employee.id)).toEqual({ ok: true });
    const left = await db.select().from(userBusinessRoles).where(eq(userBusinessRoles.businessId, business.id));
    expect(left.map((m) => m.userId)).toEqual([owner.id]);
  });

  test("removing a member revokes the secrets they made: their bot API keys stop, their pending invitations are cancelled; the owner's stay", async () => {
    const { owner, business } = await salon();
    const admin = await createUser({ emailVerifiedAt: new Date() });
    await addBusinessRole(admin.id, business.id, "admin");
    const key = async (who: { id: string }, name: string) => {
      await actAs(who.id);
      const r = await createApiKeyAction({ businessId: business.id, name });
      if (!r.ok) throw new Error(`${r.error}: ${r.description}`);
      return r.key;
    };
    const ownersKey = await key(owner, "Bot da dona");
    const adminsKey = await key(admin, "Bot do administrador");
    const ownersGuest = `dona-${uniq()}@exemplo.com`;
    const adminsGuest = `adm-${uniq()}@exemplo.com`;
    expect((await invite(owner, business.id, ownersGuest)).ok).toBe(true);
    expect((await invite(admin, business.id, adminsGuest)).ok).toBe(true);
    const adminsInvitation = await invitationId(business.id, adminsGuest);
    expect(await findActiveKey(adminsKey)).not.toBeNull();
    expect(await usableInvitation(adminsInvitation)).not.toBeNull();

    expect(await removeMember(owner, business.id, admin.id)).toEqual({ ok: true });
    expect(await findActiveKey(adminsKey)).toBeNull();
    expect(await usableInvitation(adminsInvitation)).toBeNull();
    expect((await listPendingInvitations(business.id)).map((i) => i.email)).toEqual([ownersGuest]);
    expect(await findActiveKey(ownersKey)).toMatchObject({ businessId: business.id, name: "Bot da dona" });
    // The revoked key stays listed, marked revoked, like one revoked by hand.
    const keys = await db.select({ name: businessApiKeys.name, revokedAt: businessApiKeys.revokedAt }).from(businessApiKeys).where(eq(businessApiKeys.businessId, business.id));
    expect(keys.find((k) => k.name === "Bot do administrador")?.revokedAt).toBeInstanceOf(Date);
  });

  test("deleting an invitation is limited to the owner's own business", async () => {
    const { owner, business } = await salon();
    const other = await salon();
    const email = `del-${uniq()}@exemplo.com`;
    expect((await invite(owner, business.id, email)).ok).toBe(true);
    const id = await invitationId(business.id, email);
    expect(await deleteInvitation(other.owner, other.business.id, id)).toEqual(refused(TEAM_MESSAGES.deleteInvitationFailed));
    expect(await deleteInvitation(other.owner, business.id, id)).toEqual(refused(ACCESS.forbidden));
    expect(await deleteInvitation(owner, business.id, id)).toEqual({ ok: true });
    expect(await listPendingInvitations(business.id)).toEqual([]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessInvitations, userBusinessRoles, users } from "@/db/schema";
import { invitationEmail } from "@/emails/invitation";
import { hit } from "@/lib/rate-limit";
import { INVITATIONS } from "@/lib/rate-limit/policies";
import { createInvitation, deleteInvitation, REINVITE_COOLDOWN_HOURS, removeMember } from "@/lib/team/invite";
import { listMembers, listPendingInvitations } from "@/lib/team/queries";
import { INVITE_MESSAGES, inviteEmailError } from "@/lib/team/schemas";
import { addBusinessRole, createBusiness, createUser, uniq } from "./fixtures";


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

describe("createInvitation", () => {
  test("stores a pending employee invitation with the normalised e-mail and 7-day expiry", async () => {
    const { owner, business } = await salon();
    const email = `Nova.${uniq()}@Exemplo.com`;
    const result = await createInvitation(owner.id, business.id, `  ${email} `);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.invitation).toMatchObject({ email: email.toLowerCase(), businessName: business.name, inviterName: "Dona Maria" });
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, result.invitation.id));
    expect(row).toMatchObject({ status: "pending", role: "employee", invitedBy: owner.id, email: email.toLowerCase() });
    const days = (row.expiresAt.getTime() - row.invitedAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect((await listPendingInvitations(business.id)).map((i) => i.id)).toEqual([row.id]);
  });

  test("refuses an e-mail that already belongs to a member (any case)", async () => {
    const { owner, business } = await salon();
    const member = await createUser({ email: `membro-${uniq()}@exemplo.com` });
    await addBusinessRole(member.id, business.id, "employee");
    expect(await createInvitation(owner.id, business.id, member.email.toUpperCase())).toEqual({ ok: false, error: INVITE_MESSAGES.member });
    expect(await createInvitation(owner.id, business.id, owner.email)).toEqual({ ok: false, error: INVITE_MESSAGES.member });
  });

  test("refuses while a pending invitation exists", async () => {
    const { owner, business } = await salon();
    const email = `dup-${uniq()}@exemplo.com`;
    expect((await createInvitation(owner.id, business.id, email)).ok).toBe(true);
    expect(await createInvitation(owner.id, business.id, email)).toEqual({ ok: false, error: INVITE_MESSAGES.pending });
  });

  test("concurrent invitations for the same e-mail: exactly one is stored", async () => {
    const { owner, business } = await salon();
    const email = `race-${uniq()}@exemplo.com`;
    const results = await Promise.all(Array.from({ length: 5 }, () => createInvitation(owner.id, business.id, email)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === INVITE_MESSAGES.pending)).toBe(true);
  });

  test("an older non-pending (or expired) invitation is deleted and replaced", async () => {
    const { owner, business } = await salon();
    const email = `old-${uniq()}@exemplo.com`;
    const first = await createInvitation(owner.id, business.id, email);
    if (!first.ok) throw new Error("first invite failed");
    // Cancelled more than the cool-down ago.
    await db
      .update(businessInvitations)
      .set({ status: "cancelled", invitedAt: new Date(Date.now() - (REINVITE_COOLDOWN_HOURS + 1) * 3600_000) })
      .where(eq(businessInvitations.id, first.invitation.id));
    const second = await createInvitation(owner.id, business.id, email);
    if (!second.ok) throw new Error("second invite failed");
    await db.update(businessInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(businessInvitations.id, second.invitation.id));
    const third = await createInvitation(owner.id, business.id, email);
    expect(third.ok).toBe(true);
    const rows = await db
      .select({ id: businessInvitations.id })
      .from(businessInvitations)
      .where(and(eq(businessInvitations.businessId, business.id), eq(businessInvitations.email, email)));
    expect(rows.map((r) => r.id)).toEqual([third.ok && third.invitation.id]);
  });

  test("only owner-level members may invite", async () => {
    const { business } = await salon();
    const employee = await createUser();
    await addBusinessRole(employee.id, business.id, "employee");
    const stranger = await createUser();
    expect(await createInvitation(employee.id, business.id, `x-${uniq()}@exemplo.com`)).toEqual({ ok: false, error: INVITE_MESSAGES.failed });
    expect(await createInvitation(stranger.id, business.id, `x-${uniq()}@exemplo.com`)).toEqual({ ok: false, error: INVITE_MESSAGES.failed });
  });
});

describe("invitation e-mails can't be abused", () => {
  test("only an owner whose e-mail is confirmed sends invitations", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    expect(await createInvitation(owner.id, business.id, `x-${uniq()}@exemplo.com`)).toEqual({ ok: false, error: INVITE_MESSAGES.confirmFirst });
    expect(await listPendingInvitations(business.id)).toEqual([]);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await createInvitation(owner.id, business.id, `x-${uniq()}@exemplo.com`)).ok).toBe(true);
  });

  test("delete then invite again within the cool-down brings the same invitation back, without a new e-mail", async () => {
    const { owner, business } = await salon();
    const email = `volta-${uniq()}@exemplo.com`;
    const first = await createInvitation(owner.id, business.id, email);
    if (!first.ok) throw new Error("invite failed");
    expect(first.reused).toBe(false);
    expect(await deleteInvitation(owner.id, business.id, first.invitation.id)).toBe(true);
    expect(await listPendingInvitations(business.id)).toEqual([]);

    const again = await createInvitation(owner.id, business.id, email);
    expect(again).toMatchObject({ ok: true, reused: true, invitation: { id: first.invitation.id } });
    expect((await listPendingInvitations(business.id)).map((i) => i.id)).toEqual([first.invitation.id]);
    // Refused by the invitee, then invited again: the same.
    await db.update(businessInvitations).set({ status: "cancelled" }).where(eq(businessInvitations.id, first.invitation.id));
    expect(await createInvitation(owner.id, business.id, email)).toMatchObject({ ok: true, reused: true });
  });

  test("per-business and per-owner daily limits on new invitations", async () => {
    const { owner, business } = await salon();
    // The business has used all but one of today's invitations.
    for (let i = 0; i < INVITATIONS.business.points - 1; i++) await hitLimit(INVITATIONS.business, business.id);
    expect((await createInvitation(owner.id, business.id, `a-${uniq()}@exemplo.com`)).ok).toBe(true);
    expect(await createInvitation(owner.id, business.id, `b-${uniq()}@exemplo.com`)).toEqual({ ok: false, error: INVITE_MESSAGES.dailyLimit });

    // The owner's limit counts across their businesses.
    const other = await createBusiness(owner.id);
    for (let i = 0; i < INVITATIONS.owner.points - 1; i++) await hitLimit(INVITATIONS.owner, owner.id);
    expect(await createInvitation(owner.id, other.id, `c-${uniq()}@exemplo.com`)).toEqual({ ok: false, error: INVITE_MESSAGES.dailyLimit });
    expect(await listPendingInvitations(other.id)).toEqual([]);
  });

  test("the subject carries the business name only when it is plain; the names never carry links", () => {
    const base = { email: "x@exemplo.com", inviterName: "Dona Maria", invitationId: "00000000-0000-4000-8000-000000000000" };
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

    expect(await removeMember(employee.id, business.id, owner.id)).toBe(false);
    expect(await removeMember(other.owner.id, business.id, employee.id)).toBe(false);
    expect(await removeMember(owner.id, business.id, owner.id)).toBe(false);
    expect((await listMembers(business.id)).map((m) => m.role)).toEqual(["owner", "employee"]);

    expect(await removeMember(owner.id, business.id, employee.id)).toBe(true);
    const left = await db.select().from(userBusinessRoles).where(eq(userBusinessRoles.businessId, business.id));
    expect(left.map((m) => m.userId)).toEqual([owner.id]);
  });

  test("deleting an invitation is limited to the owner's own business", async () => {
    const { owner, business } = await salon();
    const other = await salon();
    const inv = await createInvitation(owner.id, business.id, `del-${uniq()}@exemplo.com`);
    if (!inv.ok) throw new Error("invite failed");
    expect(await deleteInvitation(other.owner.id, other.business.id, inv.invitation.id)).toBe(false);
    expect(await deleteInvitation(owner.id, business.id, inv.invitation.id)).toBe(true);
    expect(await listPendingInvitations(business.id)).toEqual([]);
  });
});

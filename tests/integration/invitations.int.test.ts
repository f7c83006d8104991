import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessInvitations, userBusinessRoles, users } from "@/db/schema";
import { checkCredentials } from "@/lib/auth/credentials";
import { confirmEmailAction } from "@/lib/auth/actions";
import { verifyPassword } from "@/lib/auth/password";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { acceptInvitationAction, employeeSignupAction } from "@/lib/invitations/actions";
import { acceptInvitation, declineInvitation } from "@/lib/invitations/mutations";
import { declineInvitationAction } from "@/lib/invitations/actions";
import { pendingInvitationsFor } from "@/lib/invitations/queries";
import { inviteMemberAction } from "@/lib/team/actions";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { signupChecklist } from "@/lib/invitations/messages";
import { employeeSignupSchema, type EmployeeSignupInput } from "@/lib/invitations/schemas";
import { actAs, cookieValue } from "./act-as";
import { createBusiness, createUser as createAnyUser, uniq } from "./fixtures";
import AppLayout from "@/app/(app)/layout";
import { ConfirmEmailNotice } from "@/components/auth/confirm-email-notice";
import { PendingInvitationsInShell } from "@/components/invitations/pending-invitations-in-shell";
import { PendingInvitationsNotice } from "@/components/invitations/pending-invitations-notice";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

/** The message under each field of the sign-up form, as the form shows them. */
function signupErrors(v: EmployeeSignupInput) {
  const r = employeeSignupSchema.safeParse(v);
  return r.success ? {} : zodFieldErrors(r.error);
}

/** 'Criar conta' on the invitation link (with its secret `key`, or the bare ?invite= id), by a visitor. */
async function signUpEmployee(invitationId: string, input: { fullName: string; password: string; confirmPassword: string }, key?: string) {
  await actAs(null);
  return employeeSignupAction({ ...input, invitationId, key });
}

/** A user whose address is confirmed (the usual case below); `createAnyUser` makes an unconfirmed one. */
function createUser(overrides: Parameters<typeof createAnyUser>[0] = {}) {
  return createAnyUser({ emailVerifiedAt: new Date(), ...overrides });
}


/** An invitation as the team page stores it: `secret` is what its e-mail carries (only its hash is kept). */
async function invitation(email: string, overrides: Partial<typeof businessInvitations.$inferInsert> = {}) {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  const secret = newToken();
  const [inv] = await db
    .insert(businessInvitations)
    .values({ businessId: business.id, email, invitedBy: owner.id, secretHash: hashToken(secret), ...overrides })
    .returning();
  return { owner, business, inv, secret };
}

async function memberships(userId: string, businessId: string) {
  return db
    .select()
    .from(userBusinessRoles)
    .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
}

describe("acceptInvitation", () => {
  test("the invited user (any e-mail case) becomes an employee and the invitation is accepted", async () => {
    const user = await createUser({ email: `conv-${uniq()}@exemplo.com` });
    const { business, inv } = await invitation(user.email.toUpperCase());
    expect(await pendingInvitationsFor(user.id)).toEqual([expect.objectContaining({ id: inv.id, businessName: business.name, role: "employee" })]);
    const result = await acceptInvitation(user.id, inv.id, null);
    expect(result).toEqual({ ok: true, businessId: business.id, businessName: business.name, confirmedNow: false });
    expect(await memberships(user.id, business.id)).toEqual([expect.objectContaining({ role: "employee" })]);
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, inv.id));
    expect(row).toMatchObject({ status: "accepted", acceptedBy: user.id });
    expect(row.acceptedAt).toBeInstanceOf(Date);
    expect(await pendingInvitationsFor(user.id)).toEqual([]);
  });

  test("a different signed-in account cannot accept", async () => {
    const invited = `alvo-${uniq()}@exemplo.com`;
    const intruder = await createUser();
    const { business, inv } = await invitation(invited);
    expect(await acceptInvitation(intruder.id, inv.id, null)).toEqual({ ok: false, reason: "wrong_email" });
    expect(await memberships(intruder.id, business.id)).toEqual([]);
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, inv.id));
    expect(row.status).toBe("pending");
  });

  test("an expired invitation cannot be accepted", async () => {
    const user = await createUser();
    const { business, inv } = await invitation(user.email, { expiresAt: new Date(Date.now() - 60_000) });
    expect(await acceptInvitation(user.id, inv.id, null)).toEqual({ ok: false, reason: "expired" });
    expect(await memberships(user.id, business.id)).toEqual([]);
    expect(await pendingInvitationsFor(user.id)).toEqual([]);
  });

  test("a cancelled invitation cannot be accepted", async () => {
    const user = await createUser();
    const { business, inv } = await invitation(user.email, { status: "cancelled" });
    expect(await acceptInvitation(user.id, inv.id, null)).toEqual({ ok: false, reason: "not_pending" });
    expect(await memberships(user.id, business.id)).toEqual([]);
  });

  test("an invitation is accepted only once, even concurrently", async () => {
    const user = await createUser();
    const { business, inv } = await invitation(user.email);
    const results = await Promise.all([1, 2, 3].map(() => acceptInvitation(user.id, inv.id, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await acceptInvitation(user.id, inv.id, null)).toEqual({ ok: false, reason: "not_pending" });
    expect(await memberships(user.id, business.id)).toHaveLength(1);
  });

  test("unknown or malformed ids fail cleanly", async () => {
    const user = await createUser();
    expect(await acceptInvitation(user.id, "nao-e-uuid", null)).toEqual({ ok: false, reason: "not_found" });
    expect(await acceptInvitation(user.id, "00000000-0000-4000-8000-000000000000", null)).toEqual({ ok: false, reason: "not_found" });
  });

  test("an existing member accepting keeps one membership with its role", async () => {
    const user = await createUser();
    const { business, inv } = await invitation(user.email);
    await db.insert(userBusinessRoles).values({ userId: user.id, businessId: business.id, role: "admin" });
    expect((await acceptInvitation(user.id, inv.id, null)).ok).toBe(true);
    expect(await memberships(user.id, business.id)).toEqual([expect.objectContaining({ role: "admin" })]);
  });
});

describe("an address that is not proven gets no invitation", () => {
  test("pending invitations are not listed to an unconfirmed account", async () => {
    const squatter = await createAnyUser({ email: `recepcao-${uniq()}@exemplo.com` });
    await invitation(squatter.email);
    expect(await pendingInvitationsFor(squatter.id)).toEqual([]);
  });

  test("an unconfirmed account can neither accept from the list nor refuse", async () => {
    const squatter = await createAnyUser({ email: `novo-${uniq()}@exemplo.com` });
    const { business, inv } = await invitation(squatter.email);
    expect(await acceptInvitation(squatter.id, inv.id, null)).toEqual({ ok: false, reason: "unconfirmed" });
    expect(await declineInvitation(squatter.id, inv.id)).toBe(false);
    expect(await memberships(squatter.id, business.id)).toEqual([]);
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, inv.id));
    expect(row.status).toBe("pending");
  });

  test("following the e-mailed link proves the address: the invitation is accepted and the e-mail confirmed", async () => {
    const person = await createAnyUser({ email: `link-${uniq()}@exemplo.com` });
    const { business, inv, secret } = await invitation(person.email);
    // The id alone (which the inviter reads) or a wrong secret proves nothing.
    expect(await acceptInvitation(person.id, inv.id, null)).toEqual({ ok: false, reason: "unconfirmed" });
    expect(await acceptInvitation(person.id, inv.id, newToken())).toEqual({ ok: false, reason: "unconfirmed" });
    expect(await acceptInvitation(person.id, inv.id, secret)).toEqual({
      ok: true, businessId: business.id, businessName: business.name, confirmedNow: true,
    });
    const [after] = await db.select().from(users).where(eq(users.id, person.id));
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    // The link of someone else's invitation proves nothing about this account.
    const other = await invitation(`outra-${uniq()}@exemplo.com`);
    const stranger = await createAnyUser();
    expect(await acceptInvitation(stranger.id, other.inv.id, other.secret)).toEqual({ ok: false, reason: "wrong_email" });
  });
});

describe("declineInvitation", () => {
  test("only the invited e-mail can refuse; status becomes cancelled", async () => {
    const user = await createUser();
    const other = await createUser();
    const { inv } = await invitation(user.email);
    expect(await declineInvitation(other.id, inv.id)).toBe(false);
    expect(await declineInvitation(user.id, inv.id)).toBe(true);
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, inv.id));
    expect(row.status).toBe("cancelled");
    expect(await acceptInvitation(user.id, inv.id, null)).toEqual({ ok: false, reason: "not_pending" });
  });
});

describe("signUpEmployee", () => {
  const good = { fullName: "Nova Pessoa", password: "senha1234", confirmPassword: "senha1234" };

  test("the checklist and messages follow the spec", () => {
    expect(signupChecklist({ fullName: "A", password: "abc", confirmPassword: "" }).map((c) => c.ok)).toEqual([false, true, false, false, false]);
    expect(signupChecklist(good).every((c) => c.ok)).toBe(true);
    expect(signupErrors({ fullName: "", password: "", confirmPassword: "" })).toEqual({
      fullName: "Nome é obrigatório",
      password: "Senha é obrigatória",
      confirmPassword: "Confirme sua senha",
    });
    expect(signupErrors({ fullName: "A", password: "abcdefgh", confirmPassword: "x" })).toEqual({
      fullName: "Nome deve ter pelo menos 2 caracteres",
      password: "A senha deve incluir letras e números",
      confirmPassword: "Senhas não coincidem",
    });
    expect(signupErrors({ ...good, password: "a1" , confirmPassword: "a1" }).password).toBe("Senha deve ter pelo menos 8 caracteres");
  });

  test("with the e-mailed secret: creates a verified account and accepts the invitation in one go", async () => {
    const email = `novo-${uniq()}@exemplo.com`;
    const { business, inv, secret } = await invitation(email);
    const result = await signUpEmployee(inv.id, good, secret);
    expect(result).toEqual({ ok: true, email, businessName: business.name, confirmed: true });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ fullName: "Nova Pessoa", registered: true });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "senha1234")).toBe(true);
    expect(await memberships(user.id, business.id)).toEqual([expect.objectContaining({ role: "employee" })]);
    const roles = await db.execute<{ name: string }>(
      sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${user.id}`,
    );
    expect(roles.map((r) => r.name)).toEqual(["employee"]);
    // The link is now used.
    expect(await signUpEmployee(inv.id, good, secret)).toMatchObject({ ok: false, error: "Erro ao aceitar convite" });
  });

  test("an expired invitation creates no account", async () => {
    const email = `expirado-${uniq()}@exemplo.com`;
    const { inv } = await invitation(email, { expiresAt: new Date(Date.now() - 1000) });
    expect(await signUpEmployee(inv.id, good)).toEqual({ ok: false, error: "Erro ao aceitar convite", description: "Verifique se o convite ainda é válido." });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  test("an e-mail that already has an account is sent to log in", async () => {
    const user = await createUser();
    const { inv } = await invitation(user.email);
    expect(await signUpEmployee(inv.id, good)).toEqual({
      ok: false, error: "Confirme seu email ou faça login", description: "Finalize o login para aceitar o convite.", code: "account-exists",
    });
  });

  test("the server checks the form again", async () => {
    const email = `fraca-${uniq()}@exemplo.com`;
    const { inv } = await invitation(email);
    expect(await signUpEmployee(inv.id, { fullName: "Nova Pessoa", password: "abcdefgh", confirmPassword: "abcdefgh" })).toMatchObject({
      ok: false, error: "Erro no cadastro", fieldErrors: { password: "A senha deve incluir letras e números" },
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe("accepting from the app", () => {
  test("accepting makes the business current; another person's invitation is refused", async () => {
    const user = await createUser({ email: `aceita-${uniq()}@exemplo.com` });
    const { business, inv } = await invitation(user.email);
    const other = await invitation(`outra-${uniq()}@exemplo.com`);
    await actAs(user.id);
    expect(await acceptInvitationAction({ invitationId: other.inv.id })).toEqual({
      ok: false, error: "Erro", description: "Não foi possível aceitar o convite. Verifique se ele ainda é válido.",
    });
    expect(await acceptInvitationAction({ invitationId: inv.id })).toEqual({ ok: true, businessName: business.name });
    expect(cookieValue("currentBusinessId")).toBe(business.id);
    expect(await memberships(user.id, business.id)).toEqual([expect.objectContaining({ role: "employee" })]);
  });
});

describe("an invitation id is not proof of an address", () => {
  const good = { fullName: "Quem Convidou", password: "senha1234", confirmPassword: "senha1234" };

  /** The newest link to `to` in the test outbox whose path contains `part`. */
  function linkFromMail(to: string, part: string): URL {
    const dir = process.env.OUTBOX_DIR!;
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`)).sort().reverse();
    const text = fs.readFileSync(`${dir}/${file}`, "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    return new URL(text.match(new RegExp(`https?://\\S*${part.replace(/[?]/g, "\\?")}[^\\s"<>]*`))![0].replace(/&amp;/g, "&"));
  }

  async function globalRoles(userId: string) {
    const rows = await db.execute<{ name: string }>(sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}`);
    return rows.map((r) => r.name).sort();
  }

  test("an owner who invites an admin-listed address and signs up with the id alone gets an unconfirmed account: no saas_admin, no other business's invitation", async () => {
    const target = `alvo-admin-${uniq()}@exemplo.com`;
    await db.execute(sql`insert into saas_config (config_key, config_value) values ('saas_admin_emails', '[]'::jsonb) on conflict (config_key) do nothing`);
    await db.execute(sql`update saas_config set config_value = config_value || to_jsonb(${target}::text) where config_key = 'saas_admin_emails'`);
    // Another salon invited the same address, and that invitation is waiting for its real owner.
    const otherSalon = await invitation(target);

    // A freshly signed-up owner (confirmed, so allowed to invite) invites the address through the team page…
    const attacker = await createUser();
    const own = await createBusiness(attacker.id);
    await actAs(attacker.id);
    const invited = await inviteMemberAction({ businessId: own.id, email: target });
    expect(invited).toEqual({ ok: true, reused: false });
    expect(JSON.stringify(invited)).not.toMatch(/secret|key/i);
    // …reads the invitation's id, which is its own data…
    const [row] = await db.select().from(businessInvitations).where(and(eq(businessInvitations.businessId, own.id), eq(businessInvitations.email, target)));
    // …and completes the employee sign-up with it.
    expect(await signUpEmployee(row.id, good)).toEqual({ ok: true, confirmed: false });

    const [account] = await db.select().from(users).where(eq(users.email, target));
    expect(account.emailVerifiedAt).toBeNull();
    expect(await memberships(account.id, own.id)).toEqual([]);
    const [ownInvitation] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, row.id));
    expect(ownInvitation.status).toBe("pending");

    // Signing in does not make it a platform admin…
    expect(await checkCredentials(target, good.password, `203.0.113.${Math.floor(Math.random() * 250)}`)).toMatchObject({ ok: true });
    expect(await globalRoles(account.id)).toEqual(["employee"]);
    // …and the other salon's invitation is neither listed nor accepted, by the list or the bare link.
    expect(await pendingInvitationsFor(account.id)).toEqual([]);
    await actAs(account.id);
    expect((await acceptInvitationAction({ invitationId: otherSalon.inv.id })).ok).toBe(false);
    expect((await acceptInvitationAction({ invitationId: row.id })).ok).toBe(false);
    expect(await memberships(account.id, otherSalon.business.id)).toEqual([]);
    const [others] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, otherSalon.inv.id));
    expect(others.status).toBe("pending");

    // Our confirmation link went to the address: its reader, in a browser of their own, chooses the
    // password and confirms; only then is the account admin, and the password typed at sign-up is gone.
    const confirm = linkFromMail(target, "/confirm-email");
    await actAs(null);
    const password = "da-caixa-postal-1";
    expect(await confirmEmailAction({ token: confirm.searchParams.get("token")!, password, confirmPassword: password })).toEqual({ ok: true, signedIn: false });
    expect(await globalRoles(account.id)).toEqual(["employee", "saas_admin"]);
    expect((await checkCredentials(target, good.password, `203.0.113.${Math.floor(Math.random() * 250)}`)).ok).toBe(false);
    expect((await pendingInvitationsFor(account.id)).map((i) => i.id).sort()).toEqual([otherSalon.inv.id, row.id].sort());
  });

  test("the e-mailed link still signs up and confirms in one step", async () => {
    const owner = await createUser({ fullName: "Dona Clara" });
    const business = await createBusiness(owner.id);
    const email = `convidada-${uniq()}@exemplo.com`;
    await actAs(owner.id);
    expect(await inviteMemberAction({ businessId: business.id, email })).toEqual({ ok: true, reused: false });
    const link = linkFromMail(email, "/auth?invite=");
    const id = link.searchParams.get("invite")!;
    const key = link.searchParams.get("key")!;
    // At least 128 random bits, and only its hash is stored.
    expect(Buffer.from(key, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await db.select().from(businessInvitations).where(eq(businessInvitations.id, id));
    expect(row.secretHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);

    expect(await signUpEmployee(id, good, key)).toEqual({ ok: true, email, businessName: business.name, confirmed: true });
    const [account] = await db.select().from(users).where(eq(users.email, email));
    expect(account.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await memberships(account.id, business.id)).toEqual([expect.objectContaining({ role: "employee" })]);
  });

  test("a signed-in unconfirmed account accepts with the link's secret, not with the id alone", async () => {
    const person = await createAnyUser({ email: `pessoa-${uniq()}@exemplo.com` });
    const { business, inv, secret } = await invitation(person.email);
    await actAs(person.id);
    expect(await acceptInvitationAction({ invitationId: inv.id })).toMatchObject({ ok: false });
    expect(await acceptInvitationAction({ invitationId: inv.id, key: newToken() })).toMatchObject({ ok: false });
    // The browser cannot claim a proof: an unknown field is not one.
    expect(await acceptInvitationAction({ invitationId: inv.id, proof: "link" } as never)).toMatchObject({ ok: false });
    expect(await memberships(person.id, business.id)).toEqual([]);
    expect(await acceptInvitationAction({ invitationId: inv.id, key: secret })).toEqual({ ok: true, businessName: business.name });
    const [after] = await db.select().from(users).where(eq(users.id, person.id));
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe("pending invitations inside the app (the shell's banner)", () => {
  type El = { type: unknown; props: Record<string, unknown> };
  /** The notice the app shell shows above every page, as the layout renders it for the signed-in user. */
  async function shellNotice(): Promise<El | null> {
    const shell = (await AppLayout({ children: null })) as unknown as El;
    return shell.props.notice as El | null;
  }
  /** What that notice renders (it reads the invitations on the server). */
  async function rendered(notice: El) {
    return (await (notice.type as (p: unknown) => Promise<El | null>)(notice.props)) ?? null;
  }

  test("a confirmed member sees their pending, unexpired invitations (any e-mail case) until answered; accepting switches business", async () => {
    const user = await createUser({ email: `membro-${uniq()}@exemplo.com` });
    const own = await createBusiness(user.id);
    const soon = await invitation(user.email.toUpperCase(), { expiresAt: new Date(Date.now() + 86_400_000) });
    const later = await invitation(user.email);
    await invitation(user.email, { expiresAt: new Date(Date.now() - 60_000) });
    await invitation(user.email, { status: "cancelled" });
    await invitation(`outra-${uniq()}@exemplo.com`);

    await actAs(user.id, { currentBusinessId: own.id });
    const notice = await shellNotice();
    expect(notice).toMatchObject({ type: PendingInvitationsInShell, props: { userId: user.id } });
    const banner = await rendered(notice!);
    expect(banner?.type).toBe(PendingInvitationsNotice);
    expect((banner!.props.invitations as { id: string }[]).map((i) => i.id)).toEqual([soon.inv.id, later.inv.id]);
    expect(banner!.props.invitations).toEqual([
      expect.objectContaining({ businessId: soon.business.id, businessName: soon.business.name, role: "employee" }),
      expect.objectContaining({ businessId: later.business.id, businessName: later.business.name, role: "employee" }),
    ]);

    // Recusar takes one away; Aceitar the other, and its business becomes the current one.
    expect(await declineInvitationAction({ invitationId: soon.inv.id })).toEqual({ ok: true });
    expect(((await rendered((await shellNotice())!))!.props.invitations as { id: string }[]).map((i) => i.id)).toEqual([later.inv.id]);
    expect(await acceptInvitationAction({ invitationId: later.inv.id })).toEqual({ ok: true, businessName: later.business.name });
    expect(cookieValue("currentBusinessId")).toBe(later.business.id);
    expect(await rendered((await shellNotice())!)).toBeNull();
  });

  test("an unconfirmed address gets 'Confirme seu e-mail' and no invitation, even when one is addressed to it", async () => {
    const squatter = await createAnyUser({ email: `digitou-${uniq()}@exemplo.com` });
    const own = await createBusiness(squatter.id);
    await invitation(squatter.email);
    await actAs(squatter.id, { currentBusinessId: own.id });
    expect(await shellNotice()).toMatchObject({ type: ConfirmEmailNotice, props: { email: squatter.email } });
    expect(await PendingInvitationsInShell({ userId: squatter.id })).toBeNull();
  });
});

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  businesses, emailVerificationTokens, passwordResetTokens, roles, saasConfig, userBusinessRoles, userRoles, users,
} from "@/db/schema";
import {
  ALREADY_REGISTERED, INVALID_RESET_LINK, registerBusiness, requestPasswordReset, resetPassword,
  resetTokenUsable, signUp, verifyEmail,
} from "@/lib/auth/account";
import { ALREADY_CONFIRMED, issueConfirmation } from "@/lib/auth/confirmation";
import { googleEmailVerified } from "@/lib/auth/options";
import { endAllSessions } from "@/lib/auth/sessions";
import { CONFIRMATION, FORGOT, LOGIN, SIGNUP } from "@/lib/rate-limit/policies";
import { buildClaims, loadGlobalRoles } from "@/lib/auth/claims";
import { checkCredentials, INVALID_CREDENTIALS } from "@/lib/auth/credentials";
import { grantSaasAdminIfListed, mergeAdminEmailsFromEnv, upsertOAuthUser } from "@/lib/auth/oauth-user";
import { authOptions } from "@/lib/auth/options";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { createBusiness, createUser, uniq } from "./fixtures";

async function userWithPassword(password = "segredo123", overrides: Parameters<typeof createUser>[0] = {}) {
  return createUser({ email: `conta-${uniq()}@example.test`, passwordHash: await hashPassword(password), ...overrides });
}

/** Ends every wait of the rate-limit rows whose name starts with `name`, as if the time had passed. */
async function elapse(name: string) {
  await db.execute(sql`update rate_limits set expire = ${Date.now() - 1} where key like ${`${name}%`}`);
}

type JwtCallback = (p: { token: Record<string, unknown>; user?: { id: string } }) => Promise<Record<string, unknown>>;
const jwt = authOptions.callbacks!.jwt as unknown as JwtCallback;

describe("login throttling", () => {
  test("wrong passwords from one address slow down that account+address only, with growing waits; the owner elsewhere gets in", async () => {
    const user = await userWithPassword();
    const attacker = `198.51.100.${Math.floor(Math.random() * 250)}-${uniq()}`;
    for (let i = 0; i < LOGIN.pair.free; i++) {
      expect(await checkCredentials(user.email, "errada", attacker)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    }
    // The next failure earns a wait of baseSec (30 s)…
    expect(await checkCredentials(user.email, "errada", attacker)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    const waiting = await checkCredentials(user.email, "segredo123", attacker);
    expect(waiting).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 30 segundos." });
    // …but the account is not locked for everyone: its owner, from another address, signs in.
    expect((await checkCredentials(user.email.toUpperCase(), "segredo123", `dono-${uniq()}`)).ok).toBe(true);

    // After the wait, the next failure waits twice as long.
    await elapse(`${LOGIN.pair.name}.wait`);
    expect(await checkCredentials(user.email, "errada", attacker)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(await checkCredentials(user.email, "segredo123", attacker)).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto." });
    await elapse(`${LOGIN.pair.name}.wait`);

    // A success from that address clears its count.
    expect((await checkCredentials(user.email, "segredo123", attacker)).ok).toBe(true);
    expect(await checkCredentials(user.email, "errada", attacker)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect((await checkCredentials(user.email, "segredo123", attacker)).ok).toBe(true);
  });

  test("failures from one address against many accounts make that address wait", async () => {
    const address = `addr-${uniq()}`;
    for (let i = 0; i < LOGIN.address.free; i++) {
      expect(await checkCredentials(`ninguem-${uniq()}@example.test`, "x", address)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    }
    expect(await checkCredentials(`ninguem-${uniq()}@example.test`, "x", address)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    const user = await userWithPassword();
    expect(await checkCredentials(user.email, "segredo123", address)).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
    expect((await checkCredentials(user.email, "segredo123", `livre-${uniq()}`)).ok).toBe(true);
  });
});

describe("forgot password", () => {
  test("answers the same for an existing and an unknown e-mail; only the existing one gets a link", async () => {
    const user = await userWithPassword();
    const known = await requestPasswordReset(user.email, `ip-${uniq()}`);
    const unknown = await requestPasswordReset(`ninguem-${uniq()}@example.test`, `ip-${uniq()}`);
    expect(known.ok && unknown.ok).toBe(true);
    expect(known.ok && known.mail?.to).toBe(user.email);
    expect(unknown.ok && unknown.mail).toBeNull();
  });

  test("requests for one e-mail from one address wait after FORGOT.pair.free, existing account or not", async () => {
    for (const email of [(await userWithPassword()).email, `ninguem-${uniq()}@example.test`]) {
      const ip = `ip-${uniq()}`;
      for (let i = 0; i < FORGOT.pair.free + 1; i++) expect((await requestPasswordReset(email, ip)).ok).toBe(true);
      expect(await requestPasswordReset(email, ip)).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto." });
      // Someone else asking for the same e-mail elsewhere is not held up.
      expect((await requestPasswordReset(email, `ip-${uniq()}`)).ok).toBe(true);
      await elapse(`${FORGOT.pair.name}.wait`);
      expect((await requestPasswordReset(email, ip)).ok).toBe(true);
    }
  });

  test("requests from one address wait after FORGOT.address.free", async () => {
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < FORGOT.address.free + 1; i++) {
      expect((await requestPasswordReset(`x-${uniq()}@example.test`, ip)).ok).toBe(true);
    }
    expect((await requestPasswordReset(`x-${uniq()}@example.test`, ip)).ok).toBe(false);
  });

  test(`at most ${FORGOT.mails.points} reset e-mails an hour reach one account; more requests get the same answer and no e-mail`, async () => {
    const user = await userWithPassword();
    for (let i = 0; i < FORGOT.mails.points; i++) {
      const r = await requestPasswordReset(user.email, `ip-${uniq()}`);
      expect(r.ok && r.mail?.to).toBe(user.email);
    }
    expect(await requestPasswordReset(user.email, `ip-${uniq()}`)).toEqual({ ok: true, mail: null });
  });
});

describe("password reset tokens", () => {
  test("≥128-bit token stored only as its SHA-256, valid 1 hour, single use; the reset bumps the session version", async () => {
    const user = await userWithPassword("antiga123");
    const req = await requestPasswordReset(user.email, `ip-${uniq()}`);
    const token = req.ok && req.mail ? req.mail.token : "";
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);

    expect(await resetTokenUsable(token)).toBe(true);
    expect(await resetPassword(token, "nova1234")).toEqual({ ok: true });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await verifyPassword(after.passwordHash, "nova1234")).toBe(true);
    expect(await verifyPassword(after.passwordHash, "antiga123")).toBe(false);

    // Reuse fails.
    expect(await resetTokenUsable(token)).toBe(false);
    expect(await resetPassword(token, "outra1234")).toEqual({ ok: false, error: INVALID_RESET_LINK });
  });

  test("an expired, an unknown and an empty token are refused; older links die with a reset", async () => {
    const user = await userWithPassword();
    const first = await requestPasswordReset(user.email, `ip-${uniq()}`);
    const second = await requestPasswordReset(user.email, `ip-${uniq()}`);
    const t1 = first.ok && first.mail ? first.mail.token : "";
    const t2 = second.ok && second.mail ? second.mail.token : "";
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(t1)));
    expect(await resetTokenUsable(t1)).toBe(false);
    expect(await resetPassword(t1, "nova1234")).toEqual({ ok: false, error: INVALID_RESET_LINK });
    expect(await resetPassword("desconhecido", "nova1234")).toEqual({ ok: false, error: INVALID_RESET_LINK });
    expect(await resetPassword("", "nova1234")).toEqual({ ok: false, error: INVALID_RESET_LINK });

    const third = await requestPasswordReset(user.email, `ip-${uniq()}`);
    expect(third.ok).toBe(true);
    expect(await resetPassword(t2, "nova1234")).toEqual({ ok: true });
    const t3 = third.ok && third.mail ? third.mail.token : "";
    expect(await resetTokenUsable(t3)).toBe(false);
  });

  test("two concurrent uses of one token: exactly one wins", async () => {
    const user = await userWithPassword();
    const req = await requestPasswordReset(user.email, `ip-${uniq()}`);
    const token = req.ok && req.mail ? req.mail.token : "";
    const results = await Promise.all([resetPassword(token, "primeira1"), resetPassword(token, "segunda2")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
  });
});

describe("session invalidation", () => {
  test("a session token from before a password reset is refused and not re-issued; a new one works", async () => {
    const user = await userWithPassword();
    const signedIn = await jwt({ token: {}, user: { id: user.id } });
    expect(signedIn.uid).toBe(user.id);
    expect(signedIn.sv).toBe(user.sessionVersion);
    // Before the reset the token refreshes fine.
    expect((await jwt({ token: signedIn })).uid).toBe(user.id);

    const req = await requestPasswordReset(user.email, `ip-${uniq()}`);
    await resetPassword(req.ok && req.mail ? req.mail.token : "", "nova1234");
    await expect(jwt({ token: signedIn })).rejects.toThrow(/senha foi alterada/);
    expect((await buildClaims(user.id))?.sv).toBe(user.sessionVersion + 1);

    const fresh = await jwt({ token: {}, user: { id: user.id } });
    expect(fresh.sv).toBe(user.sessionVersion + 1);
    expect((await jwt({ token: fresh })).uid).toBe(user.id);
  });

  test("a deleted user's token is refused", async () => {
    const user = await userWithPassword();
    const token = await jwt({ token: {}, user: { id: user.id } });
    await db.delete(users).where(eq(users.id, user.id));
    await expect(jwt({ token })).rejects.toThrow(/não existe/);
  });

  test("claims follow role and membership changes on the next refresh", async () => {
    const user = await userWithPassword();
    const business = await createBusiness(user.id);
    const token = await jwt({ token: {}, user: { id: user.id } });
    expect(token.biz).toEqual({ [business.id]: "owner" });
    await db.delete(userBusinessRoles).where(eq(userBusinessRoles.userId, user.id));
    expect((await jwt({ token })).biz).toEqual({});
  });
});

describe("global roles", () => {
  test("no role row defaults to business_owner", async () => {
    const user = await createUser();
    expect(await loadGlobalRoles(user.id)).toEqual(["business_owner"]);
  });

  test("a failed lookup defaults to business_owner", async () => {
    // Not a uuid: PostgreSQL rejects the query; the lookup must not throw.
    expect(await loadGlobalRoles("isto-nao-e-um-uuid")).toEqual(["business_owner"]);
  });

  test("stored roles are used as they are; admin flag for saas_admin", async () => {
    const user = await createUser();
    const [client] = await db.select().from(roles).where(eq(roles.name, "client"));
    await db.insert(userRoles).values({ userId: user.id, roleId: client.id });
    expect(await loadGlobalRoles(user.id)).toEqual(["client"]);
    expect((await buildClaims(user.id))?.adm).toBe(false);
  });

  test("ADMIN_EMAILS merges into saas_admin_emails (lower-cased, kept, no duplicates) and listed e-mails get saas_admin", async () => {
    const a = `Chefe-${uniq()}@Example.TEST`;
    const b = `outra-${uniq()}@example.test`;
    const before = await mergeAdminEmailsFromEnv("");
    const merged = await mergeAdminEmailsFromEnv(`${a}, ${b} ,${a.toLowerCase()}`);
    expect(merged).toEqual([...before, a.toLowerCase(), b]);
    const [row] = await db.select().from(saasConfig).where(eq(saasConfig.configKey, "saas_admin_emails"));
    expect(row.configValue).toEqual(merged);

    const user = await createUser({ email: a.toLowerCase(), emailVerifiedAt: new Date() });
    expect(await grantSaasAdminIfListed(user.id)).toBe(true);
    expect(await loadGlobalRoles(user.id)).toEqual(["saas_admin"]);
    expect((await buildClaims(user.id))?.adm).toBe(true);
  });
});

describe("sign-up and business registration", () => {
  test("sign-up creates the account (argon2id), its business with defaults, the owner link and business_owner", async () => {
    const email = `Nova-${uniq()}@Example.test`;
    const r = await signUp({ fullName: "Maria Nova", email, password: "abc123", confirmPassword: "abc123" }, `ip-${uniq()}`);
    expect(r.ok && r.created).toBe(true);
    if (!r.ok || !r.created) return;
    const [user] = await db.select().from(users).where(eq(users.id, r.userId));
    expect(user.email).toBe(email.toLowerCase());
    expect(user.fullName).toBe("Maria Nova");
    expect(user.companyName).toBe("Novo Negócio");
    expect(user.registered).toBe(true);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [link] = await db.select().from(userBusinessRoles).where(eq(userBusinessRoles.userId, user.id));
    expect(link.role).toBe("owner");
    const [biz] = await db.select().from(businesses).where(eq(businesses.id, link.businessId));
    expect(biz).toMatchObject({
      name: "Novo Negócio", settings: {}, subscriptionPlan: "plano único anual", subscriptionStatus: "active", bookingWindowDays: 30,
    });
    expect(await loadGlobalRoles(user.id)).toEqual(["business_owner"]);

    // The confirmation token marks the e-mail verified once.
    expect(user.emailVerifiedAt).toBeNull();
    const [tok] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(tok.tokenHash).toBe(hashToken(r.verifyToken));
    expect(await verifyEmail(r.verifyToken)).toBe(true);
    expect(await verifyEmail(r.verifyToken)).toBe(false);
    expect(await verifyEmail("desconhecido")).toBe(false);
    const [verified] = await db.select().from(users).where(eq(users.id, user.id));
    expect(verified.emailVerifiedAt).not.toBeNull();

    // Same e-mail in other letters: the same kind of answer, no second account, the owner is told.
    const dup = await signUp({ fullName: "Outra", email: email.toUpperCase(), password: "abc123", confirmPassword: "abc123" }, `ip-${uniq()}`);
    expect(dup).toEqual({ ok: true, created: false, email: email.toLowerCase(), notify: true });
    expect(await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)).toHaveLength(1);
  });

  test("sign-up keeps the company name when given and validates on the server", async () => {
    const r = await signUp(
      { fullName: "João", email: `j-${uniq()}@example.test`, password: "abc123", confirmPassword: "abc123", companyName: "Barbearia X" },
      `ip-${uniq()}`,
    );
    expect(r.ok && r.created && r.businessName).toBe("Barbearia X");
    const bad = await signUp({ fullName: "J", email: "x", password: "1", confirmPassword: "2" }, `ip-${uniq()}`);
    expect(bad.ok).toBe(false);
  });

  test("registration of a business for an unregistered user without business, once", async () => {
    const user = await createUser({ registered: false });
    const r = await registerBusiness(user.id, { companyName: "Espaço Google", phone: "(65) 99999-0000", description: "Salão" });
    expect(r.ok).toBe(true);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.registered).toBe(true);
    const [link] = await db
      .select()
      .from(userBusinessRoles)
      .where(and(eq(userBusinessRoles.userId, user.id), eq(userBusinessRoles.role, "owner")));
    const [biz] = await db.select().from(businesses).where(eq(businesses.id, link.businessId));
    expect(biz).toMatchObject({ name: "Espaço Google", phone: "(65) 99999-0000", description: "Salão", subscriptionStatus: "active" });
    expect(await loadGlobalRoles(user.id)).toEqual(["business_owner"]);

    expect(await registerBusiness(user.id, { companyName: "De novo" })).toEqual({ ok: false, error: ALREADY_REGISTERED });
    expect((await registerBusiness(user.id, { companyName: "X" })).ok).toBe(false);
  });
});

describe("a privilege that follows from an e-mail needs a proven address", () => {
  async function listedEmail() {
    const email = `chefe-${uniq()}@example.test`;
    await mergeAdminEmailsFromEnv(email);
    return email;
  }

  test("a stranger who signs up with a listed admin e-mail does not become saas_admin, not even at login", async () => {
    const email = await listedEmail();
    const r = await signUp({ fullName: "Impostor", email, password: "abc123", confirmPassword: "abc123" }, `ip-${uniq()}`);
    if (!r.ok || !r.created) throw new Error("sign-up failed");
    expect((await checkCredentials(email, "abc123", `ip-${uniq()}`)).ok).toBe(true);
    expect(await loadGlobalRoles(r.userId)).toEqual(["business_owner"]);
    expect(await grantSaasAdminIfListed(r.userId)).toBe(false);
    expect((await buildClaims(r.userId))?.adm).toBe(false);

    // The owner of the address confirms it through the e-mailed link: now the role follows.
    expect(await verifyEmail(r.verifyToken)).toBe(true);
    expect(await loadGlobalRoles(r.userId)).toEqual(expect.arrayContaining(["saas_admin"]));
  });

  test("Google's verified flag is required, and counts as proof", async () => {
    expect(googleEmailVerified({ email_verified: true })).toBe(true);
    expect(googleEmailVerified({ email_verified: "true" })).toBe(true);
    expect(googleEmailVerified({ email_verified: false })).toBe(false);
    expect(googleEmailVerified({})).toBe(false);
    expect(googleEmailVerified(undefined)).toBe(false);
    const email = await listedEmail();
    const { id } = await upsertOAuthUser(email, "Chefe", null);
    expect(await loadGlobalRoles(id)).toEqual(["saas_admin"]);
  });

  test("Google on an account pre-registered with a password but never confirmed: the password goes, older sessions end", async () => {
    const squatter = await userWithPassword("do-invasor1");
    const squatterSession = await jwt({ token: {}, user: { id: squatter.id } });
    const { id } = await upsertOAuthUser(squatter.email, "Dona Real", null);
    expect(id).toBe(squatter.id);
    const [after] = await db.select().from(users).where(eq(users.id, squatter.id));
    expect(after.passwordHash).toBeNull();
    expect(after.sessionVersion).toBe(squatter.sessionVersion + 1);
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    await expect(jwt({ token: squatterSession })).rejects.toThrow();
    expect(await checkCredentials(squatter.email, "do-invasor1", `ip-${uniq()}`)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
  });

  test("Google on a confirmed account keeps its password and sessions", async () => {
    const owner = await userWithPassword("minha-senha1", { emailVerifiedAt: new Date() });
    await upsertOAuthUser(owner.email, null, null);
    const [after] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(after.sessionVersion).toBe(owner.sessionVersion);
    expect((await checkCredentials(owner.email, "minha-senha1", `ip-${uniq()}`)).ok).toBe(true);
  });

  test("'Reenviar email': a new link once a minute, a few a day; nothing for a confirmed address", async () => {
    const user = await userWithPassword();
    const first = await issueConfirmation(user.id);
    expect(first.ok && first.mail.to).toBe(user.email);
    const token = first.ok ? first.mail.token : "";
    expect(await issueConfirmation(user.id)).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas\. Tente novamente em (\d+ segundos|1 minuto)\.$/) });
    for (let i = 1; i < CONFIRMATION.day.points; i++) {
      await elapse(CONFIRMATION.minute.name);
      expect((await issueConfirmation(user.id)).ok).toBe(true);
    }
    await elapse(CONFIRMATION.minute.name);
    expect(await issueConfirmation(user.id)).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
    expect(await verifyEmail(token)).toBe(true);
    await elapse(CONFIRMATION.day.name);
    expect(await issueConfirmation(user.id)).toEqual({ ok: false, error: ALREADY_CONFIRMED });
  });
});

describe("sign-up never tells whether an address is registered", () => {
  test("an existing address gets the same kind of answer; its owner is told at most SIGNUP.notices times an hour", async () => {
    const owner = await userWithPassword("segredo123", { emailVerifiedAt: new Date() });
    const input = { fullName: "Alguém", email: owner.email, password: "outra123", confirmPassword: "outra123" };
    for (let i = 0; i < SIGNUP.notices.points; i++) {
      expect(await signUp(input, `ip-${uniq()}`)).toEqual({ ok: true, created: false, email: owner.email, notify: true });
    }
    expect(await signUp(input, `ip-${uniq()}`)).toEqual({ ok: true, created: false, email: owner.email, notify: false });
    // Nothing changed for the account.
    expect((await checkCredentials(owner.email, "segredo123", `ip-${uniq()}`)).ok).toBe(true);
  });

  test("sign-ups from one address wait after SIGNUP.address.free", async () => {
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < SIGNUP.address.free + 1; i++) {
      const r = await signUp({ fullName: "Muitos", email: `m-${uniq()}@example.test`, password: "abc123", confirmPassword: "abc123" }, ip);
      expect(r.ok).toBe(true);
    }
    const r = await signUp({ fullName: "Muitos", email: `m-${uniq()}@example.test`, password: "abc123", confirmPassword: "abc123" }, ip);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
  });
});

describe("'Sair de todos os dispositivos'", () => {
  test("ends every session of the user; a new sign-in works", async () => {
    const user = await userWithPassword();
    const phone = await jwt({ token: {}, user: { id: user.id } });
    const laptop = await jwt({ token: {}, user: { id: user.id } });
    expect(await endAllSessions(user.id)).toBe(true);
    await expect(jwt({ token: phone })).rejects.toThrow();
    await expect(jwt({ token: laptop })).rejects.toThrow();
    const fresh = await jwt({ token: {}, user: { id: user.id } });
    expect((await jwt({ token: fresh })).uid).toBe(user.id);
  });
});

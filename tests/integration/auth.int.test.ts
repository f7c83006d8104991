import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  businesses, emailVerificationTokens, passwordResetTokens, roles, saasConfig, userBusinessRoles, userRoles, users,
} from "@/db/schema";
import {
  ALREADY_REGISTERED, DUPLICATE_EMAIL, INVALID_RESET_LINK, registerBusiness, requestPasswordReset, resetPassword,
  resetTokenUsable, signUp, verifyEmail,
} from "@/lib/auth/account";
import { buildClaims, loadGlobalRoles } from "@/lib/auth/claims";
import { checkCredentials, INVALID_CREDENTIALS } from "@/lib/auth/credentials";
import { grantSaasAdminIfListed, mergeAdminEmailsFromEnv } from "@/lib/auth/oauth-user";
import { authOptions } from "@/lib/auth/options";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { LIMITS, LOCK_MINUTES, lockedMinutes, recordFailure } from "@/lib/auth/throttle";
import { hashToken } from "@/lib/auth/tokens";
import { createBusiness, createUser, uniq } from "./fixtures";

async function userWithPassword(password = "segredo123") {
  return createUser({ email: `conta-${uniq()}@example.test`, passwordHash: await hashPassword(password) });
}

/** Moves a throttle key's lock and window into the past, as if the lock time had passed. */
async function expireThrottle(key: string) {
  await db.execute(sql`
    update auth_throttle
    set locked_until = now() - interval '1 second', window_start = now() - make_interval(mins => ${LOCK_MINUTES + 1})
    where key = ${key}`);
}

type JwtCallback = (p: { token: Record<string, unknown>; user?: { id: string } }) => Promise<Record<string, unknown>>;
const jwt = authOptions.callbacks!.jwt as unknown as JwtCallback;

describe("login throttling", () => {
  test("an account locks after LIMITS.loginAccount failures, even for the right password, and unlocks when the lock expires", async () => {
    const user = await userWithPassword();
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}-${uniq()}`;
    for (let i = 0; i < LIMITS.loginAccount; i++) {
      const r = await checkCredentials(user.email, "errada", ip);
      expect(r).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    }
    const locked = await checkCredentials(user.email, "segredo123", ip);
    expect(locked.ok).toBe(false);
    expect(!locked.ok && locked.error).toMatch(/^Muitas tentativas\. Tente novamente em 15 minutos\.$/);
    // Another address does not free the account.
    expect((await checkCredentials(user.email.toUpperCase(), "segredo123", `outro-${uniq()}`)).ok).toBe(false);

    await expireThrottle(`login:account:${user.email}`);
    const ok = await checkCredentials(user.email, "segredo123", ip);
    expect(ok.ok).toBe(true);
    // A success clears the account's counter.
    const [row] = await db.execute(sql`select count(*)::int as n from auth_throttle where key = ${`login:account:${user.email}`}`);
    expect(row.n).toBe(0);
  });

  test("an address locks after LIMITS.loginAddress failures across accounts", async () => {
    const ip = `addr-${uniq()}`;
    for (let i = 0; i < LIMITS.loginAddress; i++) await recordFailure(`login:address:${ip}`, LIMITS.loginAddress);
    const user = await userWithPassword();
    const r = await checkCredentials(user.email, "segredo123", ip);
    expect(r.ok).toBe(false);
    expect((await checkCredentials(user.email, "segredo123", `livre-${uniq()}`)).ok).toBe(true);
  });

  test("a lock never lasts more than LOCK_MINUTES (15) and failures outside the window start a new count", async () => {
    const key = `test:${uniq()}`;
    await recordFailure(key, 2);
    expect(await lockedMinutes(key)).toBe(0);
    await recordFailure(key, 2);
    const minutes = await lockedMinutes(key);
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(15);
    await expireThrottle(key);
    expect(await lockedMinutes(key)).toBe(0);
    await recordFailure(key, 2);
    expect(await lockedMinutes(key)).toBe(0);
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

  test("is throttled per account after LIMITS.forgotAccount requests, whether or not the account exists", async () => {
    for (const email of [(await userWithPassword()).email, `ninguem-${uniq()}@example.test`]) {
      for (let i = 0; i < LIMITS.forgotAccount; i++) {
        expect((await requestPasswordReset(email, `ip-${uniq()}`)).ok).toBe(true);
      }
      const r = await requestPasswordReset(email, `ip-${uniq()}`);
      expect(r).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 15 minutos." });
      await expireThrottle(`forgot:account:${email}`);
      expect((await requestPasswordReset(email, `ip-${uniq()}`)).ok).toBe(true);
    }
  });

  test("is throttled per address after LIMITS.forgotAddress requests", async () => {
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < LIMITS.forgotAddress; i++) {
      expect((await requestPasswordReset(`x-${uniq()}@example.test`, ip)).ok).toBe(true);
    }
    expect((await requestPasswordReset(`x-${uniq()}@example.test`, ip)).ok).toBe(false);
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

    const user = await createUser({ email: a.toLowerCase() });
    await grantSaasAdminIfListed(user.id, a);
    expect(await loadGlobalRoles(user.id)).toEqual(["saas_admin"]);
    expect((await buildClaims(user.id))?.adm).toBe(true);
  });
});

describe("sign-up and business registration", () => {
  test("sign-up creates the account (argon2id), its business with defaults, the owner link and business_owner", async () => {
    const email = `Nova-${uniq()}@Example.test`;
    const r = await signUp({ fullName: "Maria Nova", email, password: "abc123", confirmPassword: "abc123" }, `ip-${uniq()}`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
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

    // Same e-mail in other letters: refused.
    const dup = await signUp({ fullName: "Outra", email: email.toUpperCase(), password: "abc123", confirmPassword: "abc123" }, `ip-${uniq()}`);
    expect(dup).toEqual({ ok: false, error: DUPLICATE_EMAIL });
  });

  test("sign-up keeps the company name when given and validates on the server", async () => {
    const r = await signUp(
      { fullName: "João", email: `j-${uniq()}@example.test`, password: "abc123", confirmPassword: "abc123", companyName: "Barbearia X" },
      `ip-${uniq()}`,
    );
    expect(r.ok && r.businessName).toBe("Barbearia X");
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

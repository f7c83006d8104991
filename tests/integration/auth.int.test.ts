import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  businesses, emailVerificationTokens, passwordResetTokens, roles, saasConfig, userBusinessRoles, userRoles, users,
} from "@/db/schema";
import { confirmEmailAction, forgotPasswordAction, resendConfirmationAction, resetPasswordAction, signUpAction } from "@/lib/auth/actions";
import { attemptWait } from "@/lib/auth/limits";
import { AUTH_MESSAGES, INVALID_CONFIRMATION_MESSAGE, INVALID_LINK, PASSWORD_REQUIRED } from "@/lib/auth/messages";
import { confirmationLink, createAccount, createPasswordReset, registerBusiness, resetPassword } from "@/lib/auth/mutations";
import { resetTokenUsable } from "@/lib/auth/queries";
import { signUpSchema, type SignUpInput } from "@/lib/auth/schemas";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { googleEmailVerified } from "@/lib/auth/options";
import { endAllSessions } from "@/lib/auth/sessions";
import { subjectKey, type Backoff } from "@/lib/core/rate-limit";
import { CONFIRMATION, FORGOT, LOGIN, SIGNUP } from "@/lib/core/rate-limit/policies";
import { buildClaims, loadUserAccess } from "@/lib/auth/claims";
import { checkCredentials, INVALID_CREDENTIALS } from "@/lib/auth/credentials";
import { grantSaasAdminIfListed, mergeAdminEmailsFromEnv, upsertOAuthUser } from "@/lib/auth/oauth-user";
import { authOptions } from "@/lib/auth/options";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { GET as verifyGET } from "@/app/api/auth/verify-email/route";
import { NextRequest } from "next/server";
import { actAs } from "./act-as";
import { jar } from "./request-stub";
import { signupCookieName } from "@/lib/auth/signup-browser";
import { createBusiness, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

// Requests below come from the address the peer header names (as scripts/serve.ts sets it).
markPeerHeaderTrusted();

/** The next action calls come from a visitor at `address`. */
function visitorFrom(address: string) {
  return actAs(null, { headers: { [PEER_HEADER]: address } });
}

const INVALID = { ok: false, error: AUTH_MESSAGES.invalidLink, description: "Este link de redefinição de senha é inválido ou expirou.", code: INVALID_LINK };

/** A sign-up cookie's secret (lib/auth/signup-browser.ts): 256 bits in base64url. */
const SIGNUP_BROWSER = "s".repeat(43);

/** 'Criar conta' as written in the form, straight to the write (the action's prechecks are tested apart), from `browser`. */
function signUp(input: SignUpInput, browser = SIGNUP_BROWSER) {
  return createAccount(db, signUpSchema.parse(input), hashToken(browser));
}

/** 'Confirmar e-mail' from a browser that did not ask for the link: the mailbox owner chooses `password`. */
async function confirmElsewhere(token: string, password?: string) {
  await visitorFrom(`ip-${uniq()}`);
  return confirmEmailAction({ token, password: password ?? "", confirmPassword: password ?? "" });
}

/** 'Confirmar e-mail' from the browser that signed up (its sign-up cookie, `secret`), signed in to it or not. */
async function confirmFromBrowser(token: string, secret: string, userId: string | null = null) {
  await actAs(userId, { headers: { [PEER_HEADER]: `ip-${uniq()}` } });
  jar.set(signupCookieName(), secret);
  return confirmEmailAction({ token });
}

/** How many messages to `to` in the test outbox have a subject containing `subject`. */
function mailsTo(to: string, subject: string): number {
  const dir = process.env.OUTBOX_DIR!;
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`)).filter((f) => {
    const head = fs.readFileSync(`${dir}/${f}`, "utf8").replace(/=\r?\n/g, "");
    return new RegExp(`^Subject: .*${subject}`, "mi").test(head);
  }).length;
}

/** The token of the newest link to `to` whose path contains `part`, from the test outbox. */
function tokenFromMail(to: string, part: string): string {
  const dir = process.env.OUTBOX_DIR!;
  const [file] = fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`)).sort().reverse();
  const text = fs.readFileSync(`${dir}/${file}`, "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return new URL(text.match(new RegExp(`https?://\\S*${part}\\S*`))![0]).searchParams.get("token")!;
}

async function userWithPassword(password = "segredo123", overrides: Parameters<typeof createUser>[0] = {}) {
  return createUser({ email: `conta-${uniq()}@example.test`, passwordHash: await hashPassword(password), ...overrides });
}

/** Ends every wait of the rate-limit rows whose name starts with `name`, as if the time had passed. */
async function elapse(name: string) {
  await db.execute(sql`update rate_limits set expire = ${Date.now() - 1} where key like ${`${name}%`}`);
}

/** Ends the current wait of `b` for the subject but keeps its count, as if its longest wait had passed. */
async function endWait(b: Backoff, ...subject: string[]) {
  await db.execute(sql`update rate_limits set expire = expire - ${b.maxSec * 1000} where key = ${`${b.name}:${subjectKey(...subject)}`}`);
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
    // The last free failure earned a wait of baseSec (30 s), the right password not even looked at…
    const waiting = await checkCredentials(user.email, "segredo123", attacker);
    expect(waiting).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 30 segundos." });
    // …but the account is not locked for everyone: its owner, from another address, signs in.
    expect((await checkCredentials(user.email.toUpperCase(), "segredo123", `dono-${uniq()}`)).ok).toBe(true);

    // After the wait, the next failure waits twice as long.
    await endWait(LOGIN.pair, user.email, attacker);
    expect(await checkCredentials(user.email, "errada", attacker)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(await checkCredentials(user.email, "segredo123", attacker)).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto." });
    await endWait(LOGIN.pair, user.email, attacker);

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
    const user = await userWithPassword();
    expect(await checkCredentials(user.email, "segredo123", address)).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
    expect((await checkCredentials(user.email, "segredo123", `livre-${uniq()}`)).ok).toBe(true);
  });

  test("a success from an address uses none of that address's allowance, even the attempt that would have started its wait", async () => {
    const address = `addr-${uniq()}`;
    for (let i = 0; i < LOGIN.address.free - 1; i++) await checkCredentials(`ninguem-${uniq()}@example.test`, "x", address);
    const user = await userWithPassword();
    expect((await checkCredentials(user.email, "segredo123", address)).ok).toBe(true);
    expect((await checkCredentials(user.email, "segredo123", address)).ok).toBe(true);
    // The last free failure of the address is still to come, and then the address waits.
    expect(await checkCredentials(`ninguem-${uniq()}@example.test`, "x", address)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(await checkCredentials(user.email, "segredo123", address)).toEqual({ ok: false, error: "Muitas tentativas. Tente novamente em 30 segundos." });
  });
});

describe("forgot password", () => {
  test("answers the same, in text and in time, for an existing and an unknown e-mail; only the existing one gets a link", async () => {
    const user = await userWithPassword();
    const unknown = `ninguem-${uniq()}@example.test`;
    await visitorFrom(`ip-${uniq()}`);
    for (const email of [user.email, unknown]) {
      const started = Date.now();
      expect(await forgotPasswordAction({ email })).toEqual({ ok: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    }
    await vi.waitFor(() => expect(tokenFromMail(user.email, "reset-password")).toBeTruthy());
    expect(fs.readdirSync(process.env.OUTBOX_DIR!).filter((f) => f.includes(unknown))).toEqual([]);
  });

  test("requests for one e-mail from one address wait after FORGOT.pair.free, existing account or not", async () => {
    for (const email of [(await userWithPassword()).email, `ninguem-${uniq()}@example.test`]) {
      const ip = `ip-${uniq()}`;
      for (let i = 0; i < FORGOT.pair.free; i++) expect(await attemptWait(FORGOT, email, ip)).toBeNull();
      await visitorFrom(ip);
      expect(await forgotPasswordAction({ email })).toEqual({ ok: false, error: AUTH_MESSAGES.forgotError, description: "Muitas tentativas. Tente novamente em 1 minuto." });
      // Someone else asking for the same e-mail elsewhere is not held up.
      expect(await attemptWait(FORGOT, email, `ip-${uniq()}`)).toBeNull();
      await endWait(FORGOT.pair, email, ip);
      expect(await attemptWait(FORGOT, email, ip)).toBeNull();
    }
  });

  test("requests from one address wait after FORGOT.address.free", async () => {
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < FORGOT.address.free; i++) {
      expect(await attemptWait(FORGOT, `x-${uniq()}@example.test`, ip)).toBeNull();
    }
    expect(await attemptWait(FORGOT, `x-${uniq()}@example.test`, ip)).toMatch(/^Muitas tentativas/);
  });

  test(`at most ${FORGOT.mails.points} reset e-mails an hour reach one account; more requests get the same answer and no e-mail`, async () => {
    const user = await userWithPassword();
    const sent = async () => (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).length;
    for (let i = 0; i < FORGOT.mails.points + 2; i++) {
      await visitorFrom(`ip-${uniq()}`);
      expect(await forgotPasswordAction({ email: user.email })).toEqual({ ok: true });
    }
    // A token is made for every request; only FORGOT.mails of them reach the mailbox.
    expect(await sent()).toBe(FORGOT.mails.points + 2);
    expect(mailsTo(user.email, "Redefini")).toBe(FORGOT.mails.points);
  });
});

/** A reset link's token for the user, as the forgot-password e-mail carries it. */
async function resetToken(email: string): Promise<string> {
  return (await createPasswordReset(db, email))!.token;
}

describe("password reset tokens", () => {
  test("≥128-bit token stored only as its SHA-256, valid 1 hour, single use; the reset bumps the session version", async () => {
    const user = await userWithPassword("antiga123");
    const token = await resetToken(user.email);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);

    expect(await resetTokenUsable(token)).toBe(true);
    await visitorFrom(`ip-${uniq()}`);
    expect(await resetPasswordAction({ token, password: "nova1234", confirmPassword: "nova1234" })).toEqual({ ok: true });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await verifyPassword(after.passwordHash, "nova1234")).toBe(true);
    expect(await verifyPassword(after.passwordHash, "antiga123")).toBe(false);

    // Reuse fails.
    expect(await resetTokenUsable(token)).toBe(false);
    expect(await resetPasswordAction({ token, password: "outra1234", confirmPassword: "outra1234" })).toEqual(INVALID);
  });

  test("an expired, an unknown and an empty token are refused; older links die with a reset", async () => {
    const user = await userWithPassword();
    const t1 = await resetToken(user.email);
    const t2 = await resetToken(user.email);
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(t1)));
    expect(await resetTokenUsable(t1)).toBe(false);
    expect(await resetPassword(db, t1, "nova1234")).toEqual(INVALID);
    expect(await resetPassword(db, "desconhecido", "nova1234")).toEqual(INVALID);
    expect(await resetPassword(db, "", "nova1234")).toEqual(INVALID);

    const t3 = await resetToken(user.email);
    expect(await resetPassword(db, t2, "nova1234")).toMatchObject({ ok: true });
    expect(await resetTokenUsable(t3)).toBe(false);
  });

  test("two concurrent uses of one token: exactly one wins", async () => {
    const user = await userWithPassword();
    const token = await resetToken(user.email);
    await visitorFrom(`ip-${uniq()}`);
    const input = (password: string) => ({ token, password, confirmPassword: password });
    const results = await Promise.all([resetPasswordAction(input("primeira1")), resetPasswordAction(input("segunda2"))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
  });

  test("a reset forgives the owner's failed logins from the address that reset", async () => {
    const user = await userWithPassword("antiga123");
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < LOGIN.pair.free; i++) await checkCredentials(user.email, "errada000", ip);
    expect(await checkCredentials(user.email, "antiga123", ip)).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
    await visitorFrom(ip);
    expect(await resetPasswordAction({ token: await resetToken(user.email), password: "nova1234", confirmPassword: "nova1234" })).toEqual({ ok: true });
    expect((await checkCredentials(user.email, "nova1234", ip)).ok).toBe(true);
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

    await resetPassword(db, await resetToken(user.email), "nova1234");
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
    expect((await loadUserAccess(user.id))?.roles).toEqual(["business_owner"]);
  });

  test("stored roles are used as they are; admin flag for saas_admin", async () => {
    const user = await createUser();
    const [client] = await db.select().from(roles).where(eq(roles.name, "client"));
    await db.insert(userRoles).values({ userId: user.id, roleId: client.id });
    expect((await loadUserAccess(user.id))?.roles).toEqual(["client"]);
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
    expect((await loadUserAccess(user.id))?.roles).toEqual(["saas_admin"]);
    expect((await buildClaims(user.id))?.adm).toBe(true);
  });
});

describe("sign-up and business registration", () => {
  test("sign-up creates the account (argon2id), its business with defaults, the owner link and business_owner", async () => {
    const email = `Nova-${uniq()}@Example.test`;
    const r = await signUp({ fullName: "Maria Nova", email, password: "abc123", confirmPassword: "abc123" });
    expect(r.created).toBe(true);
    if (!r.created) return;
    const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
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
    expect((await loadUserAccess(user.id))?.roles).toEqual(["business_owner"]);

    // The confirmation token, bound to the browser that signed up, marks the e-mail verified once.
    expect(user.emailVerifiedAt).toBeNull();
    const [tok] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(tok.tokenHash).toBe(hashToken(r.confirmation.token));
    expect(tok.browserHash).toBe(hashToken(SIGNUP_BROWSER));
    const invalid = { ok: false, error: AUTH_MESSAGES.invalidLink, description: INVALID_CONFIRMATION_MESSAGE, code: INVALID_LINK };
    expect(await confirmFromBrowser(r.confirmation.token, SIGNUP_BROWSER)).toEqual({ ok: true, signedIn: false });
    expect(await confirmFromBrowser(r.confirmation.token, SIGNUP_BROWSER)).toEqual(invalid);
    expect(await confirmElsewhere("desconhecido", "abc12345")).toEqual(invalid);
    const [verified] = await db.select().from(users).where(eq(users.id, user.id));
    expect(verified.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(verified.passwordHash!, "abc123")).toBe(true);

    // Same e-mail in other letters: the same kind of answer, no second account, the owner is told.
    const dup = await signUp({ fullName: "Outra", email: email.toUpperCase(), password: "abc123", confirmPassword: "abc123" });
    expect(dup).toEqual({ created: false, email: email.toLowerCase() });
    expect(await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)).toHaveLength(1);
  });

  test("sign-up keeps the company name when given and validates on the server", async () => {
    const r = await signUp({ fullName: "João", email: `j-${uniq()}@example.test`, password: "abc123", confirmPassword: "abc123", companyName: "Barbearia X" });
    expect(r.created && r.confirmation.businessName).toBe("Barbearia X");
    await visitorFrom(`ip-${uniq()}`);
    const bad = await signUpAction({ fullName: "J", email: "x", password: "1", confirmPassword: "2" });
    expect(bad).toMatchObject({
      ok: false, error: AUTH_MESSAGES.signUpError,
      fieldErrors: { fullName: expect.any(String), email: "Email inválido", password: expect.any(String), confirmPassword: "Senhas não coincidem" },
    });
  });

  test("registration of a business for an unregistered user without business, once", async () => {
    const user = await createUser({ registered: false });
    const r = await registerBusiness(db, user.id, { companyName: "Espaço Google", phone: "(65) 99999-0000", description: "Salão" });
    expect(r.ok).toBe(true);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.registered).toBe(true);
    const [link] = await db
      .select()
      .from(userBusinessRoles)
      .where(and(eq(userBusinessRoles.userId, user.id), eq(userBusinessRoles.role, "owner")));
    const [biz] = await db.select().from(businesses).where(eq(businesses.id, link.businessId));
    expect(biz).toMatchObject({ name: "Espaço Google", phone: "(65) 99999-0000", description: "Salão", subscriptionStatus: "active" });
    expect((await loadUserAccess(user.id))?.roles).toEqual(["business_owner"]);

    expect(await registerBusiness(db, user.id, { companyName: "De novo", phone: "", description: "" })).toEqual({
      ok: false, error: AUTH_MESSAGES.signUpError, description: AUTH_MESSAGES.alreadyRegistered,
    });
  });
});

describe("a privilege that follows from an e-mail needs a proven address", () => {
  async function listedEmail() {
    const email = `chefe-${uniq()}@example.test`;
    await mergeAdminEmailsFromEnv(email);
    return email;
  }

  test("an outsider signs up a listed admin address: opening the link, a scanner's POST and the outsider's password prove nothing; only the mailbox owner choosing a password does", async () => {
    const email = await listedEmail();
    // The outsider's browser signs up with their own password.
    await visitorFrom(`ip-${uniq()}`);
    expect(await signUpAction({ fullName: "Impostor", email, password: "do-invasor1", confirmPassword: "do-invasor1" })).toEqual({ ok: true, emailSent: true });
    const outsiderCookie = jar.get(signupCookieName())!;
    expect(outsiderCookie).toBeTruthy();
    const [account] = await db.select().from(users).where(eq(users.email, email));
    const token = tokenFromMail(email, "confirm-email");
    const outsiderSession = await jwt({ token: {}, user: { id: account.id } });

    // Opening the link (a GET, as a mail scanner does) changes nothing: it leads to the page.
    const opened = await verifyGET(new NextRequest(`http://localhost/api/auth/verify-email?token=${token}`));
    expect(opened.status).toBe(307);
    expect(new URL(opened.headers.get("location")!).pathname).toBe("/confirm-email");
    expect(await confirmationLink(db, token, null)).toEqual({ email, sameBrowser: false });
    // A scanner that POSTs the page's form without a password confirms nothing either.
    expect(await confirmElsewhere(token)).toMatchObject({ ok: false, code: PASSWORD_REQUIRED, description: AUTH_MESSAGES.choosePassword });
    const [still] = await db.select().from(users).where(eq(users.id, account.id));
    expect(still.emailVerifiedAt).toBeNull();
    // The outsider signs in (an unconfirmed account may): no admin, at login or after.
    expect((await checkCredentials(email, "do-invasor1", `ip-${uniq()}`)).ok).toBe(true);
    expect((await loadUserAccess(account.id))?.roles).toEqual(["business_owner"]);
    expect(await grantSaasAdminIfListed(account.id)).toBe(false);

    // The mailbox owner opens the link in their own browser: they choose the password.
    expect(await confirmElsewhere(token, "da-dona-1")).toEqual({ ok: true, signedIn: false });
    const [confirmed] = await db.select().from(users).where(eq(users.id, account.id));
    expect(confirmed.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await loadUserAccess(account.id))?.roles).toEqual(expect.arrayContaining(["saas_admin"]));
    // The outsider's password and session are gone; their browser's cookie proves nothing now.
    expect(await checkCredentials(email, "do-invasor1", `ip-${uniq()}`)).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    await expect(jwt({ token: outsiderSession })).rejects.toThrow();
    expect(await confirmFromBrowser(token, outsiderCookie)).toMatchObject({ ok: false, code: INVALID_LINK });
    expect((await checkCredentials(email, "da-dona-1", `ip-${uniq()}`)).ok).toBe(true);
  });

  test("from the browser that signed up, the button keeps the password chosen there and that browser stays signed in; every other session ends", async () => {
    const email = `propria-${uniq()}@example.test`;
    await visitorFrom(`ip-${uniq()}`);
    await signUpAction({ fullName: "Dona Própria", email, password: "minha-senha1", confirmPassword: "minha-senha1" });
    const cookie = jar.get(signupCookieName())!;
    const [account] = await db.select().from(users).where(eq(users.email, email));
    const token = tokenFromMail(email, "confirm-email");
    const otherDevice = await jwt({ token: {}, user: { id: account.id } });

    expect(await confirmFromBrowser(token, cookie, account.id)).toEqual({ ok: true, signedIn: true });
    const [after] = await db.select().from(users).where(eq(users.id, account.id));
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(after.passwordHash!, "minha-senha1")).toBe(true);
    await expect(jwt({ token: otherDevice })).rejects.toThrow();
    // This browser's cookie was issued anew for a session that holds.
    const { readSessionToken } = await import("@/lib/auth/session-cookie");
    const mine = await readSessionToken();
    const access = await loadUserAccess(account.id, mine!.sid as string);
    expect(access?.sessionOpen && access.user.sessionVersion === mine!.sv).toBe(true);
  });

  test("a second sign-up of an unconfirmed address answers the same, sends a new link with its own password, and the first sign-up's link dies with it", async () => {
    const email = `disputada-${uniq()}@example.test`;
    await visitorFrom(`ip-${uniq()}`);
    await signUpAction({ fullName: "Primeiro", email, password: "primeira1", confirmPassword: "primeira1" });
    const first = tokenFromMail(email, "confirm-email");
    await visitorFrom(`ip-${uniq()}`);
    expect(await signUpAction({ fullName: "Dona Real", email, password: "a-real-123", confirmPassword: "a-real-123" })).toEqual({ ok: true, emailSent: true });
    const secondCookie = jar.get(signupCookieName())!;
    const second = tokenFromMail(email, "confirm-email");
    expect(second).not.toBe(first);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(mailsTo(email, "Confirme")).toBe(2);
    expect(mailsTo(email, "Tentativa")).toBe(0);

    expect(await confirmFromBrowser(second, secondCookie)).toEqual({ ok: true, signedIn: false });
    expect((await checkCredentials(email, "a-real-123", `ip-${uniq()}`)).ok).toBe(true);
    expect((await checkCredentials(email, "primeira1", `ip-${uniq()}`)).ok).toBe(false);
    expect(await confirmElsewhere(first, "outra-senha1")).toMatchObject({ ok: false, code: INVALID_LINK });
  });

  test("a link of an address confirmed since (a password reset) is used up and brings back no older password", async () => {
    const email = `resetada-${uniq()}@example.test`;
    await visitorFrom(`ip-${uniq()}`);
    await signUpAction({ fullName: "Esquecida", email, password: "antiga-123", confirmPassword: "antiga-123" });
    const cookie = jar.get(signupCookieName())!;
    const token = tokenFromMail(email, "confirm-email");
    const reset = await createPasswordReset(db, email);
    expect((await resetPassword(db, reset!.token, "nova-senha-1")).ok).toBe(true);
    expect(await confirmFromBrowser(token, cookie)).toEqual({ ok: true, signedIn: false });
    expect((await checkCredentials(email, "nova-senha-1", `ip-${uniq()}`)).ok).toBe(true);
    expect((await checkCredentials(email, "antiga-123", `ip-${uniq()}`)).ok).toBe(false);
  });

  test("Google's verified flag is required, and counts as proof", async () => {
    expect(googleEmailVerified({ email_verified: true })).toBe(true);
    expect(googleEmailVerified({ email_verified: "true" })).toBe(true);
    expect(googleEmailVerified({ email_verified: false })).toBe(false);
    expect(googleEmailVerified({})).toBe(false);
    expect(googleEmailVerified(undefined)).toBe(false);
    const email = await listedEmail();
    const { id } = await upsertOAuthUser(email, "Chefe", null);
    expect((await loadUserAccess(id))?.roles).toEqual(["saas_admin"]);
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

  test("'Reenviar e-mail': a new link once a minute, a few a day; nothing for a confirmed address", async () => {
    const user = await userWithPassword();
    const resend = () => resendConfirmationAction({});
    await actAs(user.id);
    expect(await resend()).toEqual({ ok: true, sent: true });
    const token = tokenFromMail(user.email, "confirm-email");
    const cookie = jar.get(signupCookieName())!;
    expect(await resend()).toEqual({
      ok: false, error: AUTH_MESSAGES.resendError, description: expect.stringMatching(/^Muitas tentativas\. Tente novamente em (\d+ segundos|1 minuto)\.$/),
    });
    for (let i = 1; i < CONFIRMATION.day.points; i++) {
      await elapse(CONFIRMATION.minute.name);
      expect((await resend()).ok).toBe(true);
    }
    await elapse(CONFIRMATION.minute.name);
    expect(await resend()).toMatchObject({ ok: false, description: expect.stringMatching(/^Muitas tentativas/) });
    // 'Reenviar e-mail' came from a browser signed in with the account's password: confirming there keeps it.
    expect(await confirmFromBrowser(token, cookie, user.id)).toEqual({ ok: true, signedIn: true });
    expect((await checkCredentials(user.email, "segredo123", `ip-${uniq()}`)).ok).toBe(true);
    await elapse(CONFIRMATION.day.name);
    await actAs(user.id);
    expect(await resend()).toEqual({ ok: false, error: AUTH_MESSAGES.resendError, description: AUTH_MESSAGES.alreadyConfirmed });
  });
});

describe("sign-up never tells whether an address is registered", () => {
  test("an existing address gets the same answer; its owner is told at most SIGNUP.notices times an hour", async () => {
    const owner = await userWithPassword("segredo123", { emailVerifiedAt: new Date() });
    const input = { fullName: "Alguém", email: owner.email, password: "outra123", confirmPassword: "outra123" };
    for (let i = 0; i < SIGNUP.notices.points + 2; i++) {
      await visitorFrom(`ip-${uniq()}`);
      expect(await signUpAction(input)).toEqual({ ok: true, emailSent: true });
    }
    expect(mailsTo(owner.email, "Tentativa")).toBe(SIGNUP.notices.points);
    // What the visitor sees is the answer a new address gets.
    await visitorFrom(`ip-${uniq()}`);
    expect(await signUpAction(input)).toEqual({ ok: true, emailSent: true });
    expect(await signUpAction({ ...input, email: `nova-${uniq()}@example.test` })).toEqual({ ok: true, emailSent: true });
    // Nothing changed for the account.
    expect((await checkCredentials(owner.email, "segredo123", `ip-${uniq()}`)).ok).toBe(true);
  });

  test("sign-ups from one address wait after SIGNUP.address.free", async () => {
    const ip = `ip-${uniq()}`;
    for (let i = 0; i < SIGNUP.address.free; i++) expect(await attemptWait(SIGNUP, `m-${uniq()}@example.test`, ip)).toBeNull();
    await visitorFrom(ip);
    const email = `m-${uniq()}@example.test`;
    expect(await signUpAction({ fullName: "Muitos", email, password: "abc123", confirmPassword: "abc123" })).toMatchObject({
      ok: false, error: AUTH_MESSAGES.signUpError, description: expect.stringMatching(/^Muitas tentativas/),
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
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

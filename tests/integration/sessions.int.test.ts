/**
 * Server-side sessions (issue 31 item 4): each sign-in opens a user_sessions row whose id the
 * cookie carries; every request's user check (one prepared statement) requires it, and 'Sair'
 * deletes it, so a copy of the cookie stops working at once instead of living on for 30 days.
 */
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { passwordResetTokens, userSessions, users } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { signOutAction, signOutEverywhereAction } from "@/lib/auth/actions";
import { buildClaims } from "@/lib/auth/claims";
import { getAuthContext } from "@/lib/auth/context";
import { resetPassword } from "@/lib/auth/mutations";
import { authOptions } from "@/lib/auth/options";
import { hashPassword } from "@/lib/auth/password";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { openSession } from "@/lib/auth/sessions";
import { createClientAction } from "@/lib/clients/actions";
import { hashToken } from "@/lib/auth/tokens";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { freshAddress } from "./authz-world";
import { createBusiness, createUser, uniq } from "./fixtures";
import { callNextAuth, cookiesSet } from "./next-auth-call";
import { jar } from "./request-stub";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

markPeerHeaderTrusted();

const PASSWORD = "segredo123";
type JwtCallback = (args: { token: Record<string, unknown>; user?: { id: string } }) => Promise<Record<string, unknown>>;
const jwt = authOptions.callbacks!.jwt as unknown as JwtCallback;

/** An owner with a password and a business of their own. */
async function owner() {
  const user = await createUser({ email: `sessao-${uniq()}@example.test`, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  const business = await createBusiness(user.id);
  return { user, business };
}

/** A real sign-in through next-auth (CSRF token, then the credentials callback): the session cookie it set. */
async function signIn(email: string) {
  const headers = { [PEER_HEADER]: freshAddress() };
  const csrf = await callNextAuth({ method: "GET", path: ["csrf"], headers });
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const res = await callNextAuth({
    method: "POST", path: ["callback", "credentials"], headers, cookies: cookiesSet(csrf),
    body: { csrfToken, email, password: PASSWORD, json: "true" },
  });
  const session = cookiesSet(res)[sessionCookieName()];
  expect(session, JSON.stringify(res)).toBeTruthy();
  return { session, csrfToken, csrfCookies: cookiesSet(csrf), headers };
}

/** The next calls come with this session cookie, as a browser holding a copy of it would send them. */
function withCookie(session: string) {
  jar.clear();
  jar.set(sessionCookieName(), session);
}

async function sessionRows(userId: string) {
  return db.select().from(userSessions).where(eq(userSessions.userId, userId));
}

describe("signing out ends the session on the server", () => {
  test("next-auth's own sign-out: the copied cookie is refused by pages, actions and next-auth itself", async () => {
    const { user, business } = await owner();
    const signedIn = await signIn(user.email);
    withCookie(signedIn.session);
    expect((await getAuthContext())?.user.id).toBe(user.id);
    expect((await createClientAction({ businessId: business.id, name: `Antes ${uniq()}` })).ok).toBe(true);

    const out = await callNextAuth({
      method: "POST", path: ["signout"], headers: signedIn.headers,
      cookies: { ...signedIn.csrfCookies, [sessionCookieName()]: signedIn.session },
      body: { csrfToken: signedIn.csrfToken, callbackUrl: "/auth", json: "true" },
    });
    expect(cookiesSet(out)[sessionCookieName()]).toBe("");

    // The browser dropped the cookie; a copy taken before is replayed.
    withCookie(signedIn.session);
    expect(await getAuthContext()).toBeNull();
    expect(await createClientAction({ businessId: business.id, name: `Depois ${uniq()}` })).toMatchObject({
      ok: false, description: ACCESS.notSignedIn,
    });
    const session = await callNextAuth({ method: "GET", path: ["session"], cookies: { [sessionCookieName()]: signedIn.session } });
    expect(session.body).toEqual({});
  });

  test("'Sair' (signOutAction) ends this session only: its copy is refused, another device goes on", async () => {
    const { user, business } = await owner();
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    expect(await sessionRows(user.id)).toHaveLength(2);

    withCookie(laptop.session);
    expect(await signOutAction({})).toEqual({ ok: true });
    expect(await getAuthContext()).toBeNull();
    expect(await createClientAction({ businessId: business.id, name: `Copiado ${uniq()}` })).toMatchObject({
      ok: false, description: ACCESS.notSignedIn,
    });
    // Again with the same cookie (the page was open twice): nothing left to end, no error.
    expect(await signOutAction({})).toEqual({ ok: true });

    withCookie(phone.session);
    expect((await getAuthContext())?.user.id).toBe(user.id);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  test("the jwt callback opens a session at sign-in and refuses to re-issue a cookie whose session ended", async () => {
    const { user } = await owner();
    const token = await jwt({ token: {}, user: { id: user.id } });
    expect(token.sid).toEqual(expect.any(String));
    expect(await sessionRows(user.id)).toEqual([expect.objectContaining({ id: token.sid })]);
    expect((await jwt({ token })).sid).toBe(token.sid);

    await db.delete(userSessions).where(eq(userSessions.id, token.sid as string));
    await expect(jwt({ token })).rejects.toThrow(/Sessão encerrada/);
  });

  test("a cookie without a session id (from before sessions had one), or naming someone else's, is refused", async () => {
    const { user } = await owner();
    const other = await owner();
    const claims = (await buildClaims(user.id))!;
    const bare = await encode({ token: { ...claims, email: user.email, sub: user.id }, secret: process.env.AUTH_SECRET! });
    withCookie(bare);
    expect(await getAuthContext()).toBeNull();
    await expect(jwt({ token: { ...claims } })).rejects.toThrow(/Sessão encerrada/);

    const borrowed = await encode({ token: { ...claims, sid: await openSession(other.user.id), sub: user.id }, secret: process.env.AUTH_SECRET! });
    withCookie(borrowed);
    expect(await getAuthContext()).toBeNull();

    const own = await encode({ token: { ...claims, sid: await openSession(user.id), sub: user.id }, secret: process.env.AUTH_SECRET! });
    withCookie(own);
    expect((await getAuthContext())?.user.id).toBe(user.id);
  });

  test("an expired session is refused; each sign-in prunes expired sessions", async () => {
    const { user } = await owner();
    const sid = await openSession(user.id);
    const claims = (await buildClaims(user.id))!;
    withCookie(await encode({ token: { ...claims, sid, sub: user.id }, secret: process.env.AUTH_SECRET! }));
    expect((await getAuthContext())?.user.id).toBe(user.id);

    await db.update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userSessions.id, sid));
    expect(await getAuthContext()).toBeNull();
    await openSession(user.id);
    expect(await db.select().from(userSessions).where(eq(userSessions.id, sid))).toHaveLength(0);
  });

  test("a cookie issued again gets a fresh expiry, and so does its session (at most once a day)", async () => {
    const { user } = await owner();
    const token = await jwt({ token: {}, user: { id: user.id } });
    const expiry = async () => (await db.select().from(userSessions).where(eq(userSessions.id, token.sid as string)))[0].expiresAt.getTime();
    const opened = await expiry();
    await jwt({ token });
    expect(await expiry()).toBe(opened);

    await db.update(userSessions).set({ expiresAt: sql`now() + interval '2 days'` }).where(eq(userSessions.id, token.sid as string));
    await jwt({ token });
    expect(await expiry()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });
});

describe("ending every session deletes them all", () => {
  test("'Sair de todos os dispositivos'", async () => {
    const { user } = await owner();
    const laptop = await signIn(user.email);
    await signIn(user.email);
    expect(await sessionRows(user.id)).toHaveLength(2);
    withCookie(laptop.session);
    expect(await signOutEverywhereAction({})).toEqual({ ok: true, ended: true });
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect(await getAuthContext()).toBeNull();
  });

  test("a password reset", async () => {
    const { user } = await owner();
    await signIn(user.email);
    expect(await sessionRows(user.id)).toHaveLength(1);
    const token = `reset-${uniq()}`;
    await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
    expect((await resetPassword(db, token, "outra1234")).ok).toBe(true);
    expect(await sessionRows(user.id)).toHaveLength(0);
    const [after] = await db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, user.id));
    expect(after.sv).toBe(user.sessionVersion + 1);
  });
});

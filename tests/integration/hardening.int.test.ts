/**
 * Hardening (issue 15 item 4), against the app's real code: the attributes of every cookie the
 * server sets (next-auth's through its own request entry point, ours through the request
 * stand-in), on http and on https; and the limit on attempts with e-mailed link secrets
 * (password reset, an invitation's employee sign-up), which joins the other limits of
 * lib/core/rate-limit/policies.ts (their own tests: rate-limit, auth, team, conversations-api,
 * online-booking, not-found-report .int.test.ts).
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessInvitations, passwordResetTokens } from "@/db/schema";
import { resetPasswordAction } from "@/lib/auth/actions";
import { hashPassword } from "@/lib/auth/password";
import { refreshSessionClaims, sessionCookieName } from "@/lib/auth/session-cookie";
import { hashToken } from "@/lib/auth/tokens";
import { setCurrentBusinessCookie } from "@/lib/businesses/cookies";
import { employeeSignupAction } from "@/lib/invitations/actions";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { TOKEN_LINKS } from "@/lib/core/rate-limit/policies";
import { actAs } from "./act-as";
import { freshAddress } from "./authz-world";
import { createBusiness, createUser, uniq } from "./fixtures";
import { callNextAuth, cookiesSet } from "./next-auth-call";
import { cookieOptions } from "./request-stub";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

markPeerHeaderTrusted();
const HTTP_URL = process.env.NEXTAUTH_URL;
const APP_URL = process.env.APP_URL;

function onHttps(on: boolean) {
  if (on) {
    process.env.NEXTAUTH_URL = "https://agenda.example.com.br";
    process.env.APP_URL = "https://agenda.example.com.br";
  } else {
    process.env.NEXTAUTH_URL = HTTP_URL;
    process.env.APP_URL = APP_URL;
  }
}
afterEach(() => onHttps(false));

/** name → its Set-Cookie attributes, lower-cased ("httponly", "secure", "samesite=lax", "path=/"). */
function attributes(setCookies: string[]): Record<string, string[]> {
  return Object.fromEntries(
    setCookies.map((c) => {
      const [kv, ...attrs] = c.split(";").map((p) => p.trim());
      return [kv.slice(0, kv.indexOf("=")), attrs.map((a) => a.toLowerCase())];
    }),
  );
}

/** A real sign-in through next-auth (CSRF token, then the credentials callback) from a fresh address. */
async function signIn() {
  const password = "segredo123";
  const user = await createUser({ email: `cookie-${uniq()}@example.test`, passwordHash: await hashPassword(password), emailVerifiedAt: new Date() });
  const headers = { [PEER_HEADER]: freshAddress() };
  const csrf = await callNextAuth({ method: "GET", path: ["csrf"], headers });
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const res = await callNextAuth({
    method: "POST", path: ["callback", "credentials"], headers, cookies: cookiesSet(csrf),
    body: { csrfToken, email: user.email, password, json: "true" },
  });
  return { csrf: attributes(csrf.setCookies), session: attributes(res.setCookies) };
}

describe("cookies", () => {
  test("on http (development): the session cookie is HttpOnly, SameSite=Lax, Path=/, not Secure; so is next-auth's CSRF cookie", async () => {
    const { csrf, session } = await signIn();
    const s = session["next-auth.session-token"];
    expect(s, JSON.stringify(session)).toBeDefined();
    expect(s).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(s).not.toContain("secure");
    expect(csrf["next-auth.csrf-token"]).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
  });

  test("on https (NEXTAUTH_URL https://…, production): __Secure-/__Host- prefixed and Secure", async () => {
    onHttps(true);
    const { csrf, session } = await signIn();
    expect(session["__Secure-next-auth.session-token"], JSON.stringify(session)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "secure"]));
    expect(session["next-auth.session-token"]).toBeUndefined();
    expect(csrf["__Host-next-auth.csrf-token"]).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "secure"]));
    // The app reads the cookie next-auth wrote.
    expect(sessionCookieName()).toBe("__Secure-next-auth.session-token");
  });

  test("the app's own writers: the re-issued session cookie (HttpOnly) and currentBusinessId (a preference the browser mirrors: not HttpOnly), SameSite=Lax, Secure on https only", async () => {
    for (const https of [false, true]) {
      onHttps(https);
      const owner = await createUser();
      const business = await createBusiness(owner.id);
      await actAs(owner.id);
      cookieOptions.clear();
      await refreshSessionClaims();
      await setCurrentBusinessCookie(business.id);
      expect(cookieOptions.get(sessionCookieName()), `https ${https}`).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: https });
      expect(cookieOptions.get("currentBusinessId"), `https ${https}`).toMatchObject({ sameSite: "lax", path: "/", secure: https });
    }
  });
});

describe("attempts with an e-mailed link's secret are limited per address", () => {
  test(`'Redefinir senha': ${TOKEN_LINKS.address.points} an hour from one address, then a wait in Portuguese; another address is unaffected`, async () => {
    const address = freshAddress();
    await actAs(null, { headers: { [PEER_HEADER]: address } });
    const wrong = () => resetPasswordAction({ token: `adivinhado-${randomUUID()}`, password: "nova12345", confirmPassword: "nova12345" });
    for (let i = 0; i < TOKEN_LINKS.address.points; i++) expect((await wrong()).ok).toBe(false);
    const refused = await wrong();
    expect(refused).toMatchObject({ ok: false, error: "Erro ao redefinir senha" });
    expect((refused as { description: string }).description).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);

    // A real link from one address, refused now, still works from another.
    const user = await createUser();
    const token = `reset-${randomUUID()}`;
    await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await resetPasswordAction({ token, password: "nova12345", confirmPassword: "nova12345" })).ok).toBe(false);
    await actAs(null, { headers: { [PEER_HEADER]: freshAddress() } });
    expect(await resetPasswordAction({ token, password: "nova12345", confirmPassword: "nova12345" })).toMatchObject({ ok: true });
  });

  test("an invitation's employee sign-up: the same limit", async () => {
    await actAs(null, { headers: { [PEER_HEADER]: freshAddress() } });
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const signUp = async () => {
      const [inv] = await db.insert(businessInvitations).values({ businessId: business.id, email: `func-${uniq()}@example.test` }).returning();
      return employeeSignupAction({ invitationId: inv.id, fullName: "Func", password: "senha1234", confirmPassword: "senha1234" });
    };
    for (let i = 0; i < TOKEN_LINKS.address.points; i++) expect((await signUp()).ok).toBe(true);
    const refused = await signUp();
    expect(refused.ok).toBe(false);
    expect((refused as { description: string }).description).toMatch(/^Muitas tentativas\./);
  });
});

describe("a callbackUrl no URL parser accepts", () => {
  // next-auth's default redirect callback threw on it (a 500); now it is sent to /auth like a foreign one.
  test.each(["http://exa mple.com", "http://[::1", "https://evil.example.com/roubo"])("%s → /auth, never a 5xx", async (callbackUrl) => {
    const res = await callNextAuth({ method: "GET", path: ["signin"], body: {}, headers: {}, cookies: {}, query: { callbackUrl } });
    expect(res.status).toBeLessThan(500);
    expect(res.location ?? "").not.toMatch(/evil|exa mple|\[::1/);
    const csrf = await callNextAuth({ method: "GET", path: ["csrf"] });
    const signOut = await callNextAuth({
      method: "POST", path: ["signout"], body: { csrfToken: (csrf.body as { csrfToken: string }).csrfToken, callbackUrl }, cookies: cookiesSet(csrf),
    });
    expect(signOut.status).toBeLessThan(500);
    expect(signOut.location ?? JSON.stringify(signOut.body)).toMatch(/\/auth"?}?$/);
  });
});

import { encode, type JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import { claimsOf, loadUserAccess, SESSION_MAX_AGE, sessionHolds, sessionIdOf, type SessionClaims } from "./claims";
import { authSecret, servedOverHttps } from "@/lib/core/config/app-url";
import { decodeSession } from "./session-decode";
import { renewSession } from "./sessions";

export function requiredAuthSecret(): string {
  const s = authSecret();
  if (!s) throw new Error("AUTH_SECRET não está definida.");
  return s;
}

/** Cookies are Secure (and next-auth's prefixed) when the app is served over https. */
export function secureCookies(): boolean {
  return servedOverHttps();
}

/** next-auth's session cookie name (prefixed on https). */
export function sessionCookieName(): string {
  return secureCookies() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export type SessionToken = JWT & Partial<SessionClaims>;

/** The decoded session cookie of this request, or null. Signature and expiry are checked by decode. */
export async function readSessionToken(): Promise<SessionToken | null> {
  const jar = await cookies();
  const raw = jar.get(sessionCookieName())?.value;
  if (!raw) return null;
  try {
    return ((await decodeSession({ token: raw, secret: requiredAuthSecret() })) as SessionToken | null) ?? null;
  } catch {
    return null;
  }
}

/** Writes a new session cookie with fresh claims (route handlers and server actions only). */
export async function writeSessionToken(token: SessionToken) {
  const jar = await cookies();
  const value = await encode({ token, secret: requiredAuthSecret(), maxAge: SESSION_MAX_AGE });
  jar.set(sessionCookieName(), value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    maxAge: SESSION_MAX_AGE,
  });
}

/**
 * Re-issues this request's session cookie with the roles and memberships the database holds now,
 * so middleware's fast redirects agree after the user joins or creates a business. Route handlers
 * and server actions only (it writes a cookie); a cookie whose session no longer holds (signed out,
 * older session version) is left alone. The new cookie's fresh expiry is its session's too.
 */
export async function refreshSessionClaims(): Promise<void> {
  const token = await readSessionToken();
  if (!token?.uid) return;
  const sid = sessionIdOf(token);
  const access = await loadUserAccess(token.uid, sid);
  if (!sessionHolds(token, access)) return;
  await renewSession(token.uid, sid!);
  await writeSessionToken({ ...token, ...claimsOf(access) });
}

/**
 * This browser's session cookie for `sessionId`, a session just opened for the user (after every
 * older one ended: a confirmed address), with the database's claims. Route handlers and server actions only.
 */
export async function reissueSession(userId: string, sessionId: string): Promise<void> {
  const access = await loadUserAccess(userId, sessionId);
  const token = await readSessionToken();
  if (!access || !token) return;
  await writeSessionToken({ ...token, ...claimsOf(access), sid: sessionId });
}

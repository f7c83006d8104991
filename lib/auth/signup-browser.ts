import "server-only";
import { cookies } from "next/headers";
import { secureCookies } from "./session-cookie";
import { hashToken, newToken, VERIFY_TOKEN_TTL_MS } from "./tokens";

/**
 * The browser that signed up keeps a secret cookie; the confirmation link it asked for stores the
 * cookie's hash (email_verification_tokens.browser_hash). The e-mailed token proves the mailbox, the
 * cookie proves which browser chose the password: only both together keep that password. Anyone
 * can type someone else's address at sign-up, so a link opened in another browser asks the mailbox
 * owner for a password instead (lib/auth/mutations.ts confirmEmail).
 */
const NAME = "agenda-signup";
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function signupCookieName(): string {
  return secureCookies() ? `__Host-${NAME}` : NAME;
}

/** This browser's sign-up secret's hash, or null when it has none. */
export async function signupBrowserHash(): Promise<string | null> {
  const value = (await cookies()).get(signupCookieName())?.value;
  return value && SECRET.test(value) ? hashToken(value) : null;
}

/**
 * The hash of this browser's sign-up secret, setting the cookie first when there is none (server
 * actions only: it writes a cookie). Several sign-ups from one browser share it, so each of their
 * links still knows it. Set for every sign-up, known address or not, so the answer tells nothing.
 */
export async function claimSignupBrowser(): Promise<string> {
  const jar = await cookies();
  let value = jar.get(signupCookieName())?.value;
  if (!value || !SECRET.test(value)) value = newToken();
  jar.set(signupCookieName(), value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    maxAge: VERIFY_TOKEN_TTL_MS / 1000,
  });
  return hashToken(value);
}

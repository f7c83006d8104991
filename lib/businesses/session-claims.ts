import "server-only";
import { buildClaims } from "@/lib/auth/claims";
import { readSessionToken, writeSessionToken } from "@/lib/auth/session-cookie";

/**
 * Re-issues the current user's session cookie with the memberships the database holds now, so
 * middleware's fast redirects agree after the user joins or creates a business.
 * Server actions and route handlers only (it writes a cookie).
 */
export async function refreshSessionClaims(): Promise<void> {
  const token = await readSessionToken();
  if (!token?.uid) return;
  const claims = await buildClaims(token.uid);
  if (claims && claims.sv === token.sv) await writeSessionToken({ ...token, ...claims });
}

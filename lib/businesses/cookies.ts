import "server-only";
import { cookies } from "next/headers";
import { CURRENT_BUSINESS_COOKIE } from "@/lib/auth/context";
import { refreshSessionClaims, secureCookies } from "@/lib/auth/session-cookie";

export const CURRENT_BUSINESS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Remembers the business the user manages, so server-rendered pages use it (server actions only).
 * Not httpOnly on purpose: the browser mirrors it (components/business/remember.ts). It is a
 * preference, not a credential: the server only ever picks it among the user's own memberships.
 */
export async function setCurrentBusinessCookie(businessId: string): Promise<void> {
  (await cookies()).set(CURRENT_BUSINESS_COOKIE, businessId, {
    path: "/",
    sameSite: "lax",
    maxAge: CURRENT_BUSINESS_MAX_AGE,
    secure: secureCookies(),
  });
}

/** After the user joined or created a business: it becomes the current one, and the session's claims show it. */
export async function enterBusiness(businessId: string): Promise<void> {
  await setCurrentBusinessCookie(businessId);
  await refreshSessionClaims();
}

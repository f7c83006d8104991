/**
 * The four route guards of spec section 2 as one pure decision, shared by middleware.ts (from the
 * session cookie's claims) and the server-side guards (from the database), so both always agree.
 */
import { isKnownPage, routeFor, type Guard } from "@/lib/routes";
import { INVITATION_PATH_RE } from "@/lib/invitations/link";
import { appUrl } from "@/lib/core/config/app-url";
import { denial } from "./permissions";
import type { BusinessRole } from "./roles";

export type { Guard };

/** The guard of a path, from the route table; unknown paths are public (they show the not-found page). */
export function guardFor(pathname: string): Guard {
  return routeFor(pathname)?.guard ?? "public";
}

export type GuardState = {
  signedIn: boolean;
  isAdmin: boolean;
  /** The user's role in the current business, null when they belong to none. */
  businessRole: BusinessRole | null;
};

/**
 * Where the user must go instead of `pathname`, or null when the page may show: the permission
 * table's verdict on the route's guard (lib/auth/permissions.ts), turned into a destination, then
 * the routing that is not a permission (`/` sends members on to their agenda, an unknown /admin
 * path to the overview).
 */
export function redirectFor(pathname: string, state: GuardState, search = ""): string | null {
  const guard = guardFor(pathname);
  switch (denial(guard, { signedIn: state.signedIn, isAdmin: state.isAdmin, businessRole: state.businessRole }, "page")) {
    case "not_signed_in":
      return guard === "home" ? "/auth" : `/auth?callbackUrl=${encodeURIComponent(pathname + search)}`;
    case "not_admin":
      return "/";
    case "admin_elsewhere":
      return "/admin";
    // Spec section 2: a non-owner on an owner page goes to the agenda (which sends one without a business on to /).
    case "no_business":
      return guard === "owner" ? "/appointments" : "/";
    case "not_owner":
      return "/appointments";
  }
  if (guard === "admin" && !isKnownPage(pathname)) return "/admin";
  if (guard === "home" && state.businessRole) return "/appointments";
  return null;
}

/** A return path after login: same-origin paths only, never another site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value) return null;
  let v = value;
  try {
    // callbackUrl may arrive absolute (next-auth builds it from NEXTAUTH_URL); keep only a same-origin path.
    if (/^https?:\/\//i.test(v)) {
      const u = new URL(v);
      const app = new URL(appUrl());
      if (u.origin !== app.origin) return null;
      v = u.pathname + u.search + u.hash;
    }
  } catch {
    return null;
  }
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || /[\r\n\t]/.test(v)) return null;
  // Back to an invitation after signing in is the one /auth address worth returning to.
  if (INVITATION_PATH_RE.test(v)) return v;
  if (v.startsWith("/auth") || v.startsWith("/api/")) return null;
  return v;
}

/** The business whose role counts: the remembered one when the user still belongs to it, else the first. */
export function pickCurrentBusiness<T extends { id: string }>(list: readonly T[], remembered: string | null | undefined): T | null {
  return list.find((b) => b.id === remembered) ?? list[0] ?? null;
}

/**
 * next-auth's `redirect` callback: where a sign-in, sign-out or error sends the browser. A path or
 * a URL of our own origin is kept; anything else — another site, or a callbackUrl no URL parser
 * accepts (next-auth's default threw on it: a 500) — goes to /auth.
 */
export function authRedirect(url: string, baseUrl: string): string {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url;
  } catch {
    // Not a URL at all: the same answer as a foreign one.
  }
  return `${baseUrl}/auth`;
}

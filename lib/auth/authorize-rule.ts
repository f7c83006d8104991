/** The decision of `authorize()` (lib/auth/guards.ts) over an already loaded context. Pure. */
import type { AuthContext } from "./context";
import { ACCESS, denial, type Level as PermissionLevel } from "./permissions";

/** A refusal: its text, and its code (what a route handler answers 401 or 403 by, never the text). */
export type Denied = { ok: false; error: string; code: "unauthenticated" | "forbidden" };
export const NOT_SIGNED_IN: Denied = { ok: false, error: ACCESS.notSignedIn, code: "unauthenticated" };
export const FORBIDDEN: Denied = { ok: false, error: ACCESS.forbidden, code: "forbidden" };
export const NO_BUSINESS: Denied = { ok: false, error: ACCESS.noBusiness, code: "forbidden" };

/** The levels a route handler asks for. */
export type Level = Extract<PermissionLevel, "user" | "staff" | "owner" | "admin">;
export type Authorized = { ok: true; ctx: AuthContext; businessId: string };

/**
 * Checks the session, the role and the membership in the business the action touches, by the
 * permission table. A `businessId` from the browser is only ever returned after it is found among
 * the user's own memberships, whatever the level.
 */
export function authorizeContext(ctx: AuthContext | null, level: Level, businessId?: string | null): Authorized | Denied {
  if (!ctx) return NOT_SIGNED_IN;
  const membership = businessId ? ctx.businesses.find((b) => b.id === businessId) : ctx.current;
  if (level !== "admin" && businessId && !membership) return FORBIDDEN;
  const denied = denial(level, { signedIn: true, isAdmin: ctx.flags.isAdmin, businessRole: membership?.role ?? null }, "call");
  if (denied === "no_business") return NO_BUSINESS;
  if (denied) return FORBIDDEN;
  return { ok: true, ctx, businessId: level === "admin" ? "" : (membership?.id ?? "") };
}

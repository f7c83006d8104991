/** The decision of `authorize()` (lib/auth/guards.ts) over an already loaded context. Pure. */
import type { AuthContext } from "./context";
import { isOwnerLevel } from "./roles";

export type Denied = { ok: false; error: string };
export const NOT_SIGNED_IN: Denied = { ok: false, error: "Sessão expirada. Faça login novamente." };
export const FORBIDDEN: Denied = { ok: false, error: "Você não tem permissão para esta ação." };
export const NO_BUSINESS: Denied = { ok: false, error: "Selecione um negócio" };

export type Level = "user" | "staff" | "owner" | "admin";
export type Authorized = { ok: true; ctx: AuthContext; businessId: string };

/**
 * Checks the session, the role and the membership in the business the action touches. A
 * `businessId` from the browser is only ever returned after it is found among the user's own
 * memberships, whatever the level.
 */
export function authorizeContext(ctx: AuthContext | null, level: Level, businessId?: string | null): Authorized | Denied {
  if (!ctx) return NOT_SIGNED_IN;
  if (level === "admin") return ctx.flags.isAdmin ? { ok: true, ctx, businessId: "" } : FORBIDDEN;
  const membership = businessId ? ctx.businesses.find((b) => b.id === businessId) : ctx.current;
  if (level === "user") {
    if (businessId && !membership) return FORBIDDEN;
    return { ok: true, ctx, businessId: membership?.id ?? "" };
  }
  if (!membership) return businessId ? FORBIDDEN : NO_BUSINESS;
  if (level === "owner" && !isOwnerLevel(membership.role)) return FORBIDDEN;
  return { ok: true, ctx, businessId: membership.id };
}

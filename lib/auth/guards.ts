import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { RoutePath } from "@/lib/routes";
import { getAuthContext, type AuthContext, type Membership } from "./context";
import { isOwnerLevel } from "./roles";
import { redirectFor } from "./route-rules";

/**
 * Server-side guard for a page or layout: applies the spec's route rules to what the database says
 * now. Returns the context when the page may show; otherwise redirects (never returns).
 */
export async function guardPage(pathname: string): Promise<AuthContext | null> {
  const ctx = await getAuthContext();
  const target = redirectFor(pathname, {
    signedIn: !!ctx,
    isAdmin: !!ctx?.flags.isAdmin,
    businessRole: ctx?.businessRole ?? null,
  });
  if (target) {
    // Middleware decides from the cookie; when it is out of date, refresh it first so the two agree.
    if (ctx?.staleClaims) redirect(`/api/auth/refresh?to=${encodeURIComponent(target)}`);
    redirect(target);
  }
  return ctx;
}

export async function requirePage(pathname: string): Promise<AuthContext> {
  const ctx = await guardPage(pathname);
  if (!ctx) redirect("/auth");
  return ctx;
}

/**
 * For the business pages (staff and owner routes): the guard, then the business the page is
 * rendered for. The page passes `business.id` to its components, and every action they call names
 * it, so a switch of business in another tab never redirects a write made from this page.
 */
export async function requireBusinessPage(pathname: RoutePath): Promise<{ ctx: AuthContext; business: Membership }> {
  const ctx = await requirePage(pathname);
  // The guard sends members without a current business away; this is the type-level promise of it.
  if (!ctx.current) redirect("/");
  return { ctx, business: ctx.current };
}

/** The current request's path, as set by middleware (for layouts that guard many pages). */
export async function currentPath(): Promise<string> {
  return (await headers()).get("x-pathname") ?? "/";
}

export type Denied = { ok: false; error: string };
export const NOT_SIGNED_IN: Denied = { ok: false, error: "Sessão expirada. Faça login novamente." };
export const FORBIDDEN: Denied = { ok: false, error: "Você não tem permissão para esta ação." };
export const NO_BUSINESS: Denied = { ok: false, error: "Selecione um negócio" };

type Level = "user" | "staff" | "owner" | "admin";
export type Authorized = { ok: true; ctx: AuthContext; businessId: string };

/**
 * For server actions and route handlers (public endpoints): checks the session, the role and the
 * membership in the business the action touches. `businessId` from the browser is only trusted
 * after it is found among the user's own memberships.
 */
export async function authorize(level: Level, businessId?: string | null): Promise<Authorized | Denied> {
  const ctx = await getAuthContext();
  if (!ctx) return NOT_SIGNED_IN;
  if (level === "admin") return ctx.flags.isAdmin ? { ok: true, ctx, businessId: "" } : FORBIDDEN;
  if (level === "user") return { ok: true, ctx, businessId: businessId ?? ctx.current?.id ?? "" };
  const membership = businessId ? ctx.businesses.find((b) => b.id === businessId) : ctx.current;
  if (!membership) return businessId ? FORBIDDEN : NO_BUSINESS;
  if (level === "owner" && !isOwnerLevel(membership.role)) return FORBIDDEN;
  return { ok: true, ctx, businessId: membership.id };
}

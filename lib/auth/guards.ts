import "server-only";
import { redirect } from "next/navigation";
import { refuse, type RouteAccess } from "@/lib/core/http/define-route";
import { grantOf, type GrantedPath, type RoutePath } from "@/lib/routes";
import { getAuthContext, type AuthContext, type Membership } from "./context";
import { authorizeContext, type Authorized, type Denied, type Level } from "./authorize-rule";
import { denial, type Grant } from "./permissions";
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
 * For a layout over many pages, which cannot know the path it was rendered for (a request header
 * naming it could be the client's own: a server action's request skips middleware). Nobody signed
 * in: null, and the layout renders the page alone, which sends them to /auth with its own path as
 * the callbackUrl. Otherwise the weakest rule of the pages under it (each page adds its own).
 */
export async function guardLayout(weakest: RoutePath): Promise<AuthContext | null> {
  if (!(await getAuthContext())) return null;
  return requirePage(weakest);
}

export type BusinessPage = { ctx: AuthContext; business: Membership };
/** A page whose row names a grant the member doesn't hold: it renders <AccessDenied grant={…} /> in its place. */
export type RefusedPage = { refused: Grant };

/**
 * For the business pages (staff and owner routes): the guard, then the business the page is
 * rendered for. The page passes `business.id` to its components, and every action they call names
 * it, so a switch of business in another tab never redirects a write made from this page.
 *
 * A page whose route row names a grant (lib/routes.ts) may be refused to an employee the owner
 * didn't grant it (the membership as the database has it now): then the answer is `{ refused }`,
 * and the page shows why instead of its content (the type makes such a page handle it).
 */
export async function requireBusinessPage<P extends RoutePath>(pathname: P): Promise<P extends GrantedPath ? BusinessPage | RefusedPage : BusinessPage>;
export async function requireBusinessPage(pathname: RoutePath): Promise<BusinessPage | RefusedPage> {
  const ctx = await requirePage(pathname);
  // The guard sends members without a current business away; this is the type-level promise of it.
  if (!ctx.current) redirect("/");
  const grant = grantOf(pathname);
  const caller = { signedIn: true, isAdmin: ctx.flags.isAdmin, businessRole: ctx.current.role, grants: ctx.current.grants };
  if (grant && denial("staff", caller, "page", grant) === "not_granted") return { refused: grant };
  return { ctx, business: ctx.current };
}

export { FORBIDDEN, NO_BUSINESS, NOT_SIGNED_IN, type Authorized, type Denied } from "./authorize-rule";

/**
 * For server actions and route handlers (public endpoints): checks the session, the role and the
 * membership in the business the action touches. `businessId` from the browser is only trusted
 * after it is found among the user's own memberships.
 */
export async function authorize(level: Level, businessId?: string | null): Promise<Authorized | Denied> {
  return authorizeContext(await getAuthContext(), level, businessId);
}

/**
 * A route handler's access (lib/core/http/define-route.ts): `authorize(level, business)` for each
 * request. `business` reads the business the request names (e.g. the page's `?business=`); without
 * one, the caller's current business. `notSignedIn` words the 401 for the route's own readers.
 */
export function authorized(level: Level, opts: { business?: (req: Request) => string | null; notSignedIn?: string } = {}): RouteAccess<Authorized> {
  const access = async (req: Request) => {
    const verdict = await authorize(level, opts.business?.(req) ?? null);
    if (verdict.ok) return verdict;
    return refuse(verdict.code, (verdict.code === "unauthenticated" && opts.notSignedIn) || verdict.error);
  };
  return Object.assign(access, { level });
}

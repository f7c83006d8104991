import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { APPOINTMENTS_VIEW_COOKIE, appointmentsViewOf } from "@/lib/appointments/view-choice";
import type { BusinessRole } from "@/lib/auth/roles";
import { pickCurrentBusiness, redirectFor } from "@/lib/auth/route-rules";
import { decodeSession } from "@/lib/auth/session-decode";
import { authSecret } from "@/lib/core/config/app-url";
import { apiSecurityHeaders, pageSecurityHeaders, securityEnv, setHeaders } from "@/lib/core/http/security-headers";

/**
 * Fast redirects of the four guards from the session cookie alone. Not the security boundary:
 * every page, route handler and server action checks again against the database.
 * Also sets the per-request security headers (CSP nonce, HSTS): lib/core/http/security-headers.ts.
 */
export async function middleware(req: NextRequest) {
  const env = securityEnv();
  // /api: headers only, no guard redirects (route handlers answer 401 themselves).
  if (req.nextUrl.pathname.startsWith("/api/")) return setHeaders(NextResponse.next(), apiSecurityHeaders(env));
  const security = pageSecurityHeaders(env);

  const { pathname, search } = req.nextUrl;
  const token = await getToken({ req, secret: authSecret(), decode: decodeSession });
  const biz = (token?.biz ?? {}) as Record<string, BusinessRole>;
  const list = Object.entries(biz).map(([id, role]) => ({ id, role }));
  const current = pickCurrentBusiness(list, req.cookies.get("currentBusinessId")?.value);
  const target = redirectFor(
    pathname,
    { signedIn: !!token?.uid, isAdmin: token?.adm === true, businessRole: current?.role ?? null },
    search,
  );
  if (target && target !== pathname) {
    return setHeaders(NextResponse.redirect(new URL(target, req.url)), security.responseHeaders);
  }

  const headers = new Headers(req.headers);
  for (const [k, v] of Object.entries(security.requestHeaders)) headers.set(k, v);
  const response = NextResponse.next({ request: { headers } });
  // The agenda's view visited is remembered for the next visit (lib/appointments/view-choice.ts);
  // not by a prefetch (the toggle's link is prefetched from the cards, which would flip the choice).
  const prefetch = req.headers.has("next-router-prefetch") || req.headers.has("next-router-segment-prefetch") || /prefetch/i.test(req.headers.get("sec-purpose") ?? req.headers.get("purpose") ?? "");
  const view = prefetch ? null : pathname === "/appointments/grade" ? "grade" : pathname === "/appointments" ? appointmentsViewOf(req.nextUrl.searchParams.get("vista")) : null;
  if (view) response.cookies.set(APPOINTMENTS_VIEW_COOKIE, view, { path: "/", maxAge: 365 * 86_400, sameSite: "lax", httpOnly: true, secure: req.nextUrl.protocol === "https:" });
  return setHeaders(response, security.responseHeaders);
}

export const config = {
  runtime: "nodejs",
  matcher: [
    // Not a server action's request from a page's script (the Next-Action header): its answer is
    // data, not a page, so it needs no redirect, nonce or page CSP, and the pipeline checks the
    // session, role and membership itself (a signed-out user gets 'Sessão expirada', the form
    // keeping what was typed, instead of a redirect the script cannot follow). Next runs middleware
    // through a request and response of its own, which cost a booking ~0.5 ms of CPU in the steady
    // state and ~2 ms on a fresh server (bench/HISTORY.md, round 8). A form sent before the scripts load
    // has no such header and comes here like any page.
    {
      source: "/((?!api/|_next/|favicon.ico|logo|.*\\.(?:svg|png|jpg|jpeg|webp|ico|txt)$).*)",
      missing: [{ type: "header", key: "next-action" }],
    },
    "/api/:path*",
  ],
};

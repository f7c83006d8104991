import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import type { BusinessRole } from "@/lib/auth/roles";
import { pickCurrentBusiness, redirectFor } from "@/lib/auth/route-rules";

/**
 * Fast redirects of the four guards from the session cookie alone. Not the security boundary:
 * every page, route handler and server action checks again against the database.
 */
export async function middleware(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const token = await getToken({ req, secret: process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET });
  const biz = (token?.biz ?? {}) as Record<string, BusinessRole>;
  const list = Object.entries(biz).map(([id, role]) => ({ id, role }));
  const current = pickCurrentBusiness(list, req.cookies.get("currentBusinessId")?.value);
  const target = redirectFor(
    pathname,
    { signedIn: !!token?.uid, isAdmin: token?.adm === true, businessRole: current?.role ?? null },
    search,
  );
  if (target && target !== pathname) return NextResponse.redirect(new URL(target, req.url));

  const headers = new Headers(req.headers);
  headers.set("x-pathname", pathname);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico|logo|.*\\.(?:svg|png|jpg|jpeg|webp|ico|txt)$).*)"],
};

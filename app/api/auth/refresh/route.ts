import { NextResponse, type NextRequest } from "next/server";
import { safeReturnPath } from "@/lib/auth/route-rules";
import { refreshSessionClaims } from "@/lib/auth/session-cookie";
import { appUrl } from "@/lib/core/config/app-url";

/** Re-issues the session cookie with the database's current roles and memberships, then goes on. */
export async function GET(req: NextRequest) {
  const to = safeReturnPath(req.nextUrl.searchParams.get("to")) ?? (req.nextUrl.searchParams.get("to") === "/auth" ? "/auth" : "/");
  await refreshSessionClaims();
  return NextResponse.redirect(new URL(to, appUrl()));
}

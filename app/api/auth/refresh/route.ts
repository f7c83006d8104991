import { NextResponse, type NextRequest } from "next/server";
import { buildClaims } from "@/lib/auth/claims";
import { safeReturnPath } from "@/lib/auth/route-rules";
import { readSessionToken, writeSessionToken } from "@/lib/auth/session-cookie";

/** Re-issues the session cookie with the database's current roles and memberships, then goes on. */
export async function GET(req: NextRequest) {
  const to = safeReturnPath(req.nextUrl.searchParams.get("to")) ?? (req.nextUrl.searchParams.get("to") === "/auth" ? "/auth" : "/");
  const token = await readSessionToken();
  if (token?.uid) {
    const claims = await buildClaims(token.uid);
    if (claims && claims.sv === token.sv) await writeSessionToken({ ...token, ...claims });
  }
  return NextResponse.redirect(new URL(to, process.env.APP_URL ?? req.nextUrl.origin));
}

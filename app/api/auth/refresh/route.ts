import { NextResponse } from "next/server";
import { safeReturnPath } from "@/lib/auth/route-rules";
import { refreshSessionClaims } from "@/lib/auth/session-cookie";
import { UNEXPECTED } from "@/lib/core/actions/messages";
import { appUrl } from "@/lib/core/config/app-url";
import { defineRoute, searchParam } from "@/lib/core/http/define-route";

/**
 * Re-issues the session cookie with the database's current roles and memberships, then goes on.
 * Public: it re-issues only the caller's own cookie (none for nobody), and goes to same-origin paths only.
 */
export const GET = defineRoute({
  name: "GET /api/auth/refresh",
  access: "public",
  error: UNEXPECTED,
  handler: async ({ req }) => {
    const asked = searchParam(req, "to");
    const to = safeReturnPath(asked) ?? (asked === "/auth" ? "/auth" : "/");
    await refreshSessionClaims();
    return NextResponse.redirect(new URL(to, appUrl()));
  },
});

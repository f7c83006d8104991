import { NextResponse } from "next/server";
import { UNEXPECTED } from "@/lib/core/actions/messages";
import { appUrl } from "@/lib/core/config/app-url";
import { defineRoute, searchParam } from "@/lib/core/http/define-route";

/**
 * The address of confirmation e-mails sent before /confirm-email existed. Opening a link changes
 * nothing (mail scanners open every link): it only leads to the page whose button confirms.
 */
export const GET = defineRoute({
  name: "GET /api/auth/verify-email",
  access: "public",
  error: UNEXPECTED,
  handler: async ({ req }) => {
    const token = searchParam(req, "token");
    const target = new URL("/confirm-email", appUrl());
    if (token) target.searchParams.set("token", token);
    return NextResponse.redirect(target);
  },
});

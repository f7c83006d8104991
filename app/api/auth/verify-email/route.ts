import { NextResponse, type NextRequest } from "next/server";
import { appUrl } from "@/lib/core/config/app-url";

/**
 * The address of confirmation e-mails sent before /confirm-email existed. Opening a link changes
 * nothing (mail scanners open every link): it only leads to the page whose button confirms.
 */
export async function GET(req: NextRequest) {
  const token = req.nextUrl.searchParams.get("token") ?? "";
  const target = new URL("/confirm-email", appUrl());
  if (token) target.searchParams.set("token", token);
  return NextResponse.redirect(target);
}

import { NextResponse, type NextRequest } from "next/server";
import { appUrl } from "@/lib/core/config/app-url";
import { verifyEmail } from "@/lib/auth/mutations";

/** The link of the confirmation e-mail: marks the address verified, then /auth says so. */
export async function GET(req: NextRequest) {
  let ok = false;
  try {
    ok = await verifyEmail(req.nextUrl.searchParams.get("token"));
  } catch (e) {
    console.error("Falha ao confirmar email", e);
  }
  return NextResponse.redirect(new URL(`/auth?verified=${ok ? "1" : "0"}`, appUrl()));
}

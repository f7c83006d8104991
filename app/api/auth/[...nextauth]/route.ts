import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { UNEXPECTED } from "@/lib/core/actions/messages";
import { defineRoute, refuse } from "@/lib/core/http/define-route";

const nextAuth = NextAuth(authOptions);

type Params = { nextauth: string[] };

/**
 * next-auth's own endpoints (sign-in, sign-out, session, CSRF). Its protocol is its own — it answers
 * its redirects, cookies and JSON, throttles sign-in in `authorize` (lib/auth/options.ts) and checks
 * its CSRF token — so the wrapper only adds the logged 500 for anything it throws. Next always
 * hands route handlers a NextRequest, which next-auth reads (`nextUrl`).
 */
const passOn = ({ req, params }: { req: Request; params: Params }): Promise<Response> => nextAuth(req as NextRequest, { params: Promise.resolve(params) });

export const GET = defineRoute<Params>({
  name: "GET /api/auth/[...nextauth]",
  access: "public",
  error: UNEXPECTED,
  handler: passOn,
});

/**
 * next-auth reads a JSON body with req.json(), which throws on a malformed one: Next answered 500
 * with a logged stack. Such a body is refused as a bad request before next-auth reads it.
 */
export const POST = defineRoute<Params>({
  name: "POST /api/auth/[...nextauth]",
  access: "public",
  error: UNEXPECTED,
  handler: async (call) => {
    if (call.req.headers.get("content-type")?.includes("application/json")) {
      try {
        await call.req.clone().json();
      } catch {
        return refuse("bad-request", "Requisição inválida.");
      }
    }
    return passOn(call);
  },
});

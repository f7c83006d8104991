import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { jsonError } from "@/lib/core/http/responses";

const handler = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth reads a JSON body with req.json(), which throws on a malformed one: Next answered 500
 * with a logged stack. Such a body is refused as a bad request before next-auth reads it.
 */
async function POST(req: NextRequest, context: Context) {
  if (req.headers.get("content-type")?.includes("application/json")) {
    try {
      await req.clone().json();
    } catch {
      return jsonError(400, "Requisição inválida.");
    }
  }
  return handler(req, context);
}

export { handler as GET, POST };

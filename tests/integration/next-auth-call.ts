/**
 * Calls next-auth with the app's own options (lib/auth/options.ts) the way
 * app/api/auth/[...nextauth]/route.ts does, but through next-auth's request/response entry point,
 * which takes the cookies and headers as arguments instead of reading Next's request store (that
 * one can't be stood in for from vitest). The same core handler answers both.
 */
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

export type NextAuthAnswer = { status: number; location: string | null; setCookies: string[]; body: unknown };

export async function callNextAuth(opts: {
  method: "GET" | "POST";
  /** ["session"], ["csrf"], ["callback", "credentials"], ["signout"] … */
  path: string[];
  body?: Record<string, string>;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** Query parameters besides the path (callbackUrl …). */
  query?: Record<string, string>;
}): Promise<NextAuthAnswer> {
  const out: NextAuthAnswer = { status: 200, location: null, setCookies: [], body: undefined };
  const headers: Record<string, string | string[]> = {};
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader(name: string, value: string | string[]) {
      headers[name.toLowerCase()] = value;
      if (name.toLowerCase() === "location") out.location = String(value);
      return res;
    },
    end() {
      return res;
    },
    json(body: unknown) {
      out.body = body;
      return res;
    },
    send(body: unknown) {
      out.body = body;
      return res;
    },
  };
  const req = {
    method: opts.method,
    query: { ...opts.query, nextauth: opts.path },
    body: opts.body ?? {},
    cookies: opts.cookies ?? {},
    headers: { host: "localhost", ...opts.headers },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(req, res, authOptions);
  const set = headers["set-cookie"];
  out.setCookies = set === undefined ? [] : Array.isArray(set) ? set : [set];
  return out;
}

/** name → value of the cookies an answer sets. */
export function cookiesSet(a: NextAuthAnswer): Record<string, string> {
  return Object.fromEntries(a.setCookies.map((c) => c.split(";")[0]).map((kv) => [kv.slice(0, kv.indexOf("=")), decodeURIComponent(kv.slice(kv.indexOf("=") + 1))]));
}

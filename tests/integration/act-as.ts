/**
 * Calls real server actions from vitest as a given user. Outside Next.js there is no request, so
 * `next/headers` (cookies, headers) and `next/cache` are replaced by this request stand-in; the
 * session cookie is a real next-auth JWT signed with AUTH_SECRET, decoded by the app's own code,
 * and the user, role and memberships are read from the real database like in production.
 *
 * Use in a test file (vi.mock calls are hoisted above the imports):
 *   vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
 *   vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
 */
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { db } from "@/db";
import { users } from "@/db/schema";
import { buildClaims } from "@/lib/auth/claims";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { openSession } from "@/lib/auth/sessions";
import { jar, request, revalidated } from "./request-stub";

export { revalidated };

/** Makes the next action calls come from `userId` (null: anonymous), with a fresh request. */
export async function actAs(userId: string | null, opts: { currentBusinessId?: string; headers?: Record<string, string>; sessionId?: string } = {}) {
  jar.clear();
  revalidated.length = 0;
  request.headers = new Headers(opts.headers ?? {});
  if (!userId) return;
  const claims = await buildClaims(userId);
  if (!claims) throw new Error(`actAs: no user ${userId}`);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // As a sign-in does: a server-side session whose id the cookie carries (or a given one: another tab of it).
  const sid = opts.sessionId ?? (await openSession(userId));
  const token = await encode({ token: { ...claims, sid, email: user.email, sub: userId }, secret: process.env.AUTH_SECRET! });
  jar.set(sessionCookieName(), token);
  if (opts.currentBusinessId) jar.set("currentBusinessId", opts.currentBusinessId);
}

/** The cookie value the last action set (e.g. currentBusinessId after a switch). */
export function cookieValue(name: string): string | undefined {
  return jar.get(name);
}

/** Calls a live read (lib/core/actions/define-read.ts) as the last `actAs` user: its status and JSON body. */
export async function readAs(read: { answer: (p: URLSearchParams) => Promise<Response> }, params: Record<string, string>) {
  const res = await read.answer(new URLSearchParams(params));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string; description?: string } };
}

/** The dialogs' availability read (GET /api/live/appointments.options) as the last `actAs` user, as `{ ok, …answer }`. */
export async function serviceOptionsAs(input: { businessId: string; date: string; time: string; lines: { serviceId: string; professionalId: string | null }[]; appointmentId?: string; outsideHours?: boolean }) {
  const { appointmentOptionsRead } = await import("@/lib/appointments/reads");
  const { lines, appointmentId, outsideHours, ...rest } = input;
  const r = await readAs(appointmentOptionsRead, { ...rest, lines: JSON.stringify(lines), outsideHours: outsideHours ? "1" : "0", ...(appointmentId && { appointmentId }) });
  type Options = Awaited<ReturnType<typeof appointmentOptionsRead.run>>;
  return r.status === 200 ? { ok: true as const, ...(r.body as unknown as Options) } : { ok: false as const, ...r.body };
}

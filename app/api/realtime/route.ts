import { sessionIdOf } from "@/lib/auth/claims";
import { authorize } from "@/lib/auth/guards";
import { readSessionToken } from "@/lib/auth/session-cookie";
import { requestCursor } from "@/lib/core/realtime/cursor";
import { changeStream, takeStreamSlot } from "@/lib/core/realtime/stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Server-sent events of the database's changes for the signed-in user's businesses
 * (lib/core/realtime/stream.ts): closed when the session ends or a business is taken away, a few open
 * streams per user at most. It resumes from the browser's cursor (Last-Event-ID or `?after=`,
 * lib/core/realtime/cursor.ts).
 */
export async function GET(req: Request) {
  const auth = await authorize("user");
  if (!auth.ok) return new Response(auth.error, { status: 401 });
  const token = await readSessionToken();
  if (typeof token?.sv !== "number") return new Response("Sessão expirada.", { status: 401 });
  const release = takeStreamSlot(auth.ctx.user.id);
  if (!release) return new Response("Muitas conexões abertas.", { status: 429, headers: { "Retry-After": "10" } });

  const stream = changeStream({
    userId: auth.ctx.user.id,
    sessionId: sessionIdOf(token),
    sessionVersion: token.sv,
    memberships: auth.ctx.businesses,
    after: requestCursor(req),
    signal: req.signal,
    onClose: release,
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

import { sessionIdOf, streamAccess } from "@/lib/auth/claims";
import { authorized, type Authorized } from "@/lib/auth/guards";
import { readSessionToken } from "@/lib/auth/session-cookie";
import { UNEXPECTED } from "@/lib/core/actions/messages";
import { defineRoute, refuse, refuseFor } from "@/lib/core/http/define-route";
import { requestCursor } from "@/lib/core/realtime/cursor";
import { changeStream, takeStreamSlot } from "@/lib/core/realtime/stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Server-sent events of the database's changes for the signed-in user's businesses
 * (lib/core/realtime/stream.ts): closed when the session ends or a business is taken away, a few open
 * streams per user at most. It resumes from the browser's cursor (Last-Event-ID or `?after=`,
 * lib/core/realtime/cursor.ts). The wrapper checks the session and answers the refusals; once the
 * stream is answered, its own heartbeats and re-checks take over (a failure then ends the stream).
 */
export const GET = defineRoute<Record<string, never>, Authorized>({
  name: "GET /api/realtime",
  access: authorized("user"),
  error: UNEXPECTED,
  handler: async ({ req, auth }) => {
    const token = await readSessionToken();
    if (typeof token?.sv !== "number") return refuse("unauthenticated", "Sessão expirada.");
    const after = requestCursor(req);
    const release = takeStreamSlot(auth.ctx.user.id);
    if (!release) return refuseFor(10_000, "Muitas conexões abertas.");

    let stream: ReadableStream<Uint8Array>;
    try {
      stream = changeStream({
        userId: auth.ctx.user.id,
        readAccess: streamAccess(auth.ctx.user.id, { sid: sessionIdOf(token), sv: token.sv }),
        memberships: auth.ctx.businesses,
        after,
        signal: req.signal,
        onClose: release,
      });
    } catch (e) {
      // The wrapper answers the 500; the slot must not stay taken by a stream that never opened.
      release();
      throw e;
    }
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  },
});

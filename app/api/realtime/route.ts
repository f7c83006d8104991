import { loadMemberships } from "@/lib/auth/claims";
import { authorize } from "@/lib/auth/guards";
import { HEARTBEAT_MS, type ChangeEvent } from "@/lib/realtime/events";
import { subscribe } from "@/lib/realtime/listener";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Minimum time between two membership re-reads caused by events of unknown businesses. */
const RECHECK_MS = 5_000;

/**
 * Server-sent events: the database's change notifications, only for the businesses the signed-in
 * user belongs to. Membership is re-read from the database at every heartbeat and (throttled) when
 * a change names a business the stream does not know yet.
 */
export async function GET(req: Request) {
  const auth = await authorize("user");
  if (!auth.ok) return new Response(auth.error, { status: 401 });
  const userId = auth.ctx.user.id;
  let allowed = new Set(auth.ctx.businesses.map((b) => b.id));
  let lastCheck = Date.now();
  const encoder = new TextEncoder();

  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const refresh = async () => {
        lastCheck = Date.now();
        try {
          allowed = new Set((await loadMemberships(userId)).map((m) => m.id));
        } catch (e) {
          console.error("[realtime] membership check failed", e);
        }
      };
      const deliver = async (event: ChangeEvent) => {
        if (!event.businessId) return;
        if (!allowed.has(event.businessId) && Date.now() - lastCheck > RECHECK_MS) await refresh();
        if (allowed.has(event.businessId)) send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };

      let unsubscribe = () => {};
      const heartbeat = setInterval(() => {
        send(`: ping\n\n`);
        void refresh();
      }, HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        req.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      req.signal.addEventListener("abort", cleanup);

      try {
        unsubscribe = await subscribe((e) => void deliver(e));
      } catch (e) {
        console.error("[realtime] LISTEN failed", e);
        cleanup();
        return;
      }
      if (closed) unsubscribe();
      send(`retry: 1000\n: connected\n\n`);
    },
    cancel() {
      cleanup();
    },
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

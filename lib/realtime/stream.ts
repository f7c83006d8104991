import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { loadUserAccess } from "@/lib/auth/claims";
import { HEARTBEAT_MS, type ChangeEvent } from "./events";
import { changesSince, subscribe } from "./listener";

/** Minimum time between two membership re-reads caused by events of unknown businesses. */
const RECHECK_MS = 5_000;

/**
 * How far before a page's request its stream looks back for changes it may have missed: the
 * request's time comes from one instance's clock, the changes' from another's.
 */
export const RENDER_MARGIN_MS = 500;
/** More missed changes than this: the page reads everything again instead. */
export const MAX_REPLAYED = 200;

/** At most this many open streams per user on one app instance (a page opens one). */
export const MAX_STREAMS_PER_USER = 5;

type Slots = Map<string, number>;
const slots: Slots = ((globalThis as { __agendaStreamSlots?: Slots }).__agendaStreamSlots ??= new Map());

/** Takes one of the user's stream slots; the returned function gives it back (once). Null when all are taken. */
export function takeStreamSlot(userId: string): (() => void) | null {
  const used = slots.get(userId) ?? 0;
  if (used >= MAX_STREAMS_PER_USER) return null;
  slots.set(userId, used + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (slots.get(userId) ?? 1) - 1;
    if (left > 0) slots.set(userId, left);
    else slots.delete(userId);
  };
}

/** The session is still the one the stream was opened with: the user exists and its version has not moved. */
export async function sessionStillCurrent(userId: string, sessionVersion: number): Promise<boolean> {
  const [row] = await db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, userId));
  return !!row && row.sv === sessionVersion;
}

export type StreamOptions = {
  userId: string;
  /** The session version of the cookie that opened the stream. */
  sessionVersion: number;
  businessIds: string[];
  /** When the page that opens the stream was rendered (ms): what changed since comes with 'ready'. */
  renderedAt?: number;
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Called once when the stream ends, for whatever reason. */
  onClose?: () => void;
};

/**
 * Server-sent events: the database's change notifications, only for the businesses the user
 * belongs to. At every heartbeat the session is checked again (a sign-out everywhere, a password
 * reset or a deleted user ends it: the stream closes) and memberships are re-read; a change naming
 * a business the stream does not know triggers a (throttled) membership re-read too.
 * Besides `change`: `ready` (the stream listens; sent first), with what the page missed between
 * its render and now when it says when it was rendered (missedSince), and `resync` (this
 * instance's LISTEN connection was lost and is back: changes may have been missed).
 */
export function changeStream(opts: StreamOptions): ReadableStream<Uint8Array> {
  const { userId, sessionVersion, signal } = opts;
  let allowed = new Set(opts.businessIds);
  let lastCheck = Date.now();
  const encoder = new TextEncoder();
  let cleanup = () => {};

  return new ReadableStream<Uint8Array>({
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
          allowed = new Set((await loadUserAccess(userId))?.memberships.map((m) => m.id));
        } catch (e) {
          console.error("[realtime] membership check failed", e);
        }
      };
      const heartbeat = async () => {
        try {
          if (!(await sessionStillCurrent(userId, sessionVersion))) {
            cleanup();
            return;
          }
        } catch (e) {
          console.error("[realtime] session check failed", e);
        }
        send(`: ping\n\n`);
        await refresh();
      };
      const deliver = async (event: ChangeEvent) => {
        if (!event.businessId) return;
        if (!allowed.has(event.businessId) && Date.now() - lastCheck > RECHECK_MS) await refresh();
        if (allowed.has(event.businessId)) send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };

      let unsubscribe = () => {};
      const timer = setInterval(() => void heartbeat(), opts.heartbeatMs ?? HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        unsubscribe();
        signal.removeEventListener("abort", cleanup);
        opts.onClose?.();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      signal.addEventListener("abort", cleanup);

      try {
        unsubscribe = await subscribe(
          (e) => void deliver(e),
          () => send(`event: resync\ndata: {}\n\n`),
        );
      } catch (e) {
        console.error("[realtime] LISTEN failed", e);
        cleanup();
        return;
      }
      if (closed) unsubscribe();
      // 'ready' once the LISTEN is in place: a browser that sees it after a drop reads its screen again.
      const missed = opts.renderedAt === undefined ? {} : missedSince(opts.renderedAt, allowed);
      send(`retry: 1000\nevent: ready\ndata: ${JSON.stringify(missed)}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
}

/**
 * What a page rendered at `renderedAt` missed before its stream listened: the changes of the
 * user's businesses this instance heard since (a few seconds early, RENDER_MARGIN_MS), or
 * `missed: true` when it cannot list them all (the page then reads everything again).
 */
export function missedSince(renderedAt: number, businessIds: Set<string>): { changes?: ChangeEvent[]; missed?: true } {
  const heard = changesSince(renderedAt - RENDER_MARGIN_MS);
  if (!heard) return { missed: true };
  const changes = heard.filter((e) => e.businessId !== null && businessIds.has(e.businessId));
  return changes.length > MAX_REPLAYED ? { missed: true } : { changes };
}

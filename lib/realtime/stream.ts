import "server-only";
import { loadUserAccess, sessionHolds, type Membership, type UserAccess } from "@/lib/auth/claims";
import type { BusinessRole } from "@/lib/auth/roles";
import { ACCESS_CHANGED, HEARTBEAT_MS, type ChangeEvent } from "./events";
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

type Roles = Map<string, BusinessRole>;

/**
 * The memberships a stream may go on with after reading the user's access again, or null when it
 * must end: the session no longer holds (signed out, expired, a newer session version, the user
 * deleted), or a business it serves was taken away or its role changed (the browser reconnects with
 * what the user may see now, and its page reads everything again). New businesses simply join.
 */
export function accessAfter(held: Roles, access: UserAccess | null, session: { sid: string | null; sv: number }): Roles | null {
  if (!sessionHolds(session, access)) return null;
  const now: Roles = new Map(access.memberships.map((m) => [m.id, m.role]));
  for (const [id, role] of held) if (now.get(id) !== role) return null;
  return now;
}

export type StreamOptions = {
  userId: string;
  /** The session (user_sessions.id) and session version of the cookie that opened the stream. */
  sessionId: string | null;
  sessionVersion: number;
  /** The user's businesses and roles when the stream opened. */
  memberships: readonly Pick<Membership, "id" | "role">[];
  /** When the page that opens the stream was rendered (ms): what changed since comes with 'ready'. */
  renderedAt?: number;
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Called once when the stream ends, for whatever reason. */
  onClose?: () => void;
};

/**
 * Server-sent events: the database's change notifications, only for the businesses the user
 * belongs to. The user's session and memberships are read again (one prepared statement) when the
 * stream listens, at every heartbeat, when a change names a business the stream does not know
 * (throttled), and at once when the user's access changed (ACCESS_CHANGED: signed out, removed,
 * another role, every session ended, lib/realtime/access.ts). Notifications are handled one at a
 * time, in the order PostgreSQL committed them, so a change committed after a removal waits for the
 * re-read that removal caused and is never sent; a re-read that ends the access closes the stream.
 * Besides `change`: `ready` (the stream listens; sent first), with what the page missed between
 * its render and now when it says when it was rendered (missedSince), and `resync` (this
 * instance's LISTEN connection was lost and is back: changes may have been missed).
 */
export function changeStream(opts: StreamOptions): ReadableStream<Uint8Array> {
  const { userId, signal } = opts;
  const session = { sid: opts.sessionId, sv: opts.sessionVersion };
  let held: Roles = new Map(opts.memberships.map((m) => [m.id, m.role]));
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
      let queue: Promise<void> = Promise.resolve();
      const serially = (job: () => Promise<void>) => {
        queue = queue.then(() => (closed ? undefined : job())).catch((e) => console.error("[realtime] stream failed", e));
        return queue;
      };
      /** `strict`: a failed read ends the stream (the access just changed); else it goes on as it was (a heartbeat while the database restarts). */
      const recheck = async (strict: boolean) => {
        lastCheck = Date.now();
        let access: UserAccess | null;
        try {
          access = await loadUserAccess(userId, session.sid);
        } catch (e) {
          console.error("[realtime] access check failed", e);
          if (strict) cleanup();
          return;
        }
        const next = accessAfter(held, access, session);
        if (next) held = next;
        else cleanup();
      };
      const deliver = async (event: ChangeEvent) => {
        if (event.table === ACCESS_CHANGED) {
          if (event.id === userId) await recheck(true);
          return;
        }
        if (!event.businessId) return;
        if (!held.has(event.businessId) && Date.now() - lastCheck > RECHECK_MS) await recheck(false);
        if (held.has(event.businessId)) send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const heartbeat = () =>
        serially(async () => {
          await recheck(false);
          send(`: ping\n\n`);
        });

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
          (e) => void serially(() => deliver(e)),
          () => send(`event: resync\ndata: {}\n\n`),
        );
      } catch (e) {
        console.error("[realtime] LISTEN failed", e);
        cleanup();
        return;
      }
      if (closed) unsubscribe();
      // Read once more now that it listens: an access change between the request's check and the
      // LISTEN was not heard, and anything committed from here on is.
      await serially(() => recheck(false));
      // 'ready' once the LISTEN is in place: a browser that sees it after a drop reads its screen again.
      const missed = opts.renderedAt === undefined ? {} : missedSince(opts.renderedAt, new Set(held.keys()));
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

import "server-only";
import { readChanges } from "./changes";
import { encodeCursor, type Cursor } from "./cursor";
import { ACCESS_CHANGED, HEARTBEAT_MS, type ChangeEvent } from "./events";
import { listener, type Listener } from "./listener";

/** Minimum time between two membership re-reads caused by events of unknown businesses. */
const RECHECK_MS = 5_000;

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

type Roles = Map<string, string>;

/**
 * What the stream reads of the user's access, while the session that opened it holds: the
 * businesses and the role in each, and per business the change log's last seq. The app reads it
 * (lib/auth/claims.ts `streamAccess`, passed in by /api/realtime): lib/core names no feature.
 */
export type StreamAccess = {
  memberships: readonly { id: string; role: string }[];
  cursor: Cursor;
};

/**
 * The memberships a stream may go on with after reading the user's access again, or null when it
 * must end: the session no longer holds (`access` null: signed out, expired, a newer session
 * version, the user deleted), or a business it serves was taken away or its role changed (the
 * browser reconnects with what the user may see now, and its page reads everything again). New
 * businesses simply join.
 */
export function accessAfter(held: Roles, access: StreamAccess | null): Roles | null {
  if (!access) return null;
  const now: Roles = new Map(access.memberships.map((m) => [m.id, m.role]));
  for (const [id, role] of held) if (now.get(id) !== role) return null;
  return now;
}

export type StreamOptions = {
  userId: string;
  /**
   * Reads the user's access now: null once the session of the cookie that opened the stream no
   * longer holds. A throw is a failed read (the database is away).
   */
  readAccess: () => Promise<StreamAccess | null>;
  /** The user's businesses and roles when the stream opened. */
  memberships: readonly { id: string; role: string }[];
  /**
   * Where the browser stands (Last-Event-ID, or `?after=`: its page's render cursor or its last id):
   * the changes after it come first. A business it does not name starts at the current end.
   */
  after?: Cursor;
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Called once when the stream ends, for whatever reason. */
  onClose?: () => void;
  /** The app instance's LISTEN connection; a test stands in another instance with its own. */
  listener?: Listener;
};

/**
 * Server-sent events: the change log's changes (migration 0021), only for the businesses the user
 * belongs to, each with `id:` = the stream's cursor after it (per business, the last seq sent).
 * When the stream opens, the changes after the browser's cursor are read from the log and sent
 * first; then `ready` (`missed: true` when the log cannot list them: pruned, too many, or a cursor
 * ahead of it, and the page reads everything again). From there on the LISTEN connection's
 * notifications, handled one at a time in commit order, those already sent left out. When that
 * connection was lost and is back, the stream reads the log again from its cursor (`resync` only
 * when the log cannot say). A business that joins starts at its current end (`cursor`: the new id).
 * The user's session and memberships are read again (one prepared statement) when the stream
 * listens, at every heartbeat, when a change names a business the stream does not know
 * (throttled), and at once when the user's access changed (ACCESS_CHANGED: signed out, removed,
 * another role, every session ended, lib/core/realtime/access.ts), so a change committed after a
 * removal waits for the re-read that removal caused and is never sent; a re-read that ends the
 * access closes the stream (after `access` when the session still holds: the page renders again on
 * the server, where its guard sends a removed member away, and the next stream has the user's
 * businesses of now; its live reads, refused now, are not read again).
 */
export function changeStream(opts: StreamOptions): ReadableStream<Uint8Array> {
  const { userId, signal } = opts;
  const source = opts.listener ?? listener;
  let held: Roles = new Map(opts.memberships.map((m) => [m.id, m.role]));
  // Per business: the last seq sent, or where it started.
  const cursor = new Map<string, number>();
  let ready = false;
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
      const id = () => `id: ${encodeCursor(Object.fromEntries(cursor))}\n`;
      const sendChange = (event: ChangeEvent) => {
        const at = cursor.get(event.businessId!);
        if (at === undefined || event.seq === null || event.seq <= at) return;
        cursor.set(event.businessId!, event.seq);
        send(`${id()}event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };
      let unsubscribe = () => {};
      let queue: Promise<void> = Promise.resolve();
      const serially = (job: () => Promise<void>) => {
        queue = queue.then(() => (closed ? undefined : job())).catch((e) => console.error("[realtime] stream failed", e));
        return queue;
      };
      /** Takes a fresh read of the user's access; false when the stream ended. */
      const apply = (access: StreamAccess | null): boolean => {
        const next = accessAfter(held, access);
        if (!next) {
          if (ready && access) send(`${id()}event: access\ndata: {}\n\n`);
          cleanup();
          return false;
        }
        held = next;
        let joined = false;
        for (const b of held.keys()) {
          if (cursor.has(b)) continue;
          cursor.set(b, access!.cursor[b] ?? 0);
          joined = true;
        }
        if (joined && ready) send(`${id()}event: cursor\ndata: {}\n\n`);
        return true;
      };
      /** `strict`: a failed read ends the stream (the access just changed); else it goes on as it was (a heartbeat while the database restarts). */
      const recheck = async (strict: boolean) => {
        lastCheck = Date.now();
        let access: StreamAccess | null;
        try {
          access = await opts.readAccess();
        } catch (e) {
          console.error("[realtime] access check failed", e);
          if (strict) cleanup();
          return;
        }
        apply(access);
      };
      const deliver = async (event: ChangeEvent) => {
        if (event.table === ACCESS_CHANGED) {
          if (event.id === userId) await recheck(true);
          return;
        }
        if (!event.businessId) return;
        if (!held.has(event.businessId) && Date.now() - lastCheck > RECHECK_MS) await recheck(false);
        if (held.has(event.businessId)) sendChange(event);
      };
      /** The LISTEN connection was lost: what was notified meanwhile is in the log after the cursor. */
      const readMissed = async () => {
        let found;
        try {
          found = await readChanges(Object.fromEntries(cursor));
        } catch (e) {
          // The page reads everything again; the stream goes on from where it was.
          console.error("[realtime] catch-up failed", e);
          send(`${id()}event: resync\ndata: {}\n\n`);
          return;
        }
        if (found.complete) {
          for (const event of found.changes) sendChange(event);
          return;
        }
        for (const [b, end] of Object.entries(found.ends)) cursor.set(b, Math.max(cursor.get(b) ?? 0, end));
        send(`${id()}event: resync\ndata: {}\n\n`);
      };
      /**
       * Listens first, then reads the access and the log: a change committed before the read is
       * in it, one committed after is heard (and sent once: its seq is past the cursor by then).
       */
      const open = async () => {
        try {
          unsubscribe = await source.subscribe(
            (e) => void serially(() => deliver(e)),
            () => void serially(readMissed),
          );
        } catch (e) {
          console.error("[realtime] LISTEN failed", e);
          cleanup();
          return;
        }
        if (closed) return unsubscribe();
        let access: StreamAccess | null;
        try {
          access = await opts.readAccess();
        } catch (e) {
          console.error("[realtime] access check failed", e);
          cleanup();
          return;
        }
        lastCheck = Date.now();
        const next = accessAfter(held, access);
        if (!next) return cleanup();
        held = next;
        let missed = false;
        const behind: Cursor = {};
        for (const b of held.keys()) {
          const end = access!.cursor[b] ?? 0;
          const from = opts.after?.[b];
          if (from === undefined) {
            cursor.set(b, end);
          } else if (from > end) {
            missed = true;
            cursor.set(b, end);
          } else {
            cursor.set(b, from);
            if (from < end) behind[b] = from;
          }
        }
        if (Object.keys(behind).length) {
          let found;
          try {
            found = await readChanges(behind);
          } catch (e) {
            console.error("[realtime] catch-up failed", e);
            cleanup();
            return;
          }
          if (found.complete) {
            for (const event of found.changes) sendChange(event);
          } else {
            missed = true;
            for (const b of Object.keys(behind)) cursor.set(b, Math.max(cursor.get(b)!, found.ends[b] ?? 0));
          }
        }
        ready = true;
        send(`${id()}retry: 1000\nevent: ready\ndata: ${missed ? '{"missed":true}' : "{}"}\n\n`);
      };
      const heartbeat = () =>
        serially(async () => {
          await recheck(false);
          send(`: ping\n\n`);
        });

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
      await serially(open);
    },
    cancel() {
      cleanup();
    },
  });
}

import "server-only";
import type postgres from "postgres";
import { databaseUrl, reconnectBackoff } from "@/db";
import { connect } from "@/db/connect";
import { pruneChanges, PRUNE_EVERY_MS } from "./changes";
import { parseChange, REALTIME_CHANNEL, type ChangeEvent } from "./events";

type Subscriber = { change: (event: ChangeEvent) => void; lost: () => void };

export type Listener = {
  /** Starts the LISTEN connection once. */
  start(): Promise<void>;
  /**
   * Receives every change until the returned function is called. `lost`: notifications may have
   * been missed (the connection dropped and is back); it is called before any change heard on the
   * new connection, so a subscriber that reads the change log from where it stood misses nothing.
   */
  subscribe(change: (event: ChangeEvent) => void, lost: () => void): Promise<() => void>;
  subscriberCount(): number;
  /** Closes the LISTEN connection (tests and shutdown). */
  stop(): Promise<void>;
};

/**
 * One LISTEN connection, fanning PostgreSQL's notifications out to its subscribers (an app
 * instance's open streams). `prune`: this one also keeps the change log short
 * (lib/core/realtime/changes.ts). `name`: its application_name in pg_stat_activity.
 */
export function createListener({ prune = false, name = "agenda listener" }: { prune?: boolean; name?: string } = {}): Listener {
  const subscribers = new Set<Subscriber>();
  let client: postgres.Sql | undefined;
  let starting: Promise<void> | undefined;
  let pruning: ReturnType<typeof setInterval> | undefined;
  let listened = false;
  // The connection dropped since the subscribers were last told.
  let dropped = false;

  const each = (fn: (s: Subscriber) => void) => {
    for (const s of subscribers) {
      try {
        fn(s);
      } catch (e) {
        console.error("[realtime] subscriber failed", e);
      }
    }
  };
  const tellLost = () => {
    if (!dropped) return;
    dropped = false;
    console.warn("[realtime] LISTEN restabelecido após queda da conexão; as telas abertas leem o que perderam.");
    each((s) => s.lost());
  };
  // postgres.js runs LISTEN again by itself once the connection is back; whatever was notified
  // meanwhile is lost. It calls `backoff` in the very tick a connection closes, before it reconnects:
  // that marks the drop, so the first notification of the new connection (which can come before
  // its LISTEN's own answer is handled) finds the subscribers already told.
  const backoff = (retries: number) => {
    if (listened) dropped = true;
    return reconnectBackoff(retries);
  };
  const dispatch = (payload: string) => {
    const event = parseChange(payload);
    if (!event) return;
    tellLost();
    each((s) => s.change(event));
  };
  const onListen = () => {
    // Every LISTEN after the first follows a drop, whether or not `backoff` said so.
    if (listened) dropped = true;
    listened = true;
    tellLost();
  };

  const start = () => {
    starting ??= (async () => {
      const c = connect(databaseUrl(), { max: 1, idle_timeout: 0, onnotice: () => {}, backoff, connection: { application_name: name } });
      try {
        await c.listen(REALTIME_CHANNEL, dispatch, onListen);
        client = c;
      } catch (e) {
        starting = undefined;
        await c.end({ timeout: 1 }).catch(() => {});
        throw e;
      }
      if (prune) {
        pruning = setInterval(() => void pruneChanges().catch((e) => console.error("[realtime] prune failed", e)), PRUNE_EVERY_MS);
        pruning.unref?.();
      }
    })();
    return starting;
  };

  return {
    start,
    async subscribe(change, lost) {
      const subscriber: Subscriber = { change, lost };
      subscribers.add(subscriber);
      try {
        await start();
      } catch (e) {
        subscribers.delete(subscriber);
        throw e;
      }
      return () => {
        subscribers.delete(subscriber);
      };
    },
    subscriberCount: () => subscribers.size,
    async stop() {
      const c = client;
      client = undefined;
      starting = undefined;
      listened = false;
      dropped = false;
      clearInterval(pruning);
      if (c) await c.end({ timeout: 1 });
    },
  };
}

// One per app instance, kept across hot reloads; PostgreSQL fans the notifications out to every
// instance, and each instance to its open streams.
const holder = globalThis as { __agendaListener?: Listener };
export const listener: Listener = (holder.__agendaListener ??= createListener({ prune: true }));

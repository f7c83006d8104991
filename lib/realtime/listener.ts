import "server-only";
import type postgres from "postgres";
import { databaseUrl, reconnectBackoff } from "@/db";
import { connect } from "@/db/connect";
import { parseChange, REALTIME_CHANNEL, type ChangeEvent } from "./events";

type Subscriber = { change: (event: ChangeEvent) => void; resync?: () => void };

type State = {
  subscribers: Set<Subscriber>;
  client?: postgres.Sql;
  starting?: Promise<void>;
  /** LISTEN has been established at least once on the current client. */
  listened?: boolean;
  /** The changes heard lately, oldest first, with the time (ms) each arrived. */
  recent: { at: number; event: ChangeEvent }[];
  /** Every change heard since this time (ms) is in `recent`; unset while not listening. */
  completeFrom?: number;
};

/**
 * How long, and how many, changes an instance remembers for a page whose stream opens after its
 * render (a change between the two would otherwise never reach it): changesSince().
 */
export const REMEMBER_MS = 5 * 60_000;
export const REMEMBER_MAX = 2_000;

// One LISTEN connection per app instance, kept across hot reloads; PostgreSQL fans the
// notifications out to every instance, and each instance fans them out to its open streams.
const state: State = ((globalThis as { __agendaRealtime?: State }).__agendaRealtime ??= { subscribers: new Set(), recent: [] });
state.recent ??= [];

function each(fn: (s: Subscriber) => void) {
  for (const s of state.subscribers) {
    try {
      fn(s);
    } catch (e) {
      console.error("[realtime] subscriber failed", e);
    }
  }
}

function remember(event: ChangeEvent) {
  const now = Date.now();
  state.recent.push({ at: now, event });
  while (state.recent.length > REMEMBER_MAX || (state.recent.length && state.recent[0].at < now - REMEMBER_MS)) {
    // Forgotten: from now on only what came after it is complete.
    const dropped = state.recent.shift()!;
    state.completeFrom = Math.max(state.completeFrom ?? 0, dropped.at + 1);
  }
}

function dispatch(payload: string) {
  const event = parseChange(payload);
  if (!event) return;
  remember(event);
  each((s) => s.change(event));
}

/**
 * The changes this instance heard at or after `since` (ms), oldest first; null when it cannot
 * tell: it was not listening all that time (it started later, or its connection dropped and came
 * back), or it has forgotten part of it.
 */
export function changesSince(since: number): ChangeEvent[] | null {
  if (state.completeFrom === undefined || since < state.completeFrom) return null;
  return state.recent.filter((r) => r.at >= since).map((r) => r.event);
}

/**
 * postgres.js runs LISTEN again by itself once the connection comes back after a drop (a database
 * restart, a failover); every NOTIFY sent while it was away is lost. So each LISTEN after the
 * first tells the subscribers to read again what they show.
 */
function listening() {
  // What was heard before a drop says nothing about what the drop lost.
  state.recent = [];
  state.completeFrom = Date.now();
  if (state.listened) {
    console.warn("[realtime] LISTEN restabelecido após queda da conexão; pedindo releitura às telas abertas.");
    each((s) => s.resync?.());
  }
  state.listened = true;
}

/** Starts the dedicated LISTEN connection once. */
export function startListener(): Promise<void> {
  state.starting ??= (async () => {
    const client = connect(databaseUrl(), {
      max: 1,
      idle_timeout: 0,
      onnotice: () => {},
      backoff: reconnectBackoff,
    });
    try {
      state.listened = false;
      await client.listen(REALTIME_CHANNEL, dispatch, listening);
      state.client = client;
    } catch (e) {
      state.starting = undefined;
      await client.end({ timeout: 1 }).catch(() => {});
      throw e;
    }
  })();
  return state.starting;
}

/**
 * Receives every change of this instance's LISTEN connection until the returned function is
 * called; `resync` is called when changes may have been missed (the connection was lost and is
 * back).
 */
export async function subscribe(change: (event: ChangeEvent) => void, resync?: () => void): Promise<() => void> {
  const subscriber: Subscriber = { change, resync };
  state.subscribers.add(subscriber);
  try {
    await startListener();
  } catch (e) {
    state.subscribers.delete(subscriber);
    throw e;
  }
  return () => {
    state.subscribers.delete(subscriber);
  };
}

export function subscriberCount(): number {
  return state.subscribers.size;
}

/** Closes the LISTEN connection (tests and shutdown). */
export async function stopListener(): Promise<void> {
  const client = state.client;
  state.client = undefined;
  state.starting = undefined;
  state.listened = false;
  state.recent = [];
  state.completeFrom = undefined;
  if (client) await client.end({ timeout: 1 });
}

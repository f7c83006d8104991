import "server-only";
import postgres from "postgres";
import { databaseUrl } from "@/db";
import { parseChange, REALTIME_CHANNEL, type ChangeEvent } from "./events";

type Subscriber = (event: ChangeEvent) => void;

type State = {
  subscribers: Set<Subscriber>;
  client?: postgres.Sql;
  starting?: Promise<void>;
};

// One LISTEN connection per app instance, kept across hot reloads; PostgreSQL fans the
// notifications out to every instance, and each instance fans them out to its open streams.
const state: State = ((globalThis as { __agendaRealtime?: State }).__agendaRealtime ??= { subscribers: new Set() });

function dispatch(payload: string) {
  const event = parseChange(payload);
  if (!event) return;
  for (const fn of state.subscribers) {
    try {
      fn(event);
    } catch (e) {
      console.error("[realtime] subscriber failed", e);
    }
  }
}

/** Starts the dedicated LISTEN connection once; postgres.js re-listens by itself after a reconnect. */
export function startListener(): Promise<void> {
  state.starting ??= (async () => {
    const client = postgres(databaseUrl(), { max: 1, idle_timeout: 0, onnotice: () => {} });
    try {
      await client.listen(REALTIME_CHANNEL, dispatch);
      state.client = client;
    } catch (e) {
      state.starting = undefined;
      await client.end({ timeout: 1 }).catch(() => {});
      throw e;
    }
  })();
  return state.starting;
}

/** Receives every change of this instance's LISTEN connection until the returned function is called. */
export async function subscribe(fn: Subscriber): Promise<() => void> {
  state.subscribers.add(fn);
  try {
    await startListener();
  } catch (e) {
    state.subscribers.delete(fn);
    throw e;
  }
  return () => {
    state.subscribers.delete(fn);
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
  if (client) await client.end({ timeout: 1 });
}

import type { JsonError } from "@/lib/core/http/responses";
import type { LiveKey, LiveRead } from "./keys";

/**
 * The one client cache of the live reads, keyed by [businessId, read, params] (lib/core/live/keys.ts).
 * Written by hand instead of SWR or TanStack Query: SWR's 6–7 KB compressed (TanStack Query's 10)
 * would put /appointments and /business-hours over their first-load JavaScript budget
 * (docs/architecture.md, "Why our own cache"); what the screens need of it is this: one entry per
 * key shared by its readers, reads that land newest-wins, writes that put their answers in, and
 * reads again of the entries a change makes stale.
 */
export class LiveReadError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonError,
  ) {
    super(body.error);
  }
}

export const OFFLINE: JsonError = { error: "Erro de conexão", description: "Verifique sua conexão e tente novamente." };

/** What a reader sees of an entry; a new object at each change. */
export type LiveState<T = unknown> = { data?: T; error?: LiveReadError; loading: boolean };

type Entry = {
  key: LiveKey;
  state: LiveState;
  /** Bumped by every read and write: a read that lands after a newer one started, or after a write, is dropped. */
  turn: number;
  readers: Set<() => void>;
  onError: Set<(e: LiveReadError) => void>;
};

const entries = new Map<string, Entry>();

/** A key as one string (its parameters in order); keyOf turns it back. */
export const keyId = (key: LiveKey) => JSON.stringify([key[0], key[1], Object.entries(key[2]).sort(([a], [b]) => a.localeCompare(b))]);
export function keyOf(id: string): LiveKey {
  const [businessId, read, params] = JSON.parse(id) as [string, LiveRead, [string, string][]];
  return [businessId, read, Object.fromEntries(params)];
}

function entryOf(key: LiveKey): Entry {
  const id = keyId(key);
  let e = entries.get(id);
  if (!e) entries.set(id, (e = { key, state: { loading: false }, turn: 0, readers: new Set(), onError: new Set() }));
  return e;
}

function update(e: Entry, state: Partial<LiveState>) {
  e.state = { ...e.state, ...state };
  for (const r of [...e.readers]) r();
}

const IDLE: LiveState = { loading: false };

/** The entry's state now, the same object until it changes (what useSyncExternalStore needs). */
export function liveState(key: LiveKey | string): LiveState {
  return entries.get(typeof key === "string" ? key : keyId(key))?.state ?? IDLE;
}

/** The page's server render of `key`, unless a reader on screen holds it already (fresher, and live). */
export function seedLive(key: LiveKey, data: unknown): void {
  const e = entryOf(key);
  if (e.state.data === undefined || !e.readers.size) e.state = { ...e.state, data };
}

/** A reader of `key` (a screen): the entry lives while it has readers, and leaves with the last one. */
export function subscribeLive(key: LiveKey, reader: () => void, onError?: (e: LiveReadError) => void): () => void {
  const e = entryOf(key);
  e.readers.add(reader);
  if (onError) e.onError.add(onError);
  return () => {
    e.readers.delete(reader);
    if (onError) e.onError.delete(onError);
    if (!e.readers.size && entries.get(keyId(key)) === e) entries.delete(keyId(key));
  };
}

/** Reads `key` again into the cache; resolves when it has landed (or was overtaken). */
export async function revalidateLive(key: LiveKey): Promise<void> {
  const e = entryOf(key);
  const turn = ++e.turn;
  update(e, { loading: true });
  try {
    // The fetch is its own module: a page whose live reads came with it loads it at its first change.
    const data = await (await import("./read")).readLive(key);
    if (turn === e.turn) update(e, { data, error: undefined, loading: false });
  } catch (err) {
    if (turn !== e.turn) return;
    const error = err instanceof LiveReadError ? err : new LiveReadError(0, OFFLINE);
    update(e, { error, loading: false });
    for (const fn of e.onError) fn(error);
  }
}

/** Puts data into `key` (a write's answer); a read already out for it is dropped. */
export function setLive<T>(key: LiveKey, data: T | ((current: T | undefined) => T)): void {
  const e = entryOf(key);
  e.turn += 1;
  const next = typeof data === "function" ? (data as (c: T | undefined) => T)(e.state.data as T | undefined) : data;
  update(e, { data: next, error: undefined, loading: false });
}

/** The keys on screen that hold data, for a write that puts its answer into several. */
export function liveKeys(match: (key: LiveKey) => boolean): LiveKey[] {
  return [...entries.values()].filter((e) => e.readers.size && e.state.data !== undefined && match(e.key)).map((e) => e.key);
}

/** Reads again every key on screen that `match` says is stale. */
export function revalidateWhere(match: (key: LiveKey) => boolean): void {
  for (const e of [...entries.values()]) if (e.readers.size && match(e.key)) void revalidateLive(e.key);
}

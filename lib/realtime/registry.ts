import { PREFETCHED_PAGE_MAX_AGE_S } from "@/lib/navigation/prefetched-pages";
import type { ChangeEvent } from "./events";

export type ChangeHandler = (event: ChangeEvent) => void;

/**
 * How long the page's stream keeps what it heard for a screen that subscribes later. A soft
 * navigation renders the next page on the server while the stream (opened once, in the shell)
 * keeps running; a change made after that render reaches the browser before the new screen has
 * subscribed, and the screen would never hear it. Every handler reads again what an event names,
 * so hearing one it already reflects costs a read, never a wrong screen. Longer than the slowest
 * soft navigation's render-to-mount on a phone network (15 s), counted from the oldest render a
 * navigation may show: a page prefetched when its link was pointed at, up to
 * PREFETCHED_PAGE_MAX_AGE_S before the click.
 */
export const REPLAY_MS = 15_000 + PREFETCHED_PAGE_MAX_AGE_S * 1000;
/** Bound on what is kept, whatever the rate of changes. */
export const REPLAY_MAX = 500;

/** Fans the stream's events out to the screens' handlers, replaying the recent ones to a new subscriber. */
export function createChangeRegistry(now: () => number = Date.now) {
  const handlers = new Map<string, Set<ChangeHandler>>();
  const catchUps = new Set<() => void>();
  let recent: { at: number; event: ChangeEvent }[] = [];

  const forget = () => {
    const cut = now() - REPLAY_MS;
    const first = recent.findIndex((r) => r.at >= cut);
    recent = first === -1 ? [] : recent.slice(Math.max(first, recent.length - REPLAY_MAX));
  };
  const run = (handler: () => void) => {
    try {
      handler();
    } catch (e) {
      console.error(e);
    }
  };

  return {
    /** `table` is a table's name or '*' for every change. Returns the unsubscribe. */
    subscribe(table: string, handler: ChangeHandler): () => void {
      const set = handlers.get(table) ?? new Set<ChangeHandler>();
      set.add(handler);
      handlers.set(table, set);
      forget();
      for (const { event } of recent) if (table === "*" || event.table === table) run(() => handler(event));
      return () => {
        set.delete(handler);
      };
    },
    deliver(event: ChangeEvent) {
      recent.push({ at: now(), event });
      forget();
      for (const h of [...(handlers.get(event.table) ?? []), ...(handlers.get("*") ?? [])]) run(() => h(event));
    },
    onCatchUp(handler: () => void): () => void {
      catchUps.add(handler);
      return () => {
        catchUps.delete(handler);
      };
    },
    /** The stream is back after changes may have been missed: every screen reads everything again. */
    catchUp() {
      for (const h of catchUps) run(h);
    },
  };
}

export type ChangeRegistry = ReturnType<typeof createChangeRegistry>;

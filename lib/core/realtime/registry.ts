import type { Cursor } from "./cursor";
import type { ChangeEvent } from "./events";

export type ChangeHandler = (event: ChangeEvent) => void;

/**
 * Fans the stream's events out to the screens' handlers, and knows how far the stream has got
 * (per business, the last seq it delivered, or where it started). Nothing is kept for later: a
 * soft navigation (or a page prefetched when its link was pointed at) shows a page rendered while
 * the shell's stream ran on, and a change committed after that page's render cursor may already
 * have gone by when its screens subscribe. Such a screen is behind the stream, so it reads
 * everything again (its catch-up) at once; a screen whose page is not behind hears the rest live.
 */
export function createChangeRegistry(start: Cursor) {
  const handlers = new Map<string, Set<ChangeHandler>>();
  const catchUps = new Set<() => void>();
  let heard: Cursor = { ...start };

  const run = (handler: () => void) => {
    try {
      handler();
    } catch (e) {
      console.error(e);
    }
  };
  // A business the stream does not name yet (one joined) may have had changes the page missed too.
  const behind = (after: Cursor) => Object.entries(after).some(([b, seq]) => heard[b] === undefined || heard[b] > seq);

  return {
    /** `table` is a table's name or '*' for every change. Returns the unsubscribe. */
    subscribe(table: string, handler: ChangeHandler): () => void {
      const set = handlers.get(table) ?? new Set<ChangeHandler>();
      set.add(handler);
      handlers.set(table, set);
      return () => {
        set.delete(handler);
      };
    },
    deliver(event: ChangeEvent) {
      if (event.businessId && event.seq !== null) heard[event.businessId] = Math.max(heard[event.businessId] ?? 0, event.seq);
      for (const h of [...(handlers.get(event.table) ?? []), ...(handlers.get("*") ?? [])]) run(() => h(event));
    },
    /** `after`: the page's render cursor; when the stream is already past it, `handler` runs at once. */
    onCatchUp(handler: () => void, after?: Cursor): () => void {
      catchUps.add(handler);
      if (after && behind(after)) run(handler);
      return () => {
        catchUps.delete(handler);
      };
    },
    /** The stream names businesses it did not (one joined): it has their changes from there on. */
    extend(cursor: Cursor) {
      for (const [b, seq] of Object.entries(cursor)) heard[b] ??= seq;
    },
    /** Changes were missed: the stream goes on from `cursor`, and every screen reads everything again. */
    catchUp(cursor: Cursor) {
      heard = { ...cursor };
      for (const h of catchUps) run(h);
    },
  };
}

export type ChangeRegistry = ReturnType<typeof createChangeRegistry>;

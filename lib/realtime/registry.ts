import type { Cursor } from "./cursor";
import type { ChangeEvent } from "./events";

export type ChangeHandler = (event: ChangeEvent) => void;

/** How many of the stream's last events are kept for screens that subscribe later. */
export const REPLAY_MAX = 500;

/**
 * Fans the stream's events out to the screens' handlers. A soft navigation renders the next page
 * on the server while the stream (opened once, in the shell) keeps running: a change committed
 * after that page's render cursor can reach the browser before its screens subscribe. So the last
 * events are kept, and a screen that subscribes with its page's render cursor first gets exactly
 * those after it. The stream has every change after `from` (where it started: the first page's
 * render cursor, or where a business joined), and a later page's cursor is not behind that; when
 * it is (the stream started over after a gap, events were dropped for room), the screen's
 * catch-up reads everything again.
 */
export function createChangeRegistry(start: Cursor) {
  const handlers = new Map<string, Set<ChangeHandler>>();
  const catchUps = new Set<() => void>();
  let from: Cursor = { ...start };
  let kept: ChangeEvent[] = [];

  const run = (handler: () => void) => {
    try {
      handler();
    } catch (e) {
      console.error(e);
    }
  };
  const covers = (after: Cursor) => Object.entries(after).every(([b, seq]) => from[b] !== undefined && seq >= from[b]);

  return {
    /** `table` is a table's name or '*' for every change; `after`: the page's render cursor. Returns the unsubscribe. */
    subscribe(table: string, handler: ChangeHandler, after?: Cursor): () => void {
      const set = handlers.get(table) ?? new Set<ChangeHandler>();
      set.add(handler);
      handlers.set(table, set);
      for (const e of after ? kept : []) {
        const seen = after![e.businessId!];
        if ((table === "*" || e.table === table) && seen !== undefined && e.seq! > seen) run(() => handler(e));
      }
      return () => {
        set.delete(handler);
      };
    },
    deliver(event: ChangeEvent) {
      kept.push(event);
      if (kept.length > REPLAY_MAX) {
        const gone = kept.shift()!;
        from[gone.businessId!] = Math.max(from[gone.businessId!] ?? 0, gone.seq!);
      }
      for (const h of [...(handlers.get(event.table) ?? []), ...(handlers.get("*") ?? [])]) run(() => h(event));
    },
    /** `after`: the page's render cursor; when the kept events cannot cover it, `handler` runs at once. */
    onCatchUp(handler: () => void, after?: Cursor): () => void {
      catchUps.add(handler);
      if (after && !covers(after)) run(handler);
      return () => {
        catchUps.delete(handler);
      };
    },
    /** The stream names businesses it did not (one joined): it has their changes from there on. */
    extend(cursor: Cursor) {
      for (const [b, seq] of Object.entries(cursor)) from[b] ??= seq;
    },
    /** Changes were missed: the stream goes on from `cursor`, and every screen reads everything again. */
    catchUp(cursor: Cursor) {
      from = { ...cursor };
      kept = [];
      for (const h of catchUps) run(h);
    },
  };
}

export type ChangeRegistry = ReturnType<typeof createChangeRegistry>;

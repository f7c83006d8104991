"use client";

import { invalidates, LIVE_RULES_ID, type LiveRules } from "@/lib/core/live/invalidation";
import { isOwnChange, whenWritesSettle } from "@/lib/core/live/own-changes";
import { revalidateWhere } from "@/lib/core/live/store";
import type { ChangeEvent } from "@/lib/core/realtime/events";

/**
 * How long the stream's changes are gathered before the stale reads go out: a week's save is seven
 * row changes and one read.
 */
export const LIVE_COALESCE_MS = 150;

let pending: ChangeEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let read: LiveRules | undefined;

/** The reads' rules the shell wrote into the page (components/live/live-rules.tsx); none outside the shell. */
function rules(): LiveRules {
  const el = typeof document === "undefined" ? null : document.getElementById(LIVE_RULES_ID);
  if (read || !el) return read ?? {};
  try {
    return (read = JSON.parse(el.textContent ?? "{}") as LiveRules);
  } catch {
    return {};
  }
}

function flush() {
  // The tab's own write may not have answered yet: its echo is known only once it has.
  whenWritesSettle(() => {
    const events = pending.filter((e) => !isOwnChange(e.seq));
    pending = [];
    if (events.length) {
      const live = rules();
      revalidateWhere((key) => events.some((e) => invalidates(e, key, live)));
    }
  });
}

/**
 * A change from the stream: the cached reads it makes stale are read again (by the tables each read
 * declares). Every live read on screen hands each change in (useLive); it counts once.
 */
export function invalidateLive(event: ChangeEvent): void {
  if (pending.some((p) => p.seq === event.seq && p.businessId === event.businessId && p.id === event.id && p.table === event.table)) return;
  pending.push(event);
  clearTimeout(timer);
  timer = setTimeout(flush, LIVE_COALESCE_MS);
}

/**
 * This tab's write answered its `changes` (useWrite): the reads on screen they make stale are read
 * again now, but for those the screen put the answer into itself (`applied`).
 */
export function readStale(changes: readonly ChangeEvent[], applied: readonly string[]): void {
  const live = rules();
  revalidateWhere((key) => !applied.includes(key[1]) && changes.some((c) => invalidates(c, key, live)));
}

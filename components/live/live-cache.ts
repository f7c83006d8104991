"use client";

import { invalidates } from "@/lib/core/live/invalidation";
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

function flush() {
  // The tab's own write may not have answered yet: its echo is known only once it has.
  whenWritesSettle(() => {
    const events = pending.filter((e) => !isOwnChange(e.seq));
    pending = [];
    if (events.length) revalidateWhere((key) => events.some((e) => invalidates(e, key)));
  });
}

/**
 * A change from the stream: the cached reads it makes stale are read again (lib/core/live/invalidation.ts).
 * Every live read on screen hands each change in (useLive); it counts once.
 */
export function invalidateLive(event: ChangeEvent): void {
  if (pending.some((p) => p.seq === event.seq && p.businessId === event.businessId && p.id === event.id && p.table === event.table)) return;
  pending.push(event);
  clearTimeout(timer);
  timer = setTimeout(flush, LIVE_COALESCE_MS);
}

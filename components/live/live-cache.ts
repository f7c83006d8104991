"use client";

import { mutate } from "swr";
import { invalidates } from "@/lib/live/invalidation";
import { isLiveKey } from "@/lib/live/keys";
import { isOwnChange, whenWritesSettle } from "@/lib/live/own-changes";
import type { ChangeEvent } from "@/lib/realtime/events";

/**
 * How long the stream's changes are gathered before the stale reads go out: a week's save is seven
 * row changes and one read. Also the time the tab's own write has for its answer to arrive before
 * its echo would be taken for someone else's change.
 */
export const LIVE_COALESCE_MS = 150;

let pending: ChangeEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function flush() {
  // The tab's own write may not have answered yet: its echo is known only once it has.
  whenWritesSettle(flushSettled);
}

function flushSettled() {
  const events = pending.filter((e) => !isOwnChange(e.seq));
  pending = [];
  if (!events.length) return;
  void mutate((key) => isLiveKey(key) && events.some((e) => invalidates(e, key)));
}

/** A change from the stream: the cached reads it makes stale are read again (lib/live/invalidation.ts). */
export function invalidateLive(event: ChangeEvent): void {
  pending.push(event);
  clearTimeout(timer);
  timer = setTimeout(flush, LIVE_COALESCE_MS);
}

/** Changes were missed that the log cannot list: every live read on screen is read again. */
export function revalidateAllLive(): void {
  pending = [];
  clearTimeout(timer);
  void mutate(isLiveKey);
}

"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useRealtime, useRealtimeCatchUp } from "@/components/shell/use-realtime";
import type { LiveData, LiveKey, LiveRead } from "@/lib/core/live/keys";
import { keyId, keyOf, liveState, revalidateLive, seedLive, subscribeLive, type LiveReadError } from "@/lib/core/live/store";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { preloadWhenIdle } from "@/components/ui/preloadable";

// The matching of the stream's changes (1 KB) loads with a live screen's dialogs, once the page is
// idle: its first change then applies at once, as a dialog's first open fetches no script.
if (typeof window !== "undefined") preloadWhenIdle(() => import("./live-cache"));

/**
 * One read of a screen, in the one client cache (lib/core/live/store.ts) under `key` (null: not
 * now). `initial`: what the page's server render read; it seeds the cache, and the key is read
 * only when there is none, when the stream says it changed (by the tables the read declares,
 * components/live/live-cache.ts), when this tab's write changed it (useWrite), or, with `cursor`
 * (the page's render cursor), when the stream got past the render before the screen subscribed.
 * `onError`: a read that failed (the screen's toast).
 */
export function useLive<N extends LiveRead>(key: LiveKey<N> | null, initial?: LiveData<N>, cursor?: Cursor, onError?: (e: LiveReadError) => void) {
  const id = key ? keyId(key) : "";
  // Before the first read of the cache, so the first render shows the server's data from it.
  // Only in the browser: on the server one module's map would serve every request.
  if (key && initial !== undefined && typeof window !== "undefined") seedLive(key, initial);
  // `onError` as the screen first gave it: screens pass one that reads nothing of their render.
  const subscribe = useCallback((changed: () => void) => (id ? subscribeLive(keyOf(id), changed, onError) : () => {}), [id]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useSyncExternalStore(subscribe, () => liveState(id), () => liveState(""));
  const revalidate = useCallback(() => (id ? revalidateLive(keyOf(id)) : Promise.resolve()), [id]);
  useEffect(() => {
    if (!id) return;
    const now = liveState(id);
    if (now.data === undefined && !now.loading) void revalidateLive(keyOf(id));
  }, [id]);
  // The stream's changes reach the one cache through the screens that read from it: a page
  // without live reads carries none of this (the matching is preloaded above, or loads at the first change).
  useRealtime("*", (event) => void import("./live-cache").then((m) => m.invalidateLive(event)));
  // Changes missed that the log cannot list, or a page rendered before changes the stream delivered.
  useRealtimeCatchUp(() => void revalidate(), cursor);
  return { data: (state.data ?? initial) as LiveData<N> | undefined, error: state.error, loading: state.loading, revalidate };
}

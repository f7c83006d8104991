"use client";

import { useRouter } from "next/navigation";
import { createContext, createElement, useContext, useEffect, useRef, useState } from "react";
import { reconnectDelay, type ChangeEvent } from "@/lib/realtime/events";
import { createChangeRegistry, type ChangeHandler, type ChangeRegistry } from "@/lib/realtime/registry";

const RealtimeContext = createContext<ChangeRegistry | null>(null);

/**
 * Opens ONE EventSource to /api/realtime for the page and fans its events out to subscribers.
 * Reconnects after a drop with 1, 2, 5, then 10 second delays. Changes to `businesses` refresh
 * the server-rendered data (switcher, profile) by themselves.
 *
 * Notifications sent while the stream was down (the app restarted, the network dropped, the
 * server's own LISTEN connection was lost) are gone for good, so when the stream is back — its
 * `ready` after a drop, or the server's `resync` — every screen reads again what it shows
 * (useRealtimeCatchUp) and the server-rendered parts are refreshed.
 *
 * The page's first stream opens after its render (`renderedAt`): its `ready` brings the changes
 * made in between, handled as live ones, or says the server cannot list them (read again). A
 * soft navigation keeps this stream: the next page, rendered while it ran, first hears the changes
 * of the last seconds when it subscribes (lib/realtime/registry.ts).
 */
export function RealtimeProvider({ renderedAt, children }: { renderedAt: number; children: React.ReactNode }) {
  const router = useRouter();
  const [registry] = useState(createChangeRegistry);
  const renderTime = useRef(renderedAt);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let missed = false;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;

    const refreshServerData = () => {
      // Coalesce bursts of changes into one refresh.
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => router.refresh(), 150);
    };
    const catchUp = () => {
      refreshServerData();
      registry.catchUp();
    };

    const deliver = (event: ChangeEvent) => {
      if (event.table === "businesses") refreshServerData();
      registry.deliver(event);
    };
    const parse = <T,>(msg: Event): T | null => {
      try {
        return JSON.parse((msg as MessageEvent<string>).data) as T;
      } catch {
        return null;
      }
    };

    let first = true;
    const connect = () => {
      if (stopped) return;
      // Only the first stream asks for what changed since the render; after a drop, `missed` reads everything again.
      source = new EventSource(first ? `/api/realtime?since=${renderTime.current}` : "/api/realtime");
      first = false;
      source.addEventListener("ready", (msg) => {
        // Whether the page hears live changes now: tests wait for it before changing data elsewhere.
        document.documentElement.dataset.realtime = "live";
        attempt = 0;
        const since = parse<{ changes?: ChangeEvent[]; missed?: boolean }>(msg);
        if (missed || since?.missed) catchUp();
        else for (const event of since?.changes ?? []) deliver(event);
        missed = false;
      });
      source.addEventListener("resync", catchUp);
      source.addEventListener("change", (msg) => {
        const event = parse<ChangeEvent>(msg);
        if (event) deliver(event);
      });
      source.onerror = () => {
        document.documentElement.dataset.realtime = "down";
        source?.close();
        source = null;
        if (stopped) return;
        // Whatever changed since the page was rendered may be missed now, also when the page's first
        // connection fails before its 'ready' (the app restarting right after the render): the
        // stream that comes back reads again.
        missed = true;
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(refreshTimer);
      source?.close();
    };
  }, [router, registry]);

  return createElement(RealtimeContext.Provider, { value: registry }, children);
}

/**
 * Calls `handler` for every change of `table` ('appointments', 'business_hours', 'businesses', or
 * '*' for all) in the businesses the user belongs to. The handler may change between renders.
 */
export function useRealtime(table: string, handler: ChangeHandler) {
  const registry = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!registry) return;
    return registry.subscribe(table, (e) => latest.current(e));
  }, [registry, table]);
}

/**
 * Calls `handler` when the live stream is back after changes may have been missed: the screen
 * should read again everything it shows. The handler may change between renders.
 */
export function useRealtimeCatchUp(handler: () => void) {
  const registry = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!registry) return;
    return registry.onCatchUp(() => latest.current());
  }, [registry]);
}

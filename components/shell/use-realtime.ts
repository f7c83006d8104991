"use client";

import { useRouter } from "next/navigation";
import { createContext, createElement, useContext, useEffect, useRef, useState } from "react";
import { encodeCursor, parseCursor, type Cursor } from "@/lib/core/realtime/cursor";
import { reconnectDelay, type ChangeEvent } from "@/lib/core/realtime/events";
import { createChangeRegistry, type ChangeHandler, type ChangeRegistry } from "@/lib/core/realtime/registry";

const RealtimeContext = createContext<ChangeRegistry | null>(null);

/**
 * Opens ONE EventSource to /api/realtime for the page and fans its events out to subscribers: the
 * live screens' reads (components/live/use-live.ts hands each change to the one cache's map) and
 * the agenda's toast. Reconnects after a drop with 1, 2, 5, then 10 second delays. Changes to
 * `businesses` refresh the server-rendered data (switcher, profile) by themselves.
 *
 * The stream resumes from a cursor (lib/core/realtime/cursor.ts): first the page's render cursor (read
 * before the page read its data), then the id of the last event it got. Whatever changed in
 * between comes first, from the server's change log, handled as live changes: a render followed
 * by a stream, an app restart, a network drop, a lost LISTEN. Only when the log cannot list them
 * (`missed`, `resync`) does every live read on screen read again (useRealtimeCatchUp) and the
 * server-rendered parts refresh. A soft navigation keeps this stream: a next page rendered before
 * changes the stream has delivered reads everything again (lib/core/realtime/registry.ts).
 */
export function RealtimeProvider({ cursor, children }: { cursor: Cursor; children: React.ReactNode }) {
  const router = useRouter();
  const [registry] = useState(() => createChangeRegistry(cursor));
  const rendered = useRef(cursor);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let last = encodeCursor(rendered.current);
    const html = document.documentElement.dataset;

    const refreshServerData = () => {
      // Coalesce bursts of changes into one refresh.
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => router.refresh(), 150);
    };
    /** Keeps the stream's cursor after `msg`; tests read it to know what the page has heard. */
    const track = (msg: Event) => {
      last = (msg as MessageEvent).lastEventId || last;
      html.realtimeCursor = last;
    };
    const at = (msg: Event) => {
      track(msg);
      return parseCursor(last);
    };
    const catchUp = (msg: Event) => {
      refreshServerData();
      registry.catchUp(at(msg));
    };
    const parse = <T,>(msg: Event): T | null => {
      try {
        return JSON.parse((msg as MessageEvent<string>).data) as T;
      } catch {
        return null;
      }
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource(`/api/realtime?after=${encodeURIComponent(last)}`);
      source.addEventListener("ready", (msg) => {
        // Whether the page hears live changes now: tests wait for it before changing data elsewhere.
        html.realtime = "live";
        attempt = 0;
        if (parse<{ missed?: boolean }>(msg)?.missed) catchUp(msg);
        else registry.extend(at(msg));
      });
      source.addEventListener("cursor", (msg) => registry.extend(at(msg)));
      source.addEventListener("resync", catchUp);
      // The user's access changed (removed, another role): the server's render says what they may
      // see now (a removed member is sent away), not the live reads, which it may now refuse.
      source.addEventListener("access", (msg) => {
        track(msg);
        refreshServerData();
      });
      source.addEventListener("change", (msg) => {
        track(msg);
        const event = parse<ChangeEvent>(msg);
        if (!event) return;
        if (event.table === "businesses") refreshServerData();
        registry.deliver(event);
      });
      source.onerror = () => {
        html.realtime = "down";
        source?.close();
        source = null;
        if (stopped) return;
        // The next stream starts from the last id: the log brings what the drop missed.
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
 * '*' for all) in the businesses the user belongs to, from when the screen subscribes. What came
 * between its page's render and then is useRealtimeCatchUp's. The handler may change between renders.
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
 * Calls `handler` when changes were missed and the stream cannot list them: the screen should read
 * again everything it shows. Also at once when the stream has already delivered changes after
 * `after` (the page's render cursor: a soft navigation or a prefetched page). The handler may
 * change between renders.
 */
export function useRealtimeCatchUp(handler: () => void, after?: Cursor) {
  const registry = useContext(RealtimeContext);
  const latest = useRef(handler);
  const rendered = useRef(after);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!registry) return;
    return registry.onCatchUp(() => latest.current(), rendered.current);
  }, [registry]);
}

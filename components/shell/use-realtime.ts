"use client";

import { useRouter } from "next/navigation";
import { createContext, createElement, useContext, useEffect, useRef, useState } from "react";
import { reconnectDelay, type ChangeEvent } from "@/lib/realtime/events";

type Handler = (event: ChangeEvent) => void;
type Registry = { subscribe: (table: string, handler: Handler) => () => void };

const RealtimeContext = createContext<Registry | null>(null);

/**
 * Opens ONE EventSource to /api/realtime for the page and fans its events out to subscribers.
 * Reconnects after a drop with 1, 2, 5, then 10 second delays. Changes to `businesses` refresh
 * the server-rendered data (switcher, profile) by themselves.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const handlers = useRef(new Map<string, Set<Handler>>());
  const [registry] = useState<Registry>(() => ({
    subscribe(table, handler) {
      const set = handlers.current.get(table) ?? new Set<Handler>();
      set.add(handler);
      handlers.current.set(table, set);
      return () => {
        set.delete(handler);
      };
    },
  }));

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      if (stopped) return;
      source = new EventSource("/api/realtime");
      source.onopen = () => {
        attempt = 0;
      };
      source.addEventListener("change", (msg) => {
        let event: ChangeEvent;
        try {
          event = JSON.parse((msg as MessageEvent<string>).data) as ChangeEvent;
        } catch {
          return;
        }
        if (event.table === "businesses") {
          // Coalesce bursts of changes into one refresh.
          clearTimeout(refreshTimer);
          refreshTimer = setTimeout(() => router.refresh(), 150);
        }
        for (const h of handlers.current.get(event.table) ?? []) h(event);
        for (const h of handlers.current.get("*") ?? []) h(event);
      });
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
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
  }, [router]);

  return createElement(RealtimeContext.Provider, { value: registry }, children);
}

/**
 * Calls `handler` for every change of `table` ('appointments', 'business_hours', 'businesses', or
 * '*' for all) in the businesses the user belongs to. The handler may change between renders.
 */
export function useRealtime(table: string, handler: Handler) {
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

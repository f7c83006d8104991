"use client";

import { useCallback, useRef, useState } from "react";
import { ONLINE_MESSAGES as MSG } from "@/lib/online-booking/messages";

export type SlotsState =
  | { status: "idle" }
  | { status: "loading"; date: string }
  | { status: "ready"; date: string; times: string[]; closed: boolean }
  | { status: "error"; date: string; message: string };

/**
 * The free times of one day for the current choices, from GET /api/agendar/{slug}/horarios (which
 * may be a few seconds old from the browser's cache; `fresh` reads past it). A newer request wins
 * over an older one still on its way.
 */
export function useSlots(slug: string, serviceIds: string[], professional: string) {
  const [state, setState] = useState<SlotsState>({ status: "idle" });
  const latest = useRef(0);

  const load = useCallback(
    async (date: string, fresh = false) => {
      const ticket = ++latest.current;
      setState({ status: "loading", date });
      const qs = new URLSearchParams({ date, services: serviceIds.join(","), professional });
      try {
        const res = await fetch(`/api/agendar/${encodeURIComponent(slug)}/horarios?${qs}`, { cache: fresh ? "reload" : "default" });
        const body = (await res.json().catch(() => ({}))) as { times?: string[]; closed?: boolean; error?: string };
        if (ticket !== latest.current) return;
        if (!res.ok || !Array.isArray(body.times)) {
          setState({ status: "error", date, message: body.error ?? MSG.slotsError });
          return;
        }
        setState({ status: "ready", date, times: body.times, closed: !!body.closed });
      } catch {
        if (ticket === latest.current) setState({ status: "error", date, message: MSG.slotsError });
      }
    },
    [slug, serviceIds, professional],
  );

  return { state, load };
}

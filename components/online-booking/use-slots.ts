"use client";

import { useCallback, useRef, useState } from "react";
import { ONLINE_MESSAGES as MSG } from "@/lib/online-booking/messages";
import type { SlotsAnswer } from "@/lib/online-booking/slots";

export type SlotsState =
  | { status: "idle" }
  | { status: "loading"; date: string }
  | ({ status: "ready" } & SlotsAnswer)
  | { status: "error"; date: string; message: string };

/**
 * One day's free times for the choices, from GET /api/agendar/{slug}/horarios (which may be a few
 * seconds old from the browser's cache; `fresh` reads past it): the ready state or the error's.
 */
export async function fetchSlots(slug: string, serviceIds: readonly string[], professional: string, date: string, fresh = false): Promise<SlotsState> {
  const qs = new URLSearchParams({ date, services: serviceIds.join(","), professional });
  try {
    const res = await fetch(`/api/agendar/${encodeURIComponent(slug)}/horarios?${qs}`, { cache: fresh ? "reload" : "default" });
    const body = (await res.json().catch(() => ({}))) as Partial<SlotsAnswer> & { error?: string };
    if (!res.ok || !Array.isArray(body.times)) return { status: "error", date, message: body.error ?? MSG.slotsError };
    return { status: "ready", date, times: body.times, closed: !!body.closed, waitlist: !!body.waitlist };
  } catch {
    return { status: "error", date, message: MSG.slotsError };
  }
}

/** The free times of one day for the current choices (fetchSlots). A newer request wins over an older one still on its way. */
export function useSlots(slug: string, serviceIds: string[], professional: string) {
  const [state, setState] = useState<SlotsState>({ status: "idle" });
  const latest = useRef(0);

  const load = useCallback(
    async (date: string, fresh = false) => {
      const ticket = ++latest.current;
      setState({ status: "loading", date });
      const next = await fetchSlots(slug, serviceIds, professional, date, fresh);
      if (ticket === latest.current) setState(next);
    },
    [slug, serviceIds, professional],
  );

  return { state, load };
}

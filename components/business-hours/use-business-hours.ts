"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { failureToast } from "@/components/form";
import { useRealtime, useRealtimeCatchUp } from "@/components/shell/use-realtime";
import { loadBusinessHoursAction } from "@/lib/business-hours/actions";
import type { BusinessHoursData } from "@/lib/business-hours/queries";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import type { Cursor } from "@/lib/realtime/cursor";

/** The tables this screen shows; each has a change trigger (migration 0021). */
const WATCHED = new Set(["business_hours", "business_holidays", "business_holiday_settings", "businesses"]);

/**
 * The screen's data in the browser, kept live: a change of these tables in this business (by
 * another user, another tab, or this user's own save) reads the whole screen again through the
 * pipeline. What the user is editing is not in here: the weekly form decides itself what to do
 * with fresh hours (components/business-hours/weekly-hours-form.tsx). `cursor`: the page's render cursor.
 */
export function useBusinessHours(businessId: string, initial: BusinessHoursData, cursor: Cursor) {
  const [data, setData] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    // Only the newest read may land: an older answer arriving late must not undo a newer one.
    const mine = ++seq.current;
    try {
      const r = await loadBusinessHoursAction({ businessId });
      if (mine !== seq.current) return;
      if (r.ok) setData(r.data);
      else failureToast(r);
    } catch (e) {
      console.error(e);
      if (mine === seq.current) failureToast({ error: HOURS_MESSAGES.error, description: HOURS_MESSAGES.refreshError });
    }
  }, [businessId]);

  useRealtime("*", (event) => {
    if (event.businessId !== businessId || !WATCHED.has(event.table)) return;
    // A save of the week is seven row events: one read for the burst.
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), 150);
  });
  // Changes were missed that the stream cannot list.
  useRealtimeCatchUp(() => void refresh(), cursor);
  useEffect(() => () => clearTimeout(timer.current), []);

  return { data, setData, refresh };
}

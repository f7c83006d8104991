"use client";

import { useEffect, useRef } from "react";
import { useRealtime, useRealtimeCatchUp } from "@/components/shell/use-realtime";
import { loadAppointmentAction } from "@/lib/appointments/actions";
import type { Cursor } from "@/lib/realtime/cursor";
import type { ChangeEvent } from "@/lib/realtime/events";

const CALENDAR_TABLES = ["business_hours", "business_holidays", "business_holiday_settings"] as const;

/**
 * Live like the agenda: the database's change notifications (NOTIFY → /api/realtime) of this
 * business call `refresh` when they touch the day shown — an appointment on screen changed or went
 * away, an appointment of another day was moved here or booked for it, or the opening hours or
 * holidays changed. Bursts are coalesced into one refresh. `after`: the page's render cursor; when
 * the changes since cannot be listed, the day is read again.
 */
export function useLiveDay({ businessId, date, shownIds, refresh, after }: { businessId: string; date: string; shownIds: ReadonlySet<string>; refresh: () => void; after: Cursor }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const soon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useRealtime("*", (event: ChangeEvent) => {
    if (event.businessId !== businessId) return;
    if ((CALENDAR_TABLES as readonly string[]).includes(event.table)) return soon();
    if (event.table !== "appointments" || !event.id) return;
    if (shownIds.has(event.id)) return soon();
    if (event.op === "DELETE") return;
    // The notification names the row, not its date: ask for it (the agenda's own read, staff level).
    void loadAppointmentAction({ businessId, id: event.id })
      .then((r) => {
        if (r.ok && r.appointment?.date === date) soon();
      })
      .catch(() => {});
  });
  useRealtimeCatchUp(refresh, after);
}

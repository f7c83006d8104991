"use client";

import { useCallback, useMemo, useState } from "react";
import { failureToast, networkFailureToast } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { useRealtime } from "@/components/shell/use-realtime";
import { toast } from "@/components/ui/toaster";
import type { ListedAppointment, AppointmentsInitial } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { formatLongDate } from "@/lib/core/format/date";
import { liveKey } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";
import { liveState, revalidateLive, type LiveReadError } from "@/lib/core/live/store";
import { isOwnChange, whenWritesSettle } from "@/lib/core/live/own-changes";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { sectionDates } from "@/lib/appointments/rules/day-sections";
import { businessDay, type BusinessDay } from "@/lib/appointments/rules/business-day";
import { addDays, daysBetween } from "@/lib/core/time/business-date";
import { cachedAppointment, daysKey, summaryKey, cardWrites } from "./cache";

/**
 * A day of the agenda as the list shows it. Its cards are its own read (DaySection): `initial`
 * are the ones that came with the page, `first` says they are only the day's first ones ('Mostrar
 * mais'). `business`: whether and when the business opens that day, as the booking rule sees it.
 */
/** `asked`: named by the date picker or a link, so its cards are read at once, not when scrolled near. */
export type DaySection = { date: string; count: number; business: BusinessDay; initial?: ListedAppointment[]; first: boolean; asked: boolean };

/** The longest span the days read accepts (lib/appointments/reads.ts). */
const MAX_LISTED_DAYS = 400;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const loadFailed = (e: LiveReadError) => (e.status ? failureToast(e.body) : networkFailureToast(MSG.loadError));

/**
 * The agenda's list in the browser: the range of days listed ('Dias anteriores', 'Carregar mais
 * dias' and the date picker widen it), their counts and calendar, the month cards. All of it is in
 * the one client cache and kept live by the change log's stream (lib/core/live/invalidation.ts); each
 * day's cards are the day section's own read. `optimistic` and `placed` put this tab's writes into
 * the cache from their answers.
 */
export function useDayList(businessId: string, initial: AppointmentsInitial, cursor: Cursor) {
  const today = initial.today;
  const [range, setRange] = useState({ from: today, to: initial.windowEnd });
  const [extraDays, setExtraDays] = useState<Set<string>>(() => new Set());

  const first = range.from === today && range.to === initial.windowEnd;
  const days = useLive(daysKey(businessId, range.from, range.to), first ? { counts: initial.counts, calendar: initial.calendar } : undefined, cursor, loadFailed);
  const summary = useLive(summaryKey(businessId, today), { summary: initial.summary, stale: initial.stale }, cursor);
  const { counts, calendar } = days.data ?? { counts: initial.counts, calendar: initial.calendar };

  /** Reads the days of `next` into the cache, then lists them: the list never shows a range it has no counts for. */
  const widen = useCallback(
    async (next: { from: string; to: string }) => {
      const key = daysKey(businessId, next.from, next.to);
      await revalidateLive(key);
      const { error } = liveState(key);
      if (error) {
        loadFailed(error);
        return false;
      }
      setRange(next);
      return true;
    },
    [businessId],
  );
  const loadEarlier = useCallback(() => widen({ from: addDays(range.from, -14), to: range.to }), [widen, range]);
  const loadLater = useCallback(() => widen({ from: range.from, to: addDays(range.to, 30) }), [widen, range]);

  /** The date picker: shows `date` (even without appointments), and the week after it when the list can reach it. */
  const jumpTo = useCallback(
    async (date: string) => {
      setExtraDays((prev) => new Set(prev).add(date));
      const next = { from: date < range.from ? date : range.from, to: addDays(date, 6) > range.to ? addDays(date, 6) : range.to };
      if ((next.from !== range.from || next.to !== range.to) && daysBetween(next.from, next.to) <= MAX_LISTED_DAYS) await widen(next);
    },
    [range, widen],
  );

  // A booking made by a client on the public page gets a toast for the staff; the cache follows by itself.
  useRealtime("appointments", (event) => {
    const id = event.id;
    if (event.businessId !== businessId || event.op !== "INSERT" || !id) return;
    whenWritesSettle(() => {
      if (isOwnChange(event.seq)) return;
      readLive(liveKey(businessId, "appointments.appointment", { id }))
        .then(({ appointment: a }) => {
          if (a?.source === "online") toast({ title: `Novo agendamento online: ${a.client.name} às ${a.time}`, description: capitalize(formatLongDate(a.date)) });
        })
        .catch(() => {});
    });
  });

  const { optimistic, placed } = useMemo(() => cardWrites(businessId), [businessId]);
  const find = useCallback((id: string) => cachedAppointment(businessId, id), [businessId]);

  const firstCards = useMemo(() => {
    const byDate = new Map<string, ListedAppointment[]>();
    for (const a of initial.appointments) byDate.set(a.date, [...(byDate.get(a.date) ?? []), a]);
    for (const d of initial.loadedDays) if (!byDate.has(d)) byDate.set(d, []);
    return byDate;
  }, [initial]);

  const partialDay = initial.partialDay;
  const sections: DaySection[] = useMemo(() => {
    const withCounts = Object.entries(counts).filter(([, n]) => n > 0).map(([d]) => d);
    const dates = new Set(sectionDates(today, range.from, range.to, withCounts));
    for (const d of extraDays) dates.add(d);
    return [...dates].sort().map((date) => ({
      date,
      count: counts[date] ?? 0,
      business: businessDay(date, calendar),
      initial: firstCards.get(date),
      first: date === partialDay,
      asked: extraDays.has(date),
    }));
  }, [counts, calendar, range, extraDays, today, firstCards, partialDay]);

  return { today, sections, summary: summary.data?.summary ?? initial.summary, stale: summary.data?.stale ?? initial.stale, error: days.error ? (days.error.body.description ?? days.error.message) : null, range, loadEarlier, loadLater, jumpTo, optimistic, placed, find };
}

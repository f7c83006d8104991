"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { failureToast, networkFailureToast } from "@/components/form";
import { toast } from "@/components/ui/toaster";
import { useRealtime, useRealtimeCatchUp } from "@/components/shell/use-realtime";
import { agendaCalendarAction, agendaTotalsAction, loadAgendaRangeAction, loadAppointmentAction } from "@/lib/appointments/actions";
import type { AgendaAppointment, AgendaInitial, MonthSummary } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { formatLongDate } from "@/lib/format/date";
import type { Cursor } from "@/lib/realtime/cursor";
import { agendaDays } from "@/lib/scheduling/agenda-days";
import { businessDay, type BusinessCalendar, type BusinessDay } from "@/lib/scheduling/business-day";
import { dayRuns } from "@/lib/scheduling/day-runs";
import { addDays, daysBetween } from "@/lib/time/business-date";

/**
 * `more`: cards of a loaded day that did not come with the page yet ('Mostrar mais'). `business`:
 * whether and when the business opens that day (its holiday, its hours), as the booking rule sees it.
 */
export type DaySection = { date: string; count: number; loaded: boolean; more: number; items: AgendaAppointment[]; business: BusinessDay };

/** The tables of the business's hours; each has a change trigger (migration 0021). */
const HOURS_TABLES = new Set(["business_hours", "business_holidays", "business_holiday_settings"]);
/** The longest span the calendar read accepts (agendaCalendarAction). */
const CALENDAR_DAYS = 400;

/** `next`, read for the dates from `from` to `to`, over `prev`: its holidays replace those dates' ones. */
function mergeCalendar(prev: BusinessCalendar, next: BusinessCalendar, from: string, to: string): BusinessCalendar {
  const kept = prev.holidays.filter((h) => h.holidayDate < from || h.holidayDate > to);
  return { hours: next.hours, worksOnHolidays: next.worksOnHolidays, holidays: [...kept, ...next.holidays] };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Days read again per request when catching up (a busy chain's loaded day holds many cards). */
const CATCH_UP_DAYS = 14;

const byTime = (a: AgendaAppointment, b: AgendaAppointment) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id.localeCompare(b.id);

/**
 * The agenda's data in the browser: the appointments of the loaded days, the counts of the later
 * days not loaded yet, the range shown ('Dias anteriores' and 'Carregar mais' widen it), and the
 * live updates (INSERT and UPDATE fetch the row and put it in place, DELETE removes it; the month
 * cards and the counts follow), from the page's render cursor on. When the stream cannot list what
 * was missed, every loaded day, the counts and the month cards are read again.
 */
export function useAgenda(businessId: string, initial: AgendaInitial, cursor: Cursor) {
  const today = initial.today;
  const [items, setItems] = useState(() => new Map(initial.appointments.map((a) => [a.id, a])));
  const [loadedDays, setLoadedDays] = useState(() => new Set(initial.loadedDays));
  const [counts, setCounts] = useState<Record<string, number>>(initial.counts);
  const [partialDay, setPartialDay] = useState<string | null>(initial.partialDay);
  const [range, setRange] = useState({ from: today, to: initial.windowEnd });
  const [extraDays, setExtraDays] = useState<Set<string>>(() => new Set());
  const [summary, setSummary] = useState<MonthSummary>(initial.summary);
  const [calendar, setCalendar] = useState<BusinessCalendar>(initial.calendar);
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<string>());

  // The loaded days as of now, for answers that arrive after a render (a fetched row, a load).
  const loadedRef = useRef(new Set(initial.loadedDays));
  // A load reads its days as they were when it ran: a change heard while it was out may be missing
  // from it, or undone by it, so every row named meanwhile is read again once the load lands.
  const heardDuringLoads = useRef(new Set<Set<string>>());

  /**
   * Fetches one appointment again and puts it in place (or takes it away). `announce`: a new row
   * (INSERT) — one booked by a client on the public page gets a toast for the staff.
   */
  const refreshOne = useCallback(
    async (id: string, announce = false) => {
      const r = await loadAppointmentAction({ businessId, id }).catch(() => null);
      if (!r?.ok) return;
      const fresh = r.appointment;
      if (announce && fresh?.source === "online") {
        toast({ title: `Novo agendamento online: ${fresh.client.name} às ${fresh.time}`, description: capitalize(formatLongDate(fresh.date)) });
      }
      // A day whose cards are not loaded yet only shows its count (see refreshTotals).
      setItems((prev) => {
        const next = new Map(prev);
        if (fresh && loadedRef.current.has(fresh.date)) next.set(id, fresh);
        else next.delete(id);
        return next;
      });
    },
    [businessId],
  );

  const loadRange = useCallback(
    async (from: string, to: string): Promise<boolean> => {
      const key = `${from}:${to}`;
      if (loading.current.has(key)) return false;
      loading.current.add(key);
      const heard = new Set<string>();
      heardDuringLoads.current.add(heard);
      try {
        const r = await loadAgendaRangeAction({ businessId, from, to });
        if (!r.ok) {
          setError(r.description ?? r.error);
          failureToast(r);
          return false;
        }
        setItems((prev) => {
          const next = new Map([...prev].filter(([, a]) => a.date < from || a.date > to));
          for (const a of r.appointments) next.set(a.id, a);
          return next;
        });
        for (let d = from; d <= to; d = addDays(d, 1)) loadedRef.current.add(d);
        setLoadedDays((prev) => {
          const next = new Set(prev);
          for (let d = from; d <= to; d = addDays(d, 1)) next.add(d);
          return next;
        });
        setCounts((prev) => ({ ...prev, ...r.counts }));
        setCalendar((prev) => mergeCalendar(prev, r.calendar, from, to));
        setPartialDay((p) => (p && p >= from && p <= to ? null : p));
        for (const id of heard) void refreshOne(id);
        return true;
      } catch (e) {
        console.error(e);
        setError(MSG.loadFallback);
        return false;
      } finally {
        loading.current.delete(key);
        heardDuringLoads.current.delete(heard);
      }
    },
    [businessId, refreshOne],
  );

  /**
   * Lists the days from `from` to `to` with their counts, without their cards: a chain's fortnight
   * is thousands of cards, so each day's cards load as it nears the screen (DaySection's onVisible,
   * CARDS_PER_LOAD at a time), as the later days of the first render do.
   */
  const listDays = useCallback(
    async (from: string, to: string): Promise<boolean> => {
      const r = await loadAgendaRangeAction({ businessId, from, to, countsOnly: true }).catch(() => null);
      if (!r?.ok) {
        if (r) failureToast(r);
        else networkFailureToast(MSG.loadError);
        return false;
      }
      setCounts((prev) => ({ ...prev, ...r.counts }));
      setCalendar((prev) => mergeCalendar(prev, r.calendar, from, to));
      return true;
    },
    [businessId],
  );

  const loadEarlier = useCallback(async () => {
    const from = addDays(range.from, -14);
    if (await listDays(from, addDays(range.from, -1))) setRange((r) => ({ ...r, from }));
  }, [listDays, range.from]);

  const loadLater = useCallback(async () => {
    const to = addDays(range.to, 30);
    if (await listDays(addDays(range.to, 1), to)) setRange((r) => ({ ...r, to }));
  }, [listDays, range.to]);

  /** The date picker: shows `date` (even without appointments) and the week after it. */
  const jumpTo = useCallback(
    async (date: string) => {
      setExtraDays((prev) => new Set(prev).add(date));
      if (!loadedDays.has(date)) await loadRange(date, addDays(date, 6));
    },
    [loadRange, loadedDays],
  );

  // Live: bursts of changes are coalesced into one refresh of the month cards and the day counts.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshTotals = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(async () => {
      const r = await agendaTotalsAction({ businessId, today, from: range.from, to: range.to }).catch(() => null);
      if (!r?.ok) return;
      setSummary(r.summary);
      setCounts(r.counts);
    }, 300);
  }, [businessId, today, range]);

  const remove = useCallback((id: string) => {
    setItems((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  }, []);

  // Another user changed the hours or a holiday: the sections' holidays and the cards' marks follow.
  const calendarTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshCalendar = useCallback(() => {
    clearTimeout(calendarTimer.current);
    calendarTimer.current = setTimeout(async () => {
      const from = range.from;
      const to = daysBetween(from, range.to) > CALENDAR_DAYS ? addDays(from, CALENDAR_DAYS) : range.to;
      const r = await agendaCalendarAction({ businessId, from, to }).catch(() => null);
      if (r?.ok) setCalendar((prev) => mergeCalendar(prev, r.calendar, from, to));
    }, 150);
  }, [businessId, range]);
  useRealtime("*", (event) => {
    if (event.businessId === businessId && HOURS_TABLES.has(event.table)) refreshCalendar();
  });

  useRealtime("appointments", (event) => {
    if (event.businessId !== businessId || !event.id) return;
    for (const heard of heardDuringLoads.current) heard.add(event.id);
    refreshTotals();
    if (event.op === "DELETE") remove(event.id);
    else void refreshOne(event.id, event.op === "INSERT");
  });

  const catchUp = useCallback(async () => {
    refreshTotals();
    refreshCalendar();
    for (const run of dayRuns(loadedDays, CATCH_UP_DAYS)) await loadRange(run.from, run.to);
  }, [refreshTotals, refreshCalendar, loadedDays, loadRange]);
  useRealtimeCatchUp(() => void catchUp(), cursor);

  /** Applies a change locally before the server confirms it; returns the undo. */
  const optimistic = useCallback((id: string, patch: Partial<AgendaAppointment>) => {
    let before: AgendaAppointment | undefined;
    setItems((prev) => {
      before = prev.get(id);
      if (!before) return prev;
      return new Map(prev).set(id, { ...before, ...patch });
    });
    return () => setItems((prev) => (before ? new Map(prev).set(id, before) : prev));
  }, []);

  const sections: DaySection[] = useMemo(() => {
    const list = [...items.values()].sort(byTime);
    const byDate = new Map<string, AgendaAppointment[]>();
    for (const a of list) byDate.set(a.date, [...(byDate.get(a.date) ?? []), a]);
    const withCounts = Object.entries(counts).filter(([, n]) => n > 0).map(([d]) => d);
    const dates = new Set(agendaDays(today, range.from, range.to, [...byDate.keys(), ...withCounts]));
    for (const d of extraDays) dates.add(d);
    for (const d of byDate.keys()) dates.add(d);
    return [...dates].sort().map((date) => {
      const loaded = loadedDays.has(date);
      const dayItems = byDate.get(date) ?? [];
      const business = businessDay(date, calendar);
      if (date === partialDay) {
        const count = Math.max(counts[date] ?? 0, dayItems.length);
        return { date, loaded, items: dayItems, count, more: count - dayItems.length, business };
      }
      return { date, loaded, items: dayItems, count: loaded ? dayItems.length : (counts[date] ?? 0), more: 0, business };
    });
  }, [items, counts, range, extraDays, loadedDays, today, partialDay, calendar]);

  return { today, sections, summary, error, range, loadRange, loadEarlier, loadLater, jumpTo, optimistic, refreshOne, remove };
}

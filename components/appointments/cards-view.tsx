"use client";

import { AlertCircle, CalendarSearch, ChevronDown, History } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { sendOptimistic, SubmitButton, useAfterFirstDraw, useHydrated } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { moveAppointmentAction } from "@/lib/appointments/actions";
import type { ListedAppointment, AppointmentsInitial } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG, OUTSIDE_HOURS_CODE } from "@/lib/appointments/messages";
import { ALWAYS_SHOWN_DAYS } from "@/lib/appointments/rules/day-sections";
import { DragAndDrop } from "./drag-and-drop";
import { CARD_READS } from "./cache";
import type { ConfirmAsk } from "./confirms";
import { DaySection } from "./day-section";
import { MonthCards } from "./month-cards";
import type { Rebook } from "./rebook-notice";
import { AppointmentsHeader } from "./header";
import { ViewToggle } from "./view-toggle";
import { scrollToDay } from "./scroll-to-day";
import { useDayList, type DaySection as Section } from "./use-day-list";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { useLive } from "@/components/live/use-live";
import { liveKey } from "@/lib/core/live/keys";
import { useWaitlistBooking } from "@/components/waitlist/use-waitlist-booking";

// The two dialogs (forms, react-hook-form, zod) are not in the first load: they load once the agenda
// is idle, mount when first opened, then stay mounted, so a close gives the focus back to the tile or
// card that opened them.
const NewAppointmentDialog = preloadable(() => import("./new-appointment-dialog").then((m) => m.NewAppointmentDialog), { whenIdle: true });
// Shown only when there is something to say (old pendentes, a client's 'Agendar novamente'): their
// code loads with them, not with every agenda.
const StalePendingAlert = preloadable(() => import("./stale-pending").then((m) => m.StalePendingAlert));
const RebookNotice = preloadable(() => import("./rebook-notice").then((m) => m.RebookNotice));
const ServicesEditorDialog = preloadable(() => import("./services-editor-dialog").then((m) => m.ServicesEditorDialog), { whenIdle: true });
const RescheduleDialog = preloadable(() => import("./reschedule-dialog").then((m) => m.RescheduleDialog), { whenIdle: true });
const Confirms = preloadable(() => import("./confirms").then((m) => m.Confirms), { whenIdle: true });

/** The same day as `b`: the same count, first cards and hours. */
/**
 * Whether a day shows the same: `asked` counts too, or a listed day named by 'Ir para o dia' kept
 * its old object and never read its cards at once (they waited for a scroll that stops short).
 */
function sameDay(a: Section, b: Section): boolean {
  return (
    a.date === b.date && a.count === b.count && a.first === b.first && a.asked === b.asked && a.initial === b.initial &&
    JSON.stringify(a.business) === JSON.stringify(b.business)
  );
}

/** The days as useDayList lists them, each day that did not change kept as the object it was. */
function useStableSections(sections: Section[]): Section[] {
  const [kept, setKept] = useState({ from: sections, days: sections });
  if (kept.from === sections) return kept.days;
  const before = new Map(kept.days.map((s) => [s.date, s]));
  const days = sections.map((s) => {
    const old = before.get(s.date);
    return old && sameDay(old, s) ? old : s;
  });
  setKept({ from: sections, days });
  return days;
}

/** Agenda Inteligente: the month cards, the day sections, the dialogs, drag and drop and live updates. */
/** `cursor`: the page's render cursor (AuthContext.cursor), where its live updates start. */
/** `openDay`: a day to show at once (`/appointments?dia=YYYY-MM-DD`, the bell's and the e-mails' links). */
/** `rebook`: 'Agendar novamente' from a client's page: the next Novo Agendamento starts with it. */
/**
 * `scopeNote`, `onlyProfessional`: whose agenda the caller sees, when not every professional's, and
 * the one they book with (lib/appointments/visibility.ts).
 */
export function CardsView({ businessId, initial, cursor, openDay, rebook: rebookAsked, scopeNote, onlyProfessional }: {
  businessId: string; initial: AppointmentsInitial; cursor: Cursor; openDay?: string; rebook?: Rebook | null; scopeNote?: string | null; onlyProfessional?: string;
}) {
  const [rebook, setRebook] = useState(rebookAsked ?? null);
  const dayList = useDayList(businessId, initial, cursor);
  const { today } = dayList;
  // Days that did not change keep their objects (a live change's new counts, a wider range), so
  // their memoized sections don't render again; each day's cards are its own read.
  const sections = useStableSections(dayList.sections);
  // The server's HTML carries the days that came with their cards and the week ahead; the later
  // days (a chain has one for every date with appointments in its booking window, 90 and more)
  // join in a transition once the page is on screen, after hydration or after a client navigation
  // (whose first draw they had taken over 200 ms of), unless a day was asked for (?dia=). Rendering
  // them all on the server cost a third of the page's time.
  const hydrated = useHydrated();
  const later = useAfterFirstDraw();
  const shown = later || (hydrated && openDay) ? sections : sections.slice(0, Math.max(ALWAYS_SHOWN_DAYS, sections.findLastIndex((s) => s.initial) + 1));
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [newOn, setNewOn] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListedAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<ListedAppointment | null>(null);
  // A delete, a series' move or the 'Encaixe' after a refused drop, waiting for the user's answer.
  const [ask, setAsk] = useState<ConfirmAsk | null>(null);
  const newLoaded = useOpenedOnce(newOn !== null);
  const waitlist = useWaitlistBooking(businessId, setNewOn);
  // How many wait on each loaded day: one live read for the range (changes of the list refresh it).
  const range = sections.length ? { from: sections[0].date, to: sections[sections.length - 1].date } : null;
  // The server's counts cover today to the window's end: the first range, unless ?dia= reached out of it.
  const seed = useMemo(() => ({ counts: initial.waitlist }), [initial]);
  const seeded = range && range.from >= initial.today && range.to <= initial.windowEnd ? seed : undefined;
  const counts = useLive(range ? liveKey(businessId, "waitlist.counts", range) : null, seeded, cursor).data?.counts;
  const editorLoaded = useOpenedOnce(editing !== null);
  const rescheduleLoaded = useOpenedOnce(rescheduling !== null);
  const confirmsLoaded = useOpenedOnce(ask !== null);
  const askDelete = useCallback((appointment: ListedAppointment) => setAsk({ kind: "delete", appointment }), []);
  // A card dragged to another day is moved in the cache before the write (`optimistic`).
  const moveTo = useWrite(moveAppointmentAction, CARD_READS);

  // Callbacks handed to the days are stable, so a state change here (a dialog opening) re-renders no day.
  const toggle = useCallback(
    (date: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(date)) next.delete(date);
        else next.add(date);
        return next;
      }),
    [],
  );
  const { find } = dayList;
  const describe = useCallback(
    (id: string) => {
      const a = find(id);
      return a ? `${a.client.name} às ${a.time}` : "agendamento";
    },
    [find],
  );

  async function move(id: string, date: string) {
    const a = find(id);
    if (a?.seriesId) return setAsk({ kind: "move", appointment: a, date });
    const undo = dayList.optimistic(id, { date });
    await sendOptimistic(undo, () => moveTo({ businessId, id, date }), MSG.dateUpdated, MSG.dateError, (refused) => {
      // A drag has no box to tick: the override is asked for here, explicitly, or the card stays.
      if (refused.code !== OUTSIDE_HOURS_CODE) return false;
      setAsk({ kind: "outside", id, date, reason: refused.description ?? refused.error, scope: "one" });
      return true;
    });
  }

  async function goTo(date: string) {
    if (!date) return;
    await dayList.jumpTo(date);
    scrollToDay(date);
  }

  useEffect(() => {
    if (openDay) void goTo(openDay);
    // Once per link opened: the day the URL names, as 'Ir para o dia' would.
  }, [openDay]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <AppointmentsHeader
        note={scopeNote}
        actions={
          <div className="flex flex-wrap items-end gap-2">
          <ViewToggle view="cartoes" />
          <form
            method="post"
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              // Read from the form, not from state: a date typed before hydration counts too.
              void goTo(String(new FormData(e.currentTarget).get("dia") ?? ""));
            }}
          >
            <label className="grid gap-1 text-xs text-muted-foreground">
              Ir para o dia
              <input
                type="date"
                name="dia"
                required
                className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground max-md:h-11"
              />
            </label>
            <SubmitButton pending={false} variant="outline">
              <CalendarSearch aria-hidden /> Ir
            </SubmitButton>
          </form>
          </div>
        }
      />
      {rebook && <RebookNotice rebook={rebook} onCancel={() => setRebook(null)} />}
      <MonthCards summary={dayList.summary} />
      {dayList.stale.count > 0 && <StalePendingAlert stale={dayList.stale} onGo={(date) => void goTo(date)} />}
      {dayList.error && (
        <Alert variant="destructive" className="mb-4">
          <AlertCircle aria-hidden />
          <AlertTitle>Erro ao carregar agendamentos: {dayList.error}</AlertTitle>
          <AlertDescription>Recarregue a página para tentar de novo.</AlertDescription>
        </Alert>
      )}
      <div className="mb-3">
        {/* Enabled once the page's scripts run: a press before then would be lost without a word. */}
        <Button variant="ghost" size="sm" onClick={() => void dayList.loadEarlier()} disabled={!hydrated}>
          <History aria-hidden /> Dias anteriores
        </Button>
      </div>
      <DragAndDrop today={today} describe={describe} onMove={(id, date) => void move(id, date)}>
        <div className="grid gap-4">
          {shown.map((section) => (
            <DaySection
              key={section.date}
              businessId={businessId}
              section={section}
              today={today}
              expanded={expanded.has(section.date)}
              onToggleExpanded={toggle}
              onNew={setNewOn}
              onEdit={setEditing}
              onReschedule={setRescheduling}
              onDelete={askDelete}
              optimistic={dayList.optimistic}
              cursor={cursor}
              waitlist={counts?.[section.date] ?? 0}
              onWaitlist={waitlist.open}
            />
          ))}
        </div>
      </DragAndDrop>
      <div className="mt-6 flex justify-center">
        <Button variant="outline" onClick={() => void dayList.loadLater()}>
          <ChevronDown aria-hidden /> Carregar mais dias
        </Button>
      </div>

      {/* Always mounted and closed by their prop: Radix then gives the focus back to the opener. */}
      {newLoaded && (
        <NewAppointmentDialog
          businessId={businessId}
          date={newOn}
          preset={waitlist.preset ?? rebook}
          locked={onlyProfessional}
          onClose={() => {
            setNewOn(null);
            waitlist.clear();
          }}
          onCreated={(id, a) => {
            if (!waitlist.created(id)) setRebook(null);
            dayList.placed(id, a);
          }}
        />
      )}
      {waitlist.dialog}
      {editorLoaded && <ServicesEditorDialog businessId={businessId} appointment={editing} onClose={() => setEditing(null)} onSaved={dayList.placed} />}
      {rescheduleLoaded && <RescheduleDialog businessId={businessId} appointment={rescheduling} onClose={() => setRescheduling(null)} onSaved={dayList.placed} />}
      {confirmsLoaded && <Confirms businessId={businessId} ask={ask} onAsk={setAsk} dayList={dayList} />}
    </>
  );
}

"use client";

import { useDroppable } from "@dnd-kit/core";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { useLive } from "@/components/live/use-live";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { cn } from "@/lib/cn";
import { revalidateLive } from "@/lib/core/live/store";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { appointmentCountText, dayHeading, dayHoursNote, dayStartsCapped } from "@/lib/appointments/rules/day-sections";
import { APPOINTMENT_ICONS } from "./icons";
import { AppointmentCard } from "./appointment-card";
import { dayKey } from "./cache";
import type { DaySection as Section } from "./use-day-list";

type Props = {
  businessId: string;
  section: Section;
  today: string;
  expanded: boolean;
  onToggleExpanded: (date: string) => void;
  onNew: (date: string) => void;
  onEdit: (a: ListedAppointment) => void;
  onReschedule: (a: ListedAppointment) => void;
  onDelete: (a: ListedAppointment) => void;
  optimistic: (id: string, patch: Partial<ListedAppointment>) => () => void;
  /** The page's render cursor: a day read before the stream got past it is read again. */
  cursor: Cursor;
  /** How many wait for this day ('Lista de espera (N)'). */
  waitlist: number;
  onWaitlist: (date: string) => void;
};

/**
 * One day of the agenda: heading, count, details toggle, the card grid, the 'Novo agendamento' tile; a drop target.
 * Memoized, with stable callbacks from CardsView: opening a dialog or expanding one day re-renders
 * that day alone, not the 90 and more days of a chain's agenda.
 */
export const DaySection = memo(function DaySection({ businessId, section, today, expanded, onToggleExpanded: toggleDay, onNew, onEdit, onReschedule, onDelete, optimistic, cursor, waitlist, onWaitlist }: Props) {
  const onToggleExpanded = () => toggleDay(section.date);
  const { setNodeRef, isOver, active } = useDroppable({ id: `day:${section.date}`, data: { date: section.date } });
  const fromElsewhere = !!active && active.data.current?.date !== section.date;
  const heading = dayHeading(section.date, today);
  const note = dayHoursNote(section.business);
  const ref = useRef<HTMLElement | null>(null);
  // The day's cards are its own read, in the one cache: the ones that came with the page, or read
  // when the section nears the screen or is asked for (a smooth scroll towards it can stop short when
  // the days it passes grow as they load); a busy day's first ones, then all ('Mostrar mais':
  // dayStartsCapped).
  const [near, setNear] = useState(false);
  const [capped] = useState(() => dayStartsCapped({ partial: section.first, cameWithPage: !!section.initial, count: section.count }));
  const [all, setAll] = useState(!capped);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = section.initial || near || section.asked ? dayKey(businessId, section.date, !all) : null;
  const rendered = useMemo(() => (section.initial ? { appointments: section.initial } : undefined), [section.initial]);
  const { data } = useLive(key, all === !capped ? rendered : undefined, cursor);
  const items = data?.appointments ?? [];
  const loaded = data !== undefined;
  const count = loaded && all ? items.length : Math.max(section.count, items.length);
  const more = loaded && !all ? count - items.length : 0;
  // The whole day is read first, then shown: its first cards stay on screen meanwhile.
  const showAll = async () => {
    setLoadingMore(true);
    await revalidateLive(dayKey(businessId, section.date));
    setAll(true);
    setLoadingMore(false);
  };

  useEffect(() => {
    if (key || !ref.current) return;
    const el = ref.current;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "400px" });
    io.observe(el);
    return () => io.disconnect();
  }, [key]);

  return (
    <section
      ref={(el) => {
        setNodeRef(el);
        ref.current = el;
      }}
      id={`dia-${section.date}`}
      aria-labelledby={`dia-${section.date}-titulo`}
      data-testid="day-section"
      data-date={section.date}
      data-drop-target={isOver && fromElsewhere ? "" : undefined}
      className={cn(
        // Off screen, a day is skipped by the browser's style and layout (its box keeps the size it
        // last had): a chain's agenda lists 90 and more days, and opening a dialog restyles the page.
        "scroll-mt-20 rounded-xl border border-transparent p-2 transition-colors [contain-intrinsic-size:auto_12rem] [content-visibility:auto]",
        isOver && fromElsewhere && "border-primary bg-primary/5",
      )}
    >
      <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={`dia-${section.date}-titulo`} className="text-lg font-semibold first-letter:uppercase">
          {heading}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="day-count">
          {appointmentCountText(count)}
        </span>
        {note && (
          <span
            data-testid="day-hours"
            className={cn(
              "inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
              note.closed ? "border-destructive/60 text-destructive" : "border-warning bg-warning/15",
            )}
          >
            <APPOINTMENT_ICONS.Icon name="holiday" className="size-3.5 shrink-0" />
            <span className="truncate">{note.text}</span>
          </span>
        )}
        {/* The two wrap together, at the row's end. */}
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className={cn(waitlist > 0 && "text-primary")}
            onClick={() => onWaitlist(section.date)}
            aria-label={`Lista de espera (${waitlist}) em ${heading}`}
            data-testid="day-waitlist"
          >
            <APPOINTMENT_ICONS.Icon name="waitlist" />
            {/* On a phone its icon and count, on the day's row (the label says it whole). */}
            <span className="max-md:hidden">Lista de espera </span>({waitlist})
          </Button>
          {/* On a phone its icon alone, beside 'Lista de espera'. */}
          <Button variant="ghost" size="sm" onClick={onToggleExpanded} aria-expanded={expanded} disabled={!items.length} className="max-md:w-11 max-md:px-0">
            <APPOINTMENT_ICONS.Icon name={expanded ? "collapseDay" : "expandDay"} />
            <span className="max-md:sr-only">{expanded ? "Recolher detalhes" : "Expandir detalhes"}</span>
          </Button>
        </div>
      </div>
      <ul role="list" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {!loaded &&
          Array.from({ length: Math.min(count, 4) }, (_, i) => (
            <li key={`s${i}`}>
              <Skeleton className="h-24 rounded-xl" />
            </li>
          ))}
        {items.map((a) => (
          <li key={a.id}>
            <AppointmentCard
              businessId={businessId}
              appointment={a}
              business={section.business}
              today={today}
              expanded={expanded}
              onToggleDetails={onToggleExpanded}
              onEdit={() => onEdit(a)}
              onReschedule={() => onReschedule(a)}
              onDelete={() => onDelete(a)}
              optimistic={(patch) => optimistic(a.id, patch)}
            />
          </li>
        ))}
        <li>
          {fromElsewhere && items.length === 0 ? (
            <div className="flex h-full min-h-24 items-center justify-center rounded-xl border-2 border-dashed border-primary/60 p-4 text-center text-sm text-primary">
              Solte aqui para agendar nesta data
            </div>
          ) : (
            <button
              type="button"
              onClick={() => onNew(section.date)}
              className="flex h-full min-h-24 w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`Novo agendamento em ${heading}`}
            >
              <APPOINTMENT_ICONS.Icon name="add" className="size-5" />
              <span className="font-medium">Novo agendamento</span>
              <span className="text-xs">Clique para agendar</span>
            </button>
          )}
        </li>
      </ul>
      {more > 0 && (
        <div className="mt-3 flex justify-center">
          <Button variant="outline" disabled={loadingMore} onClick={() => void showAll()}>
            {loadingMore ? "Carregando..." : `Mostrar mais ${appointmentCountText(more)}`}
          </Button>
        </div>
      )}
    </section>
  );
});

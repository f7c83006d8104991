"use client";

import {
  DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, TouchSensor, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { CalendarOff, UserX } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { ActionConfirmDialog, failureToast, networkFailureToast, useAfterFirstDraw } from "@/components/form";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { useLive } from "@/components/live/use-live";
import { useWrite } from "@/components/live/use-write";
import { DayNav } from "@/components/allocation/day-nav";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { preloadable } from "@/components/ui/preloadable";
import { toast } from "@/components/ui/toaster";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useWaitlistBooking } from "@/components/waitlist/use-waitlist-booking";
import { gridMoveAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG, OUTSIDE_HOURS_CODE } from "@/lib/appointments/messages";
import { CLOSED_DAY_TEXT, hourMarks, LOAD_ERROR_TEXT, timelineLength, timelineProfessionals, timelineVars, type PlacedBlock } from "@/lib/appointments/rules/allocation";
import { OUTSIDE_HOURS_TEXT, TIME_OFF_MARK } from "@/lib/appointments/rules/availability";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { GRID, gridColumns, movedStart, SHADE_TEXT, slotAt, type GridColumn } from "@/lib/appointments/rules/grid";
import { statusMeta } from "@/lib/appointments/status";
import type { GridDayWire } from "@/lib/appointments/grid-day";
import { unpackAllocationDay } from "@/lib/appointments/timeline-wire";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/core/format/duration";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { fromMinutes, type Interval } from "@/lib/core/time/overlap";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { toMinutes } from "@/lib/core/time/overlap";
import { POINTER, TOUCH } from "./drag-and-drop";
import { AppointmentsHeader } from "./header";
import { APPOINTMENT_ICONS } from "./icons";
import { SeriesMoveDialog } from "./series-move-dialog";
import { ViewToggle } from "./view-toggle";
import type { NewAppointmentPreset } from "./new-appointment-dialog";
import type { OpenedBlock } from "./appointment-panel";

const NewAppointmentDialog = preloadable(() => import("./new-appointment-dialog").then((m) => m.NewAppointmentDialog), { whenIdle: true });
// A block's panel, with the card's menu and dialogs: loaded once the grid is idle, as the dialogs are.
const AppointmentPanel = preloadable(() => import("./appointment-panel").then((m) => m.AppointmentPanel), { whenIdle: true });

/** The grid's address for a day (today's is the bare view). */
export function gridHref(date: string, today: string): string {
  return date === today ? "/appointments/grade" : `/appointments/grade?dia=${date}`;
}

/** `waitlist`: how many wait on the day's 'Lista de espera' (by date), as the page read it. */
type Props = {
  businessId: string; today: string; date: string; data: GridDayWire | null; waitlist: Record<string, number> | null; cursor: Cursor;
  /** Whose agenda the caller sees, when not every professional's (lib/appointments/visibility.ts). */
  scopeNote?: string | null;
  /** The one professional the caller books with, when they see only their agenda. */
  onlyProfessional?: string;
};

/** A block dropped: where to, and whose services go to whom. */
type Move = { id: string; time: string; from: string | null; to: string | null };
/** A drop the server refused for the hours: the move, and why, until 'Encaixe fora do horário' is asked for or not. */
type Outside = Move & { reason: string; scope: SeriesScope };

/**
 * Agenda Inteligente's 'Grade' (issue 35): one day, a column per professional, 15-minute rows over
 * the business's hours. A click on an empty stretch opens Novo Agendamento with that professional
 * and time; a block dragged (mouse, touch, keyboard) to another time or column is moved there
 * through the same rules as every booking, or snaps back with the reason; a block clicked, tapped
 * or given Enter without moving opens its appointment in a side panel (issue 52). Live through the one read.
 */
export function GridView({ businessId, today, date, data: rendered, waitlist: waitingRendered, cursor, scopeNote, onlyProfessional }: Props) {
  const { data: wire } = useLive(rendered ? liveKey(businessId, "appointments.grid", { date }) : null, rendered ?? undefined, cursor);
  const day = useMemo(() => (wire ? unpackAllocationDay(wire) : null), [wire]);
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const go = useCallback((d: string) => startNavigation(() => router.push(gridHref(d, today))), [router, today]);
  const [newAt, setNewAt] = useState<NewAppointmentPreset | null>(null);
  const newLoaded = useOpenedOnce(newAt !== null);
  const [opened, setOpened] = useState<OpenedBlock | null>(null);
  const panelLoaded = useOpenedOnce(opened !== null);
  const closePanel = useCallback(() => setOpened(null), []);
  const waitlist = useWaitlistBooking(businessId, useCallback((_date: string, preset: NewAppointmentPreset) => setNewAt(preset), []));
  const waitingSeed = useMemo(() => (waitingRendered ? { counts: waitingRendered } : undefined), [waitingRendered]);
  const waiting = useLive(liveKey(businessId, "waitlist.counts", { from: date, to: date }), waitingSeed, cursor).data?.counts?.[date] ?? 0;
  const [outside, setOutside] = useState<Outside | null>(null);
  // A series' block dropped: 'Somente este' or 'Este e os seguintes', asked before it moves.
  const [seriesMove, setSeriesMove] = useState<Move | null>(null);
  // The answer says only that it moved: the hook reads the day's grid again, once, and the stream's echo nothing.
  const gridMove = useWrite(gridMoveAction);

  const columns = useMemo(() => {
    if (!day?.window) return [];
    return gridColumns(timelineProfessionals(day), day.appointments, day.window);
  }, [day]);

  async function move(m: Move) {
    if (day?.appointments.some((a) => a.id === m.id && a.recurring)) return setSeriesMove(m);
    const r = await gridMove({ businessId, ...m }).catch(() => null);
    if (!r) return networkFailureToast(MSG.timeError);
    if (!r.ok) {
      if (r.code === OUTSIDE_HOURS_CODE) return setOutside({ ...m, reason: r.description ?? r.error, scope: "one" });
      return failureToast(r);
    }
    toast({ variant: "success", title: MSG.timeUpdated });
  }

  return (
    <>
      <AppointmentsHeader
        note={scopeNote}
        actions={
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            <ViewToggle view="grade" />
            <DayNav date={date} today={today} onGo={go} hrefOf={gridHref} />
            <Button
              variant="outline"
              size="sm"
              className={cn(waiting > 0 && "text-primary")}
              onClick={() => waitlist.open(date)}
              aria-label={`Lista de espera (${waiting})`}
              data-testid="day-waitlist"
            >
              <APPOINTMENT_ICONS.Icon name="waitlist" />
              Lista de espera ({waiting})
            </Button>
          </div>
        }
      />
      <div aria-busy={navigating}>
        {!day ? (
          <LoadError title={LOAD_ERROR_TEXT} />
        ) : !day.window ? (
          <Card>
            <EmptyState icon={CalendarOff} title={CLOSED_DAY_TEXT} description={day.holiday ?? undefined} />
          </Card>
        ) : columns.length === 0 ? (
          <Card>
            <EmptyState icon={UserX} title="Ninguém trabalha neste dia." description="Cadastre profissionais ou ajuste as restrições de cada um." />
          </Card>
        ) : (
          <>
            {day.holiday && <p className="mb-3 text-sm text-muted-foreground">Feriado: {day.holiday}</p>}
            <Grid
              key={date}
              columns={columns}
              window={day.window}
              now={date === today}
              onEmpty={(professional, time) => setNewAt({ professional: professional ?? undefined, time })}
              onMove={(m) => void move(m)}
              onOpen={setOpened}
            />
          </>
        )}
      </div>
      {newLoaded && (
        <NewAppointmentDialog
          businessId={businessId}
          date={newAt ? date : null}
          preset={newAt}
          locked={onlyProfessional}
          onClose={() => {
            setNewAt(null);
            waitlist.clear();
          }}
          onCreated={(id) => void waitlist.created(id)}
        />
      )}
      {panelLoaded && <AppointmentPanel businessId={businessId} date={date} cursor={cursor} opened={opened} onClose={closePanel} />}
      {waitlist.dialog}
      <ActionConfirmDialog
        open={!!outside}
        onOpenChange={(open) => !open && setOutside(null)}
        title={OUTSIDE_HOURS_TEXT.title}
        description={outside?.reason}
        confirmLabel={OUTSIDE_HOURS_TEXT.override}
        run={() => gridMove({ businessId, id: outside!.id, time: outside!.time, from: outside!.from, to: outside!.to, outsideHours: true, scope: outside!.scope })}
        success={{ title: MSG.timeUpdated }}
        error={MSG.timeError}
      />
      <SeriesMoveDialog
        open={!!seriesMove}
        onClose={() => setSeriesMove(null)}
        description={seriesMove ? `Para ${seriesMove.time}.` : undefined}
        run={(scope) => gridMove({ businessId, ...seriesMove!, scope })}
        success={{ title: MSG.timeUpdated }}
        error={MSG.timeError}
        onRefusal={(refused, scope) => {
          if (refused.code !== OUTSIDE_HOURS_CODE || !seriesMove) return false;
          setOutside({ ...seriesMove, reason: refused.description ?? refused.error, scope });
          setSeriesMove(null);
          return true;
        }}
      />
    </>
  );
}


/** The grid's hour height in pixels (a CSS variable: 64 px on phones, 72 px wider). */
function hourPxOf(el: Element | null): number {
  const grid = el?.closest("[data-testid=appointments-grid]");
  return (grid && parseFloat(getComputedStyle(grid).getPropertyValue("--hour-height"))) || 64;
}

/** Keyboard moves: up and down a quarter of an hour, left and right a column. */
const keyboardSteps: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
    const step = (hourPxOf(event.target as Element) * GRID.stepMinutes) / 60;
    if (event.code === "ArrowDown") return { ...currentCoordinates, y: currentCoordinates.y + step };
    if (event.code === "ArrowUp") return { ...currentCoordinates, y: currentCoordinates.y - step };
    if (event.code !== "ArrowLeft" && event.code !== "ArrowRight") return undefined;
    event.preventDefault();
    const rects = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
    const x = currentCoordinates.x;
    const target = event.code === "ArrowRight" ? rects.find((r) => r.left > x + 1) : [...rects].reverse().find((r) => r.right < x - 1);
    return target ? { ...currentCoordinates, x: target.left + 8 } : currentCoordinates;
};
/** Space lifts a block; Enter is the button's own: it opens the appointment (and drops a lifted block). */
const KEYBOARD = { coordinateGetter: keyboardSteps, keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter", "Tab"] } };

/** The column under the pointer; the keyboard has none, so there the block's own box decides. */
const columnUnder: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

function Grid({ columns, window, now, onEmpty, onMove, onOpen }: {
  columns: GridColumn[];
  window: Interval;
  now: boolean;
  onEmpty: (professional: { id: string; name: string } | null, time: string) => void;
  onMove: (m: Move) => void;
  onOpen: (block: OpenedBlock) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(TouchSensor, TOUCH), useSensor(KeyboardSensor, KEYBOARD));
  const [linked, setLinked] = useState<string | null>(null);
  // On a phone, one professional at a time (the first until the switcher runs).
  const [shown, setShown] = useState(columns[0]?.id);
  const current = columns.some((c) => c.id === shown) ? shown : columns[0]?.id;
  const drawn = useAfterFirstDraw();
  const [nowMinutes, setNowMinutes] = useState<number | null>(null);
  useEffect(() => {
    if (!now) return;
    const tick = () => setNowMinutes(toMinutes(instantToBusinessParts(new Date()).time));
    tick();
    const t = setInterval(tick, 60_000);
    return () => clearInterval(t);
  }, [now]);

  const blockOf = (id: string) => columns.flatMap((c) => c.blocks.map((b) => ({ b, c }))).find(({ b, c }) => `${c.id}:${b.appointmentId}` === id);
  const describe = (id: string) => {
    const f = blockOf(id);
    return f ? `${f.b.clientName} às ${fromMinutes(f.b.start)} (${f.c.name})` : "agendamento";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Agendamento de ${describe(String(active.id))} selecionado. Setas para cima e para baixo mudam o horário; para os lados, o profissional.`,
    onDragOver: ({ over }) => (over ? `Na coluna de ${columns.find((c) => c.id === over.id)?.name ?? ""}.` : "Fora da grade."),
    onDragEnd: ({ over }) => (over ? "Agendamento solto." : "Movimento cancelado."),
    onDragCancel: () => "Movimento cancelado. O agendamento continua onde estava.",
  };
  function end(e: DragEndEvent) {
    const found = blockOf(String(e.active.id));
    if (!found || !e.over) return;
    const { b, c } = found;
    const to = String(e.over.id);
    const start = movedStart(b.start, (e.delta.y / hourPxOf(box.current)) * 60, b.end - b.start);
    if (start === b.start && to === c.id) return;
    const who = (id: string) => (id === GRID.unassigned ? null : id);
    onMove({ id: b.appointmentId, time: fromMinutes(start), from: who(c.id), to: who(to) });
  }

  const marks = hourMarks(window);
  const height = timelineLength(window);
  const lines: React.CSSProperties = {
    height,
    backgroundImage: `repeating-linear-gradient(to bottom, var(--color-border) 0 1px, transparent 1px calc(var(--hour-height) / 4))`,
    backgroundPositionY: timelineLength({ start: window.start, end: Math.ceil(window.start / GRID.stepMinutes) * GRID.stepMinutes }),
  };
  return (
    <DndContext
      id="appointments-grid"
      sensors={sensors}
      collisionDetection={columnUnder}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: "Enter abre o agendamento. Para mover, pressione Espaço, use as setas (para cima e para baixo: 15 minutos; para os lados: outro profissional) e Espaço ou Enter para soltar. Esc cancela.",
        },
      }}
    >
      <div className="mb-3 grid gap-1 text-sm md:hidden">
        <label htmlFor="grid-professional">Profissional</label>
        <select id="grid-professional" value={current} onChange={(e) => setShown(e.target.value)} className="h-11 rounded-md border border-input bg-background px-3">
          {columns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div ref={box} className="select-none overflow-x-auto rounded-xl border bg-card [--hour-height:64px] md:[--hour-height:72px]" data-testid="appointments-grid" style={{ "--block-min-height": "28px" }}>
        <div className="flex min-w-full md:w-max">
          <div className="sticky left-0 z-[15] w-14 shrink-0 border-r bg-card" aria-hidden>
            <div className="h-12 border-b" />
            <div className="relative" style={{ height }}>
              {marks.map((m) => (
                <span key={m} className="absolute right-2 -translate-y-1/2 text-xs tabular-nums text-muted-foreground" style={{ top: timelineLength({ start: window.start, end: m }) }}>
                  {fromMinutes(m)}
                </span>
              ))}
            </div>
          </div>
          {columns.map((c, i) => (
            <Column
              key={c.id}
              column={c}
              drawn={drawn || i < GRID.serverDrawnColumns}
              window={window}
              lines={lines}
              hidden={c.id !== current}
              nowMinutes={nowMinutes}
              linked={linked}
              onLink={setLinked}
              onEmpty={onEmpty}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </DndContext>
  );
}

function Column({ column: c, drawn, window, lines, hidden, nowMinutes, linked, onLink, onEmpty, onOpen }: {
  /** Its blocks are drawn (a server render draws only the first columns' blocks). */
  column: GridColumn; drawn: boolean; window: Interval; lines: React.CSSProperties; hidden: boolean; nowMinutes: number | null;
  linked: string | null; onLink: (id: string | null) => void; onEmpty: (professional: { id: string; name: string } | null, time: string) => void;
  onOpen: (block: OpenedBlock) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: c.id });
  const professional = c.id === GRID.unassigned ? null : { id: c.id, name: c.name };
  const headingId = `grid-${c.id}`;
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0 flex-1 border-r last:border-r-0 md:min-w-40", hidden && "max-md:hidden")} data-testid="grid-column" data-professional={c.name}>
      <header className="flex h-12 items-center justify-between gap-1 border-b px-2">
        <h2 id={headingId} className="truncate text-sm font-semibold" title={c.name}>
          {c.name}
        </h2>
        <button
          type="button"
          onClick={() => onEmpty(professional, "")}
          className="grid place-items-center rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:size-11"
          aria-label={`Novo agendamento com ${c.name}`}
          title={`Novo agendamento com ${c.name}`}
        >
          <APPOINTMENT_ICONS.Icon name="add" className="size-4" />
        </button>
      </header>
      <div
        ref={setNodeRef}
        className={cn("relative cursor-pointer", isOver && "bg-primary/5")}
        style={lines}
        data-testid="grid-body"
        aria-busy={!drawn || undefined}
        onClick={(e) => {
          if (e.target !== e.currentTarget) return;
          const rect = e.currentTarget.getBoundingClientRect();
          onEmpty(professional, fromMinutes(slotAt((e.clientY - rect.top) / rect.height, window)));
        }}
      >
        {c.shades.map((s) => (
          <div key={`${s.kind}-${s.start}`} className="grid-shade" style={timelineVars(s, window)} title={`${SHADE_TEXT[s.kind]} (${fromMinutes(s.start)}–${fromMinutes(s.end)})`} data-testid="grid-shade">
            <span>{SHADE_TEXT[s.kind]}</span>
          </div>
        ))}
        {!drawn && c.blocks.length > 0 && <p className="pointer-events-none p-2 text-xs text-muted-foreground">Carregando…</p>}
        {drawn && c.blocks.map((b) => (
          <GridBlock key={b.appointmentId} column={c.id} block={b} window={window} linked={linked === b.appointmentId} onLink={onLink} onOpen={onOpen} />
        ))}
        {nowMinutes !== null && nowMinutes >= window.start && nowMinutes < window.end && (
          <div aria-hidden className="pointer-events-none absolute inset-x-0 z-30 h-0.5 bg-destructive" style={{ top: timelineLength({ start: window.start, end: nowMinutes }) }} data-testid="grid-now" />
        )}
      </div>
    </section>
  );
}

const RECURRING_LABEL = "Agendamento recorrente";

/**
 * A professional's part of an appointment: drag it, or click it (a pointer that did not move: a
 * drag stops the click, dnd-kit), tap it or press Enter to open it; hovering or focusing it marks
 * its other parts.
 */
function GridBlock({ column, block: b, window, linked, onLink, onOpen }: {
  column: string; block: PlacedBlock; window: Interval; linked: boolean; onLink: (id: string | null) => void; onOpen: (block: OpenedBlock) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `${column}:${b.appointmentId}` });
  const s = statusMeta(b.statusId);
  const when = `${fromMinutes(b.start)}–${fromMinutes(b.end)}`;
  const label = `${when}, ${b.clientName}: ${b.services.join(", ")} (${formatDuration(b.end - b.start)}), ${s.label}${b.recurring ? `, ${RECURRING_LABEL}` : ""}${b.onTimeOff ? `, ${TIME_OFF_MARK.label}` : ""}`;
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      // A button is focusable and a button already: dnd-kit's role, tabindex and aria-disabled="false"
      // would only repeat that on each of a chain's 300 blocks.
      role={undefined}
      tabIndex={undefined}
      aria-disabled={undefined}
      {...listeners}
      aria-label={label}
      title={label}
      onPointerEnter={() => onLink(b.appointmentId)}
      onPointerLeave={() => onLink(null)}
      onFocus={() => onLink(b.appointmentId)}
      onBlur={() => onLink(null)}
      onClick={() => onOpen({ id: b.appointmentId, clientName: b.clientName })}
      aria-haspopup="dialog"
      className={cn("allocation-block cursor-grab touch-none", s.border, s.wash, linked && "ring-2 ring-primary", isDragging && "z-40 cursor-grabbing opacity-80 shadow-lg")}
      style={{
        ...timelineVars(b.shown, window),
        ...(b.lanes > 1 && { "--lane": b.lane, "--lanes": b.lanes }),
        ...(transform && { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }),
      }}
      data-testid="grid-block"
      data-appointment={b.appointmentId}
    >
      <span>
        {b.onTimeOff && (
          <span className="font-semibold text-destructive" data-testid="time-off-mark">
            {TIME_OFF_MARK.label} ·{" "}
          </span>
        )}
        {when} · {b.services.join(", ")}
      </span>
      <span>
        {b.recurring && (
          <span role="img" aria-label={RECURRING_LABEL} title={RECURRING_LABEL} className="mr-1" data-testid="recurring-mark">
            <APPOINTMENT_ICONS.Icon name="recurring" className="inline size-3 align-[-2px]" />
          </span>
        )}
        {b.clientName}
      </span>
    </button>
  );
}

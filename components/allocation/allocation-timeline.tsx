"use client";

import { autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import { useEffect, useId, useRef, useState } from "react";
import { useAfterFirstDraw } from "@/components/form";
import { statusMeta } from "@/lib/appointments/status";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/core/format/duration";
import {
  ALLOCATION, HOUR_HEIGHT_VAR, hourMarks, isPendingMark, PENDING_TEXT, SHADE_TEXT, timelineLength, timelineVars, type AllocationRow, type PlacedBlock,
} from "@/lib/appointments/rules/allocation";
import { fromMinutes, type Interval } from "@/lib/core/time/overlap";

/**
 * A block in its status's colour (lib/appointments/status.ts); a cancelled one also struck through;
 * a pending one beside the counted ones outlined and striped (allocation-pending), and named.
 */
function blockStyle(statusId: number, pending: boolean): string {
  const s = statusMeta(statusId);
  return cn(s.border, s.tint, s.key === "cancelado" && "text-muted-foreground line-through", pending && "allocation-pending");
}

const range = (i: Interval) => `${fromMinutes(i.start)}–${fromMinutes(i.end)}`;
const countText = (n: number) => `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;

/** The shown block (by appointment) and the button it belongs to. */
type Active = { id: string; el: HTMLElement };
type Show = (block: PlacedBlock, el: HTMLElement, delayed?: boolean) => void;

/**
 * The day's timeline: an hour ruler, then one column per active professional with their
 * utilization, their appointment count, their blocks (pending ones marked), the stretches they
 * can't be booked in (not working, out of hours, breaks, time off) and their free gaps. Heights follow the CSS
 * variable of the hour (56 px, 44 px below 768 px), so the server's render fits every width.
 *
 * Hour lines are one background per column and the details are one tooltip for the whole day
 * (instead of an element per hour and a tooltip per block): a chain's day has hundreds of blocks,
 * and every element is rendered on each request.
 */
export function AllocationTimeline({ rows, window, allStatuses }: { rows: AllocationRow[]; window: Interval; allStatuses: boolean }) {
  // The server's HTML carries the columns a wide screen shows before scrolling sideways; a chain's
  // other professionals (30 columns in all) join once the page is on screen (useAfterFirstDraw), after
  // hydration or a client navigation. Rendering every column on the server was a quarter of the page's time.
  const drawn = useAfterFirstDraw();
  const columns = drawn ? rows : rows.slice(0, ALLOCATION.serverColumns);
  const marks = hourMarks(window);
  const height = timelineLength(window);
  const grid: React.CSSProperties = {
    height,
    backgroundImage: `repeating-linear-gradient(to bottom, var(--color-border) 0 1px, transparent 1px var(${HOUR_HEIGHT_VAR}))`,
    backgroundPositionY: marks.length ? timelineLength({ start: window.start, end: marks[0] }) : undefined,
  };
  const [active, setActive] = useState<Active | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tipId = useId();
  const show: Show = (block, el, delayed = false) => {
    clearTimeout(timer.current);
    if (delayed) timer.current = setTimeout(() => setActive({ id: block.appointmentId, el }), 150);
    else setActive({ id: block.appointmentId, el });
  };
  const hide = () => {
    clearTimeout(timer.current);
    setActive(null);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // The details follow the day as it is now: a block changed live shows its new figures, and one
  // gone (cancelled, moved, hidden by the switch) takes its tooltip with it.
  const shown = active ? rows.flatMap((r) => r.blocks).find((b) => b.appointmentId === active.id) : undefined;
  return (
    <div
      className="overflow-x-auto rounded-xl border bg-card [--hour-height:44px] md:[--hour-height:56px]"
      style={{ "--block-min-height": `${ALLOCATION.minBlockHeightPx}px` }}
      data-testid="allocation-timeline"
      onKeyDown={(e) => e.key === "Escape" && hide()}
    >
      <div className="flex w-max min-w-full">
        <div className="sticky left-0 z-20 w-14 shrink-0 border-r bg-card" aria-hidden>
          <div className="h-28 border-b" />
          <div className="py-3">
            <div className="relative" style={{ height }}>
              {marks.map((m) => (
                <span
                  key={m}
                  className="absolute right-2 -translate-y-1/2 text-xs tabular-nums text-muted-foreground"
                  style={{ top: timelineLength({ start: window.start, end: m }) }}
                >
                  {fromMinutes(m)}
                </span>
              ))}
            </div>
          </div>
        </div>
        {columns.map((row) => (
          <ProfessionalColumn key={row.id} row={row} window={window} allStatuses={allStatuses} grid={grid} show={show} hide={hide} tipId={shown ? tipId : undefined} activeId={shown?.appointmentId} />
        ))}
      </div>
      {shown && active && <BlockTooltip id={tipId} block={shown} el={active.el} />}
    </div>
  );
}

function ProfessionalColumn({
  row, window, allStatuses, grid, show, hide, tipId, activeId,
}: { row: AllocationRow; window: Interval; allStatuses: boolean; grid: React.CSSProperties; show: Show; hide: () => void; tipId?: string; activeId?: string }) {
  const headingId = `prof-${row.id}`;
  return (
    <section aria-labelledby={headingId} className="min-w-44 flex-1 border-r last:border-r-0" data-testid="allocation-row">
      <header className="flex h-28 flex-col justify-center gap-1.5 border-b px-3">
        <h2 id={headingId} className="truncate text-sm font-semibold" title={row.name}>
          {row.name}
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          {countText(row.count)}
          {row.pending > 0 && ` · ${row.pending} ${row.pending === 1 ? "pendente" : "pendentes"}`}
          {row.outside > 0 && ` · ${row.outside} fora do horário`}
        </p>
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`Utilização de ${row.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.utilization}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${row.utilization}%` }} />
          </div>
          <span className="w-10 text-right text-xs font-medium tabular-nums">{row.utilization}%</span>
        </div>
      </header>
      <div className="py-3">
        <div className="relative" style={grid}>
          {row.shades.map((t) => (
            <div
              key={`${t.kind}-${t.start}`}
              className="allocation-off"
              style={timelineVars(t, window)}
              title={`${SHADE_TEXT[t.kind]} das ${fromMinutes(t.start)} às ${fromMinutes(t.end)}`}
              data-testid="allocation-shade"
            >
              <span>{SHADE_TEXT[t.kind]}</span>
            </div>
          ))}
          {row.gaps.map((g) => (
            <div
              key={g.start}
              className="allocation-gap"
              style={timelineVars(g, window)}
              title={`Livre das ${fromMinutes(g.start)} às ${fromMinutes(g.end)}`}
              data-testid="allocation-gap"
            >
              <span>Livre · {formatDuration(g.end - g.start)}</span>
            </div>
          ))}
          {row.blocks.map((b) => (
            <BlockButton key={b.appointmentId} block={b} pending={isPendingMark(b.statusId, allStatuses)} window={window} show={show} hide={hide} describedBy={b.appointmentId === activeId ? tipId : undefined} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** One block: hovering, focusing (keyboard) or tapping it shows the client, the services and the time. */
function BlockButton({
  block, pending, window, show, hide, describedBy,
}: { block: PlacedBlock; pending: boolean; window: Interval; show: Show; hide: () => void; describedBy?: string }) {
  return (
    <button
      type="button"
      onPointerEnter={(e) => e.pointerType === "mouse" && show(block, e.currentTarget, true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && hide()}
      onFocus={(e) => show(block, e.currentTarget)}
      onBlur={hide}
      onClick={(e) => show(block, e.currentTarget)}
      aria-describedby={describedBy}
      className={cn("allocation-block", blockStyle(block.statusId, pending))}
      // Lanes only where blocks overlap: the utility's defaults are the whole column.
      style={{ ...timelineVars(block.shown, window), ...(block.lanes > 1 && { "--lane": block.lane, "--lanes": block.lanes }) }}
      data-testid="allocation-block"
    >
      <span>
        {range({ start: block.start, end: block.end })}
        {pending && ` · ${PENDING_TEXT}`}
      </span>
      <span>{block.clientName}</span>
    </button>
  );
}

/** The details of the shown block, beside it (flipped or shifted to stay on screen). */
function BlockTooltip({ id, block, el }: { id: string; block: PlacedBlock; el: HTMLElement }) {
  const { refs: { setFloating }, floatingStyles } = useFloating({
    elements: { reference: el },
    placement: "right",
    strategy: "fixed",
    // On a phone neither side of a column has room: shifted along both axes, it stays on screen.
    middleware: [offset(4), flip(), shift({ padding: 8, crossAxis: true })],
    whileElementsMounted: autoUpdate,
  });
  const whole = { start: block.start, end: block.end };
  return (
    <div
      ref={setFloating}
      id={id}
      role="tooltip"
      style={floatingStyles}
      className="pointer-events-none z-50 grid max-w-xs gap-0.5 rounded-md bg-foreground px-3 py-1.5 text-left text-xs text-background shadow-md"
    >
      <span className="font-semibold">{block.clientName}</span>
      <span>{block.services.join(", ")}</span>
      <span className="tabular-nums">
        {range(whole)} ({formatDuration(block.end - block.start)})
      </span>
      <span>{statusMeta(block.statusId).label}</span>
    </div>
  );
}

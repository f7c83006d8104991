"use client";

import { useState } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { statusMeta } from "@/lib/appointments/status";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/format/duration";
import {
  ALLOCATION, hourMarks, timelineHeight, timelineStyle, type AllocationRow, type PlacedBlock,
} from "@/lib/scheduling/allocation";
import { fromMinutes, type Interval } from "@/lib/time/overlap";

/** How a block looks by status: the agenda's colours (green confirmado, red cancelado, yellow the rest). */
const BLOCK_STYLE: Record<number, string> = {
  1: "border-warning bg-warning/20",
  2: "border-success bg-success/15",
  3: "border-destructive bg-destructive/10 text-muted-foreground line-through",
  4: "border-muted-foreground bg-muted",
};

const range = (i: Interval) => `${fromMinutes(i.start)}–${fromMinutes(i.end)}`;
const countText = (n: number) => `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;

/**
 * The day's timeline: an hour ruler, then one column per active professional with their
 * utilization, their appointment count, their blocks and their free gaps. Heights follow the CSS
 * variable of the hour (56 px, 44 px below 768 px), so the server's render fits every width.
 */
export function AllocationTimeline({ rows, window }: { rows: AllocationRow[]; window: Interval }) {
  const marks = hourMarks(window);
  const height = timelineHeight(window);
  return (
    <TooltipProvider delayDuration={150}>
      <div
        className="overflow-x-auto rounded-xl border bg-card [--hour-height:44px] md:[--hour-height:56px]"
        data-testid="allocation-timeline"
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
                    style={{ top: timelineStyle({ start: m, end: m }, window).top }}
                  >
                    {fromMinutes(m)}
                  </span>
                ))}
              </div>
            </div>
          </div>
          {rows.map((row) => (
            <ProfessionalColumn key={row.id} row={row} window={window} marks={marks} height={height} />
          ))}
        </div>
      </div>
    </TooltipProvider>
  );
}

function ProfessionalColumn({ row, window, marks, height }: { row: AllocationRow; window: Interval; marks: number[]; height: string }) {
  const headingId = `prof-${row.id}`;
  return (
    <section aria-labelledby={headingId} className="min-w-44 flex-1 border-r last:border-r-0" data-testid="allocation-row">
      <header className="flex h-28 flex-col justify-center gap-1.5 border-b px-3">
        <h2 id={headingId} className="truncate text-sm font-semibold" title={row.name}>
          {row.name}
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          {countText(row.count)}
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
        <div className="relative" style={{ height }}>
          {marks.map((m) => (
            <div key={m} aria-hidden className="absolute inset-x-0 border-t border-border" style={{ top: timelineStyle({ start: m, end: m }, window).top }} />
          ))}
          {row.gaps.map((g) => (
            <div
              key={g.start}
              className="absolute inset-x-1 flex items-center justify-center overflow-hidden rounded-md border border-dashed border-success/50 bg-success/5 text-[11px] leading-none text-muted-foreground"
              style={timelineStyle(g, window)}
              title={`Livre das ${fromMinutes(g.start)} às ${fromMinutes(g.end)}`}
              data-testid="allocation-gap"
            >
              <span className="truncate px-1">Livre · {formatDuration(g.end - g.start)}</span>
            </div>
          ))}
          {row.blocks.map((b) => (
            <BlockButton key={b.appointmentId} block={b} window={window} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** One block: hovering, focusing (keyboard) or tapping it shows the client, the services and the time. */
function BlockButton({ block, window }: { block: PlacedBlock; window: Interval }) {
  const [open, setOpen] = useState(false);
  const pos = timelineStyle(block.shown, window, ALLOCATION.minBlockHeightPx);
  const status = statusMeta(block.statusId);
  const whole = { start: block.start, end: block.end };
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={cn(
            "absolute z-10 flex flex-col items-start overflow-hidden rounded-md border-l-4 px-2 py-0.5 text-left text-xs leading-tight shadow-sm",
            "focus-visible:z-20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            BLOCK_STYLE[block.statusId] ?? BLOCK_STYLE[1],
          )}
          style={{
            top: pos.top,
            height: pos.height,
            left: `calc(${(block.lane / block.lanes) * 100}% + 4px)`,
            width: `calc(${100 / block.lanes}% - 8px)`,
          }}
          data-testid="allocation-block"
        >
          <span className="tabular-nums text-muted-foreground">{range(whole)}</span>
          <span className="w-full truncate font-medium">{block.clientName}</span>
        </button>
      </TooltipTrigger>
      <TooltipContent side="right" className="grid gap-0.5 text-left">
        <span className="font-semibold">{block.clientName}</span>
        <span>{block.services.join(", ")}</span>
        <span className="tabular-nums">
          {range(whole)} ({formatDuration(block.end - block.start)})
        </span>
        <span>{status.label}</span>
      </TooltipContent>
    </Tooltip>
  );
}


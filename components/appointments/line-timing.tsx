"use client";

import { cn } from "@/lib/cn";
import { fromMinutes, toMinutes } from "@/lib/core/time/overlap";
import { isTimeOfDay } from "@/lib/core/time/time-of-day";

export const LINE_TIMING_TEXT = { after: "Em seguida", together: "Ao mesmo tempo", label: "Início do serviço" } as const;

/**
 * A line's start ('às 10:45', by lineOffsets) and, after the first, its toggle 'Ao mesmo tempo' /
 * 'Em seguida' (the line before it ends). Novo Agendamento and the services editor.
 */
export function LineTiming({ index, time, offset, afterPrevious, onChange, serviceName }: {
  index: number;
  /** The appointment's time as typed ("" or partial: no start shown). */
  time: string;
  /** The line's start, in minutes from the appointment's time. */
  offset: number;
  afterPrevious: boolean;
  onChange: (afterPrevious: boolean) => void;
  serviceName: string;
}) {
  const start = isTimeOfDay(time) ? `às ${fromMinutes(toMinutes(time) + offset)}` : null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="line-timing">
      {index > 0 && (
        <div role="group" aria-label={`${LINE_TIMING_TEXT.label}: ${serviceName}`} className="inline-flex overflow-hidden rounded-md border">
          {([false, true] as const).map((v) => (
            <button
              key={String(v)}
              type="button"
              aria-pressed={afterPrevious === v}
              onClick={() => onChange(v)}
              className={cn("px-2 py-1", afterPrevious === v ? "bg-primary text-primary-foreground" : "bg-background text-muted-foreground hover:bg-muted")}
            >
              {v ? LINE_TIMING_TEXT.after : LINE_TIMING_TEXT.together}
            </button>
          ))}
        </div>
      )}
      {start && <span className="text-muted-foreground">{start}</span>}
    </div>
  );
}

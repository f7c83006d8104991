"use client";

import { nice, ticks } from "d3-array";
import { useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A bar chart of a few dozen columns (stacked when there are several series), drawn with plain
 * elements sized in percentages: it renders on the server, follows the container's width without
 * measuring it, and costs ~2 KB of JavaScript where Recharts cost ~105 KB compressed (more than a
 * page's whole budget). d3-array gives the axis its round ticks.
 *
 * Hover or focus it and press ←/→ to read a column's figures (announced politely as they change);
 * all of them are meant to be in a hidden table beside it too.
 */

export type BarSeries<K extends string> = { key: K; label: string; /** Any CSS colour; theme tokens follow light and dark. */ color: string };

type Props<K extends string> = {
  data: ({ date: string } & Record<K, number>)[];
  series: BarSeries<K>[];
  /** The column's label under the axis ("23/11"); one in every few is shown. */
  tick: (date: string) => string;
  /** The column's label in the tooltip ("23/11/2026"). */
  title: (date: string) => string;
  /** Figures in the tooltip. */
  format?: (value: number) => string;
  /** Figures on the vertical axis. */
  axisFormat?: (value: number) => string;
  /** Whole numbers only on the axis (counts). */
  integer?: boolean;
  /** Width of the vertical axis' labels, in pixels. */
  axisWidth?: number;
  /** What the chart shows, for assistive technology ("Agendamentos por dia"). */
  label: string;
  className?: string;
};

const TICKS = 4;
const X_LABELS = 6;

export function BarChart<K extends string>({ data, series, tick, title, format = String, axisFormat = String, integer, axisWidth = 40, label, className }: Props<K>) {
  const [active, setActive] = useState<number | null>(null);
  const n = data.length;
  const max = Math.max(0, ...data.map((row) => series.reduce((sum, s) => sum + row[s.key], 0)));
  const [, top] = nice(0, max || 1, TICKS);
  const axis = ticks(0, top, TICKS).filter((t) => !integer || Number.isInteger(t));
  const pct = (v: number) => `${(v / top) * 100}%`;
  // Every few columns get a label, counted back from the last so that today always has one.
  const every = Math.max(1, Math.ceil(n / X_LABELS));
  const at = (i: number) => `${((i + 0.5) / n) * 100}%`;

  function onKeyDown(e: React.KeyboardEvent) {
    const next = { ArrowLeft: (active ?? n) - 1, ArrowRight: (active ?? -1) + 1, Home: 0, End: n - 1 }[e.key];
    if (e.key === "Escape") setActive(null);
    else if (next === undefined) return;
    else setActive(Math.min(n - 1, Math.max(0, next)));
    e.preventDefault();
  }

  function onPointerMove(e: React.PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    setActive(Math.min(n - 1, Math.max(0, Math.floor(((e.clientX - box.left) / box.width) * n))));
  }

  const row = active === null ? null : data[active];
  return (
    <div className={cn("flex h-64 text-xs", className)}>
      <div aria-hidden className="relative mt-2 mb-6 shrink-0" style={{ width: axisWidth }}>
        {axis.map((t) => (
          <span key={t} className="absolute right-2 translate-y-1/2 text-muted-foreground tabular-nums" style={{ bottom: pct(t) }}>
            {axisFormat(t)}
          </span>
        ))}
      </div>
      <div className="relative min-w-0 flex-1">
        <div
          data-testid="chart-plot"
          tabIndex={0}
          role="group"
          aria-label={`${label}: use as setas para ver cada dia`}
          className="absolute inset-x-0 top-2 bottom-6 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((a) => a ?? n - 1)}
          onBlur={() => setActive(null)}
        >
          {axis.map((t) => (
            <div key={t} aria-hidden className="absolute inset-x-0 border-t border-border" style={{ bottom: pct(t) }} />
          ))}
          <div aria-hidden className="absolute inset-0 flex">
            {data.map((d, i) => {
              const shown = series.filter((s) => d[s.key] > 0);
              return (
                <div key={d.date} className={cn("flex h-full min-w-0 flex-1 justify-center", i === active && "bg-muted/70")}>
                  <div className="flex h-full w-[70%] flex-col-reverse">
                    {shown.map((s, j) => (
                      <div
                        key={s.key}
                        data-bar={s.key}
                        className={cn("shrink-0", j === shown.length - 1 && "rounded-t-[2px]")}
                        style={{ height: pct(d[s.key]), background: s.color }}
                      />
                    ))}
                  </div>
                </div>
              );
            })}
          </div>
          <p aria-live="polite" className="sr-only">
            {row ? `${title(row.date)}: ${series.map((s) => `${s.label} ${format(row[s.key])}`).join(", ")}` : ""}
          </p>
          {row && active !== null && (
            <div
              data-testid="chart-tooltip"
              className={cn(
                "pointer-events-none absolute top-0 z-10 grid min-w-32 gap-1.5 rounded-lg border bg-popover px-2.5 py-1.5 text-popover-foreground shadow-xl",
                active < n / 3 ? "" : active > (2 * n) / 3 ? "-translate-x-full" : "-translate-x-1/2",
              )}
              style={{ left: at(active) }}
            >
              <div className="font-medium">{title(row.date)}</div>
              {series.map((s) => (
                <div key={s.key} className="flex items-center gap-2">
                  <span aria-hidden className="size-2.5 shrink-0 rounded-[2px]" style={{ background: s.color }} />
                  <span className="text-muted-foreground">{s.label}</span>
                  <span className="ml-auto pl-2 font-mono font-medium tabular-nums">{format(row[s.key])}</span>
                </div>
              ))}
            </div>
          )}
        </div>
        <div aria-hidden className="absolute inset-x-0 bottom-0 h-5">
          {data.map((d, i) =>
            (n - 1 - i) % every === 0 ? (
              <span
                key={d.date}
                className={cn(
                  "absolute top-1 whitespace-nowrap text-muted-foreground tabular-nums",
                  i < n - 2 && i > 1 && "-translate-x-1/2",
                  // Half of them on a phone, where six would touch.
                  ((n - 1 - i) / every) % 2 === 1 && "max-sm:hidden",
                )}
                // The outermost labels end at the plot's edges instead of spilling past them on a phone.
                style={i >= n - 2 ? { right: 0 } : i <= 1 ? { left: 0 } : { left: at(i) }}
              >
                {tick(d.date)}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}

/** The series' names and colours under a chart. */
export function ChartLegend<K extends string>({ series }: { series: BarSeries<K>[] }) {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-4 pt-2 text-xs">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-[2px]" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

"use client";

import { cn } from "@/lib/cn";

const PERIODS = [
  { label: "Manhã", test: (t: string) => t < "12:00" },
  { label: "Tarde", test: (t: string) => t >= "12:00" && t < "18:00" },
  { label: "Noite", test: (t: string) => t >= "18:00" },
];

/**
 * A day's free start times ("HH:MM") as buttons, by period ('Manhã', 'Tarde', 'Noite'), the chosen
 * one pressed: the public page's 'Horário' step and the agenda's 'Reagendar'.
 */
export function FreeTimeButtons({ times, value, onPick }: { times: readonly string[]; value: string | null; onPick: (time: string) => void }) {
  return PERIODS.map((p) => {
    const inPeriod = times.filter(p.test);
    if (!inPeriod.length) return null;
    return (
      <div key={p.label} className="grid gap-2" role="group" aria-label={p.label}>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{p.label}</p>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {inPeriod.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={t === value}
              onClick={() => onPick(t)}
              className={cn(
                "h-10 rounded-md border text-sm font-medium tabular-nums max-md:h-11 transition-colors hover:bg-accent",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                t === value && "border-primary bg-primary text-primary-foreground hover:bg-primary",
              )}
            >
              {t}
            </button>
          ))}
        </div>
      </div>
    );
  });
}

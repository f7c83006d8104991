"use client";

import { useId } from "react";
import { cn } from "@/lib/cn";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";

export const SCOPE_LABELS: Record<SeriesScope, string> = { one: "Somente este", following: "Este e os seguintes" };

/**
 * 'Somente este' / 'Este e os seguintes': what a change to one occurrence of a series applies to.
 * `compact`: inside a card (the inline time edit).
 */
export function SeriesScopeChoice({ value, onChange, disabled, compact }: { value: SeriesScope; onChange: (v: SeriesScope) => void; disabled?: boolean; compact?: boolean }) {
  const name = useId();
  return (
    <fieldset className={cn("grid", compact ? "gap-1" : "gap-2")} disabled={disabled}>
      <legend className={cn("font-medium", compact ? "mb-0.5 text-xs text-muted-foreground" : "mb-1 text-sm")}>Agendamento recorrente</legend>
      {(["one", "following"] as const).map((k) => (
        <label key={k} className={cn("flex items-center gap-2 rounded-md border has-[:checked]:border-primary has-[:checked]:bg-primary/5", compact ? "p-1 text-xs" : "p-2 text-sm")}>
          <input type="radio" name={name} value={k} checked={value === k} onChange={() => onChange(k)} className="size-4 accent-primary" />
          {SCOPE_LABELS[k]}
        </label>
      ))}
    </fieldset>
  );
}

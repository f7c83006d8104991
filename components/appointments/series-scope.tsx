"use client";

import type { SeriesScope } from "@/lib/appointments/rules/recurrence";

export const SCOPE_LABELS: Record<SeriesScope, string> = { one: "Somente este", following: "Este e os seguintes" };

/** 'Somente este' / 'Este e os seguintes': what a change to one occurrence of a series applies to. */
export function SeriesScopeChoice({ value, onChange, disabled }: { value: SeriesScope; onChange: (v: SeriesScope) => void; disabled?: boolean }) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Agendamento recorrente</legend>
      {(["one", "following"] as const).map((k) => (
        <label key={k} className="flex items-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
          <input type="radio" name="series-scope" value={k} checked={value === k} onChange={() => onChange(k)} className="size-4 accent-primary" />
          {SCOPE_LABELS[k]}
        </label>
      ))}
    </fieldset>
  );
}

"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import { cn } from "@/lib/cn";

/** 'Encaixe fora do horário' of a dialog's form (its `outsideHours` field): Novo Agendamento and 'Reagendar'. */
export function EncaixeField() {
  const { control } = useFormContext<{ outsideHours: boolean }>();
  return (
    <Controller
      control={control}
      name="outsideHours"
      render={({ field }) => (
        <label className={cn("flex items-start gap-3 rounded-lg border p-3", field.value && "border-warning bg-warning/10")}>
          <Checkbox
            className="mt-0.5"
            checked={field.value}
            onCheckedChange={(v) => field.onChange(v === true)}
            aria-labelledby="encaixe-label"
            aria-describedby="encaixe-hint"
          />
          <span className="grid min-w-0 gap-0.5">
            <span id="encaixe-label" className="text-sm font-medium">
              {OUTSIDE_HOURS_TEXT.override}
            </span>
            <span id="encaixe-hint" className="text-xs text-muted-foreground">
              Agenda mesmo fora do horário de funcionamento ou em dia fechado; o cartão fica marcado como &quot;{OUTSIDE_HOURS_TEXT.badge}&quot;.
            </span>
          </span>
        </label>
      )}
    />
  );
}

"use client";

import { useId } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Switch } from "@/components/ui/switch";

/**
 * A boolean of the surrounding <Form> as a switch in a bordered row: the label and a hint on the
 * left, the switch on the right ('Ativo' of a professional or a service).
 */
export function SwitchField({ name, label, hint, disabled }: { name: string; label: React.ReactNode; hint?: React.ReactNode; disabled?: boolean }) {
  const { control } = useFormContext();
  const { field } = useController({ control, name });
  const id = `${name.replace(/\W/g, "-")}-${useId().replace(/:/g, "")}`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium leading-none">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        checked={!!field.value}
        onCheckedChange={field.onChange}
        onBlur={field.onBlur}
        disabled={disabled}
      />
    </div>
  );
}

"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { FormField } from "./form-field";

/** A select (Radix) bound to `name` in the surrounding <Form>, with its label and error. */
export function SelectField({
  name,
  id,
  label,
  hint,
  options,
}: {
  name: string;
  id?: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormField
      name={name}
      id={id}
      label={label}
      hint={hint}
      render={(field, a11y) => (
        <Select value={field.value as string} onValueChange={field.onChange}>
          <SelectTrigger {...a11y}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

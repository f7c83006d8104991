"use client";

import { OptionsSelect } from "@/components/ui/select";
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
        <OptionsSelect value={field.value as string} onValueChange={field.onChange} options={options} triggerProps={a11y} />
      )}
    />
  );
}

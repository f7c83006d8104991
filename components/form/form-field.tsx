"use client";

import { useId } from "react";
import { Controller, get, useFormContext, type ControllerRenderProps, type FieldValues } from "react-hook-form";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";

type Described = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** A label, its control and the control's error (or hint). The control gets the id and aria wiring. */
export function FieldShell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ?? "grid gap-2"}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function useFieldMeta(name: string, explicitId?: string) {
  const generated = useId();
  const id = explicitId ?? `${name.replace(/\W/g, "-")}-${generated.replace(/:/g, "")}`;
  const { formState } = useFormContext();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const a11y: Described = { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return { id, error, a11y };
}

type TextFieldProps = {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  id?: string;
  multiline?: boolean;
  password?: boolean;
  /** Lines of a multiline field. */
  rows?: number;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

/** A text input (or textarea / password) registered in the surrounding <Form>. */
export function TextField({ name, label, hint, id, multiline, password, rows, ...input }: TextFieldProps) {
  const { register, formState } = useFormContext();
  const meta = useFieldMeta(name, id);
  const reg = register(name);
  const disabled = input.disabled || formState.isSubmitting;
  return (
    <FieldShell id={meta.id} label={label} error={meta.error} hint={hint}>
      {multiline ? (
        <Textarea {...(input as React.TextareaHTMLAttributes<HTMLTextAreaElement>)} rows={rows} {...reg} {...meta.a11y} disabled={disabled} />
      ) : password ? (
        <PasswordInput {...input} {...reg} {...meta.a11y} disabled={disabled} />
      ) : (
        <Input {...input} {...reg} {...meta.a11y} disabled={disabled} />
      )}
    </FieldShell>
  );
}

/** Any other control (select, switch, checkbox, date picker) bound to `name` through a Controller. */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  id,
  className,
  render,
}: {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  id?: string;
  className?: string;
  render: (field: ControllerRenderProps<T>, a11y: Described) => React.ReactNode;
}) {
  const { control } = useFormContext<T>();
  const meta = useFieldMeta(name, id);
  return (
    <FieldShell id={meta.id} label={label} error={meta.error} hint={hint} className={className}>
      <Controller control={control} name={name as never} render={({ field }) => <>{render(field as never, meta.a11y)}</>} />
    </FieldShell>
  );
}

"use client";

import { useMemo, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "@/lib/auth/schemas";

type Values = Record<string, string>;

/**
 * Form state validated on every change with the same zod schema the server action uses. A field's
 * error shows once the field was changed (or after a submit attempt). `extra` adds cross-field
 * checks (e.g. 'Senhas não coincidem') that must show even while other fields are still invalid.
 */
export function useZodForm<V extends Values>(schema: z.ZodType, initial: V, extra?: (values: V) => Record<string, string>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const errors = useMemo(() => {
    const parsed = schema.safeParse(values);
    const base = parsed.success ? {} : fieldErrors(parsed.error);
    return { ...(extra?.(values) ?? {}), ...base };
  }, [schema, values, extra]);

  const valid = Object.keys(errors).length === 0;

  function set(name: keyof V & string, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  }

  /** Props for an input bound to `name`. */
  function field(name: keyof V & string) {
    const error = touched[name] ? errors[name] : undefined;
    return {
      name,
      value: values[name],
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.target.value),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${name}-error` : undefined,
    };
  }

  function errorOf(name: keyof V & string): string | undefined {
    return touched[name] ? errors[name] : undefined;
  }

  /** Shows every error (on submit); true when the form is valid. */
  function touchAll(): boolean {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
    return valid;
  }

  return { values, setValues, field, errorOf, touchAll, valid, set };
}

/** 'Senhas não coincidem' on the confirmation once both were typed. */
export function passwordsMatch(v: { password: string; confirmPassword: string }): Record<string, string> {
  return v.confirmPassword && v.password !== v.confirmPassword ? { confirmPassword: "Senhas não coincidem" } : {};
}

"use client";

import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";

/**
 * Every form of the app. method="post": a submission before the page's scripts ran never puts the
 * fields (a password, an e-mail) in the URL; the submit buttons stay disabled until hydration anyway.
 */
export function Form<T extends FieldValues>({
  form,
  onSubmit,
  className,
  children,
  ...rest
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  form: UseFormReturn<T, unknown, any>;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** The form's layout: a grid with gap-4 unless this replaces it. */
  className?: string;
  children: React.ReactNode;
} & Omit<React.FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "method" | "action">) {
  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={onSubmit} className={className ?? "grid gap-4"} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

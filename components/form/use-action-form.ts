"use client";

import { useState } from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { ActionFailure, ActionResult } from "@/lib/core/actions/result";
import { networkFailureToast, resultToast, type SuccessToast } from "./action-toast";

type SchemaSource<TIn, TOut> = z.ZodType<TOut, TIn> | (() => Promise<z.ZodType<TOut, TIn>>);

/**
 * A resolver that loads zod and its resolver on the first validation, then reuses them. zod stays
 * off every page's first load; a dialog's first keystroke waits for a chunk that is a few ms away.
 */
function lazyZodResolver<TIn extends FieldValues, TOut>(source: SchemaSource<TIn, TOut>): Resolver<TIn, unknown, TOut> {
  let ready: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import("./zod-resolver"), typeof source === "function" ? source() : source]).then(
      // The resolver's generics can't follow a generic schema; the runtime contract is the same.
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as never,
    );
    return (await ready)(values, context, options);
  };
}

/** The success branch of an action's result. */
type Succeeded<R> = Extract<R, { ok: true }>;

type Options<TIn extends FieldValues, TOut, R extends ActionResult> = {
  /**
   * The same zod schema the server action parses, or its loader (`() => import("…/schemas").then(…)`)
   * for a form that is on the page's first load: the schema then loads with zod on first validation.
   */
  schema: SchemaSource<TIn, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** Calls the server action with what the user typed (the server parses it again). */
  action: (values: TIn) => Promise<R>;
  /** Toast on success (failures always toast). */
  success?: SuccessToast | ((result: Succeeded<R>, values: TIn) => SuccessToast | undefined);
  onSuccess?: (result: Succeeded<R>, values: TIn) => void;
  /** After a refusal; return true when it was handled (e.g. an invalid link that leaves the page) and needs no toast. */
  onFailure?: (failure: ActionFailure) => boolean | void;
  /** When the form's own validation stops the submit (e.g. to toast the first problem, as the spec's dialogs do). */
  onInvalid?: (errors: FieldErrors<TIn>) => void;
  /** Shown when the request itself fails. */
  error?: string;
  /** When validation runs; the spec validates most forms on change. */
  mode?: "onChange" | "onTouched" | "onSubmit" | "onBlur" | "all";
};

export type ActionForm<TIn extends FieldValues, TOut = TIn> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** The form's onSubmit handler (validates, calls the action, applies field errors, toasts). */
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
};

/**
 * A react-hook-form form validated by the action's own zod schema, wired to the action: a refusal
 * puts the server's field errors next to the fields and keeps everything the user typed.
 */
export function useActionForm<TIn extends FieldValues, TOut, R extends ActionResult>(
  opts: Options<TIn, TOut, R>,
): ActionForm<TIn, TOut> {
  const [resolver] = useState(() => lazyZodResolver(opts.schema));
  const form = useForm<TIn, unknown, TOut>({
    resolver,
    defaultValues: opts.defaultValues,
    mode: opts.mode ?? "onTouched",
  });
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const result = await opts.action(values);
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
          if (name) form.setError(name as Path<TIn>, { type: "server", message });
        }
        if (opts.onFailure?.(result) !== true) resultToast(result);
        return;
      }
      const done = result as Succeeded<R>;
      const success = typeof opts.success === "function" ? opts.success(done, values) : opts.success;
      resultToast(result, success);
      opts.onSuccess?.(done, values);
    } catch (e) {
      console.error(e);
      networkFailureToast(opts.error ?? "Erro");
    }
  }, opts.onInvalid);

  // isSubmitting stays true until the action answers: the submit button is disabled meanwhile.
  return { form, onSubmit, pending: form.formState.isSubmitting };
}

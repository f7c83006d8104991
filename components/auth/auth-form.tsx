"use client";

import type { FieldValues } from "react-hook-form";
import { SubmitButton, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/core/actions/result";

/** The sign-in screens' forms (spec section 2): validated as the person types, otherwise the app's one form hook. */
export function useAuthForm<TIn extends FieldValues, TOut, R extends ActionResult>(opts: Omit<Parameters<typeof useActionForm<TIn, TOut, R>>[0], "mode">) {
  return useActionForm<TIn, TOut, R>({ ...opts, mode: "onChange" });
}

/** 'Voltar' and the form's submit button, side by side from 640 px, stacked (submit first) on phones. */
export function BackAndSubmit({ onBack, pending, children }: { onBack: () => void; pending: boolean; children: React.ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row">
      <Button type="button" variant="outline" className="sm:flex-1" onClick={onBack} disabled={pending}>
        Voltar
      </Button>
      <SubmitButton pending={pending} className="sm:flex-1">
        {children}
      </SubmitButton>
    </div>
  );
}

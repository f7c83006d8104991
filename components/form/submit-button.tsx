"use client";

import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "./use-hydrated";

/** The submit button: disabled until the page is interactive and while the action runs ('Salvando...'). */
export function SubmitButton({
  pending,
  pendingText,
  children,
  disabled,
  ...props
}: ButtonProps & { pending: boolean; pendingText?: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? <Spinner /> : null}
      {pending && pendingText ? pendingText : children}
    </Button>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { SubmitButton } from "./submit-button";

/** A form dialog's footer: 'Cancelar' (or `cancelLabel`) and the submit button (pending while the action runs). */
export function DialogActions({
  pending,
  pendingText = "Salvando...",
  disabled,
  onCancel,
  cancelLabel = "Cancelar",
  children,
}: {
  pending: boolean;
  pendingText?: string;
  /** The submit button waits for more (e.g. an acceptable e-mail). */
  disabled?: boolean;
  onCancel: () => void;
  /** A step of the dialog goes back rather than closing ('Voltar'). */
  cancelLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <SubmitButton pending={pending} pendingText={pendingText} disabled={disabled}>
        {children}
      </SubmitButton>
    </DialogFooter>
  );
}

"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * A dialog that holds one form. The form mounts fresh each time the dialog opens (a failed save
 * keeps what was typed until the dialog closes).
 */
export function FormDialog({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children}</DialogContent>
    </Dialog>
  );
}

/** The title (the dialog's accessible name) and description at the top of a form dialog. */
export function FormDialogHeader({ title, description }: { title: React.ReactNode; description: React.ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

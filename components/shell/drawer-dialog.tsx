"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name ('Menu'). */
  title: string;
  description?: string;
  /** Shows a close button in the corner. */
  closeLabel?: string;
  children: React.ReactNode;
};

/** The off-canvas menu below 768 px (18rem), a modal dialog. Loaded by MobileDrawer the first time it opens. */
export default function DrawerDialog({ open, onOpenChange, title, description, closeLabel, children }: DrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <DialogPrimitive.Content
          data-sidebar="mobile"
          // Without a description, say so (Radix warns otherwise).
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar text-sidebar-foreground shadow-xl outline-none md:hidden"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description> : null}
          {closeLabel ? (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="absolute right-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-sidebar-accent"
            >
              <X aria-hidden className="size-4" />
            </DialogPrimitive.Close>
          ) : null}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { DialogPanelAt } from "./dialog";

export const Sheet = DialogPrimitive.Root;

/**
 * A modal panel at the screen's edge: on the right, the screen's height, from md (768 px) up; a
 * bottom sheet on a phone. Dialog's overlay and panel (useModalPanel: the focus given back to what
 * opened it, <body>'s modal mark), with its title (DialogTitle) and description; Esc, the overlay
 * and 'Fechar' close it.
 *
 * On a phone its content ends 6rem above the screen's bottom, as a dialog's does: that strip is the
 * toasts' (bottom centre), so the toast answering a button in the sheet never covers its buttons.
 */
export function SheetContent(props: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPanelAt
      position={cn(
        "fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] content-start overscroll-contain rounded-b-none border-b-0 pb-24",
        "md:inset-y-0 md:left-auto md:max-h-none md:w-md md:rounded-none md:border-y-0 md:border-r-0 md:pb-6",
      )}
      {...props}
    />
  );
}

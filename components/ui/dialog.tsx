"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";
import { DIALOG_BUTTONS, DIALOG_DESCRIPTION, DIALOG_OVERLAY, DIALOG_TITLE } from "./dialog-styles";
import { useModalPanel } from "./modal-panel";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(DIALOG_OVERLAY, className)} {...props} />;
}

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Hides the top-right close (X) button. */
  hideClose?: boolean;
};

/**
 * Overlay + panel; full width minus a margin on mobile.
 *
 * Where: centred between 1rem from the top and 6rem from the bottom (inset, auto margins, fit-content
 * height). The bottom 6rem are the toasts' (components/ui/sonner-toaster.tsx, bottom centre): a toast
 * that answers 'Salvar' never covers a tall dialog's buttons.
 *
 * The panel is the dialog's one scroll area, vertical only: what it holds never scrolls on its own
 * (a list that scrolls inside a panel that scrolls traps a phone's swipe), and its single column is
 * minmax(0, 1fr), so wide content (a select's longest option, a row of badges) wraps or shrinks
 * instead of widening the panel past the screen. The footer stays in reach at its bottom edge
 * (DialogFooter).
 */
export function DialogContent(props: DialogContentProps) {
  return (
    <DialogPanelAt
      position="fixed bottom-24 left-1/2 top-4 z-50 my-auto h-fit max-h-[calc(100dvh-7rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overscroll-contain"
      {...props}
    />
  );
}

/** The overlay and the dialog's panel at `position`: the centre (DialogContent) or a screen's edge (SheetContent, sheet.tsx). */
export function DialogPanelAt({ position, className, children, hideClose, onCloseAutoFocus, ...props }: DialogContentProps & { position: string }) {
  const panel = useModalPanel(position, className, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content {...panel.props} {...props}>
        {panel.marks}
        {children}
        {!hideClose && <DialogCloseX />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** The panel's top-right close (X) button ('Fechar'). */
function DialogCloseX() {
  return (
    <DialogPrimitive.Close
      aria-label="Fechar"
      className={cn(
        "absolute right-4 top-4 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors",
        "hover:bg-accent hover:text-accent-foreground",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card",
      )}
    >
      <X aria-hidden className="size-4" />
    </DialogPrimitive.Close>
  );
}

export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 pr-8 text-left", className)} {...props} />;
}

/**
 * Buttons stack full-width on mobile (primary on top), align right from md up.
 *
 * Sticky at the panel's bottom edge, so a long form (every service of an appointment, a week of
 * restrictions) keeps 'Salvar' in reach without a scroll area of its own: full width (-mx-6 px-6)
 * and over the panel's bottom padding (-mb-6 pb-6, and -bottom-6, since sticky stops at the
 * padding), what scrolls passes beneath it and fades out just above it.
 */
export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        DIALOG_BUTTONS,
        "sticky -bottom-6 z-10 -mx-6 -mb-6 bg-card px-6 pb-6 pt-2",
        "before:pointer-events-none before:absolute before:inset-x-0 before:bottom-full before:h-4 before:bg-linear-to-t before:from-card",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(DIALOG_TITLE, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(DIALOG_DESCRIPTION, className)} {...props} />;
}

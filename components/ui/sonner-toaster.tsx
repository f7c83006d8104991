"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { Toaster as Sonner, toast as sonner } from "sonner";
import { attachToaster, type ToastInput } from "./toaster";

/** How long a toast shows (spec section 9: the primary notifier's 5000 ms). */
const TOAST_MS = 5000;
/** A toast with a button ('Desfazer') stays longer: time to read it, decide and reach the button. */
const ACTION_TOAST_MS = 10_000;

function show({ title, description, variant = "default", action }: ToastInput) {
  // One at a time, the newest replacing the rest: an older one would come back when this one goes.
  sonner.dismiss();
  // sonner's own clock stops while a pointer rests on a toast (or presses it) and never restarts
  // until the pointer leaves, so a toast over a button could keep it covered for good. This clock
  // doesn't stop: whatever it covers is free again after TOAST_MS.
  const options = { description, duration: Infinity, ...(action && { action: { label: action.label, onClick: action.onClick } }) };
  const id =
    variant === "destructive" ? sonner.error(title, options) : variant === "success" ? sonner.success(title, options) : sonner(title, options);
  setTimeout(() => sonner.dismiss(id), action ? ACTION_TOAST_MS : TOAST_MS);
}

/*
 * Where: bottom centre, 16 px from the edge (the whole bottom edge on a phone). At the top they
 * covered the header's business switcher and user menu; just below the header, each page's own
 * header buttons ('Ir', 'Atualizar', 'Novo …'). At the bottom they cover only content that scrolls,
 * for 5 s at most, and never a dialog's buttons: dialogs keep out of the bottom 6rem
 * (components/ui/dialog.tsx), which a toast with a one-line description fits.
 */
const POSITION = "bottom-center";
const OFFSET = 16;

/** The primary notifier (sonner), loaded with the first toast. */
export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  // Runs after sonner's own effect has subscribed, so the toasts asked for while loading show now.
  useEffect(() => attachToaster(show), []);
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      visibleToasts={1}
      position={POSITION}
      offset={OFFSET}
      mobileOffset={OFFSET}
      richColors
      closeButton
      containerAriaLabel="Avisos"
      toastOptions={{ closeButtonAriaLabel: "Fechar aviso" }}
    />
  );
}

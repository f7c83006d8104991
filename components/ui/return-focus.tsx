"use client";

import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Radix gives the focus back to a `Dialog.Trigger` when a dialog closes. Ours are mostly opened
 * from state — a card's button, a day's tile — without a trigger, and their first field takes the
 * focus with autoFocus before Radix looks, so on close the focus fell to <body> and a keyboard user
 * had to start over from the top of the page. This remembers what had the focus when the dialog's
 * content mounted and gives it back when it closes (if it is still on the page; a deleted row's
 * button is not, and Radix's own handling then applies).
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  const Remember = useCallback(function RememberOpener() {
    // A layout effect of the content's first child runs before any later child's autoFocus.
    useLayoutEffect(() => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }, []);
    return null;
  }, []);
  const onClose = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      const el = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !el?.isConnected) return;
      event.preventDefault();
      el.focus();
    },
    [onCloseAutoFocus],
  );
  return { Remember, onCloseAutoFocus: onClose };
}

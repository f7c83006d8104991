"use client";

import { useEffect } from "react";

let open = 0;

/**
 * Rendered inside a modal dialog's content: marks <body> while a dialog is open, for the rule in
 * app/globals.css that keeps <body>'s pointer events on. Radix turns them off on <body> for a modal
 * dialog; pointer-events is inherited, so that restyled every element of the page on each open and
 * close (the chain's agenda: 6,000 elements, 40–80 ms each time). The dialog's overlay, which
 * takes the pointer over the whole viewport, already keeps it off the page.
 *
 * A passive effect, as Radix's own: the mark and Radix's change land in the same style pass, on
 * open and on close, whatever closes the dialog.
 */
export function ModalOpen() {
  useEffect(() => {
    if (open++ === 0) document.body.setAttribute("data-modal-open", "");
    return () => {
      if (--open === 0) document.body.removeAttribute("data-modal-open");
    };
  }, []);
  return null;
}

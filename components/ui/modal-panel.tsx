"use client";

import { cn } from "@/lib/cn";
import { DIALOG_PANEL } from "./dialog-styles";
import { ModalOpen } from "./modal-open";
import { useReturnFocus } from "./return-focus";

/**
 * What a modal's content element gets, for Dialog and AlertDialog alike: the panel's style with its
 * position, the focus given back on close (return-focus.tsx), and the marks rendered first inside it
 * (the opener remembered before any autoFocus; <body>'s modal-open mark, modal-open.tsx).
 */
export function useModalPanel(position: string, className: string | undefined, onCloseAutoFocus?: (event: Event) => void) {
  const focus = useReturnFocus(onCloseAutoFocus);
  return {
    props: { className: cn(DIALOG_PANEL, position, className), onCloseAutoFocus: focus.onCloseAutoFocus },
    marks: (
      <>
        <focus.Remember />
        <ModalOpen />
      </>
    ),
  };
}

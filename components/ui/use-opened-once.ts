"use client";

import { useState } from "react";

/**
 * True from the first time `open` is true on. A dialog or menu whose code loads on first use
 * (components/ui/preloadable.tsx) renders only once this is true, and stays mounted so it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

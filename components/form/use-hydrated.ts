"use client";

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server's HTML and until React has hydrated; then true. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}

/**
 * False in the server's HTML and in the component's first draw, then true in a transition: for what
 * a screen draws only once it is on screen (a chain's later days, its off-screen columns), after
 * hydration as after a client navigation. Drawn at once, a chain's 90 days took a sidebar click to
 * the agenda over 200 ms before it showed anything; in a transition, the rest comes in slices that a
 * click interrupts.
 */
export function useAfterFirstDraw(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}

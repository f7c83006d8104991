"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server's HTML and until React has hydrated; then true. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}

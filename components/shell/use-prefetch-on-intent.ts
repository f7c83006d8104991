"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

/**
 * instant.page's threshold: a pointer that rests this long on a link is followed by a click about
 * half the time; one that only passes over the menu on its way elsewhere moves on sooner.
 */
const HOVER_INTENT_MS = 65;

type RouterPrefetchOptions = NonNullable<Parameters<ReturnType<typeof useRouter>["prefetch"]>[1]>;
/** Next's PrefetchKind.FULL: the page rendered on the server with its data, and its code. */
const FULL = { kind: "full" } as unknown as RouterPrefetchOptions;

export type IntentHandlers = {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onPointerDown: () => void;
  onFocus: () => void;
};

/**
 * Handlers for a menu link that fetch its page in full (server render, data and code) as soon as
 * the person shows they mean to open it: the pointer rests on it, a finger or button goes down on
 * it (the click that navigates comes with the release), or it gets the keyboard focus. The click
 * then shows the page from the router's cache (kept PREFETCHED_PAGE_MAX_AGE_S,
 * lib/navigation/prefetched-pages.ts) instead of waiting for its render.
 *
 * Not on idle for every link: a full prefetch is a render of the page on the server, with its
 * queries; a dozen of them behind every page view would multiply what the server does for views
 * that open at most one of them. Next's own prefetch of the visible links (the route only, cheap)
 * stays as it is.
 */
export function usePrefetchOnIntent(): (href: string) => IntentHandlers {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (href: string) => {
      const now = () => {
        clearTimeout(timer.current);
        router.prefetch(href, FULL);
      };
      return {
        onPointerEnter: () => {
          clearTimeout(timer.current);
          timer.current = setTimeout(now, HOVER_INTENT_MS);
        },
        onPointerLeave: () => clearTimeout(timer.current),
        onPointerDown: now,
        onFocus: now,
      };
    },
    [router],
  );
}

"use client";

import Link from "next/link";
import { usePrefetchOnIntent, type IntentHandlers } from "./use-prefetch-on-intent";

type Props = Omit<React.ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

function both<E>(own: ((e: E) => void) | undefined, intent: () => void): (e: E) => void {
  return (e) => {
    own?.(e);
    intent();
  };
}

/**
 * A link repeated down a list (each client card's name, an appointment's 'Cliente'): not fetched
 * ahead when it scrolls into view, as Next's links are (a page of 24 client cards asked the server
 * for 24 pages' routes, two requests each, on every view and search), but in full once it is pointed
 * at, pressed or focused, as the sidebar's links are. Handlers it is given (a menu item's, through
 * `asChild`) still run.
 */
export function IntentLink({ href, onPointerEnter, onPointerLeave, onPointerDown, onFocus, ...props }: Props) {
  const intent: IntentHandlers = usePrefetchOnIntent()(href);
  return (
    <Link
      href={href}
      prefetch={false}
      {...props}
      onPointerEnter={both(onPointerEnter, intent.onPointerEnter)}
      onPointerLeave={both(onPointerLeave, intent.onPointerLeave)}
      onPointerDown={both(onPointerDown, intent.onPointerDown)}
      onFocus={both(onFocus, intent.onFocus)}
    />
  );
}

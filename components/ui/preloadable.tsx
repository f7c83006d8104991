"use client";

import { Suspense, use, type ComponentType } from "react";
import { backgroundLoadingAllowed, whenIdle } from "./when-idle";

export type Preloadable<P> = ComponentType<P> & {
  /** Starts loading the code (once; a failed load is tried again by the next call) and resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
  /** The component without its own Suspense boundary, for a caller that shows something while it loads (LazyMenu). */
  Suspending: ComponentType<P>;
};

/**
 * A component whose code is not in the page's first load, for what appears after an interaction
 * (dialogs, menus): the replacement of `next/dynamic(…, { ssr: false })`, with the import shared by
 * rendering and `preload()`. Rendered before its code is there, it renders nothing until it is
 * (its own Suspense boundary); once loaded, it renders at once, without suspending, so a dialog
 * whose code was preloaded opens on the click's next frame as it does the second time.
 *
 * `whenIdle`: the code also loads in the background once the page that imports it is idle
 * (components/ui/when-idle.ts), one such import after another, unless the person saves data. For
 * the dialogs and menus of a screen that people open from it: the first open is then as fast as
 * the next, and the first-load JavaScript stays as it was.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, options: { whenIdle?: boolean } = {}): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Suspending(props: P) {
    // The same promise every render until it settles, so `use` suspends once and then reads it.
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  function Preloaded(props: P) {
    return (
      <Suspense fallback={null}>
        <Suspending {...props} />
      </Suspense>
    );
  }
  if (options.whenIdle && typeof window !== "undefined") preloadWhenIdle(preload);
  return Object.assign(Preloaded, { preload, Suspending });
}

const queue: (() => Promise<unknown>)[] = [];
let draining = false;

/**
 * Queues a background load. The queue drains one load per idle period, so a screen's several
 * dialogs don't land on the main thread together. `<html data-preloads>` says whether it is
 * "pending" or "done" (the end-to-end test of the preloading waits for it).
 */
export function preloadWhenIdle(preload: () => Promise<unknown>) {
  queue.push(preload);
  if (draining) return;
  draining = true;
  whenIdle(next);
}

function next() {
  const preload = queue.shift();
  // Set after the page's load, never on the server's <html> before React has hydrated it.
  const html = document.documentElement;
  if (!preload || !backgroundLoadingAllowed()) {
    queue.length = 0;
    draining = false;
    html.dataset.preloads = "done";
    return;
  }
  html.dataset.preloads = "pending";
  // A failed background load costs nothing: opening the dialog tries again.
  void preload()
    .catch(() => {})
    .finally(() => whenIdle(next));
}

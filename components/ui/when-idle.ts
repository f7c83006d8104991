/**
 * When background work may run: after the page's load event (the page's own scripts have run and
 * React has hydrated, or is about to: hydration keeps the main thread busy, so an idle callback
 * waits for it), in the browser's next idle period. `timeout` bounds the wait on a page that never
 * goes idle; Safari has no requestIdleCallback and gets a short timer instead.
 */
const IDLE_TIMEOUT_MS = 3000;
const NO_IDLE_CALLBACK_DELAY_MS = 300;

export function whenIdle(task: () => void): void {
  const schedule = () => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  };
  if (document.readyState === "complete") schedule();
  else addEventListener("load", schedule, { once: true });
}

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/**
 * False when the person asked the browser to save data, or the connection is 2G: loading code
 * nobody asked for yet would cost them. What a click or a pointed-at trigger needs loads anyway.
 */
export function backgroundLoadingAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection?.saveData && !/2g$/.test(connection?.effectiveType ?? "");
}

/**
 * What a page is fetching: requests in flight (the live event stream, which stays open, aside)
 * and the scripts it has asked for, so the benchmark can wait until a page has settled and count
 * the code an interaction had to fetch.
 */
import type { Page, Request } from "@playwright/test";

const STREAM = "/api/realtime";

export type PageActivity = {
  /** Scripts requested so far. */
  scripts: () => number;
  /**
   * Resolves once the page is still: a frame drawn (what a scroll brought into view has been seen
   * by its IntersectionObservers, whose reads start only then), nothing in flight for `quietMs`
   * (polled every 25 ms), then the main thread idle (the answers drawn), with no request since.
   */
  settled: (quietMs?: number, timeoutMs?: number) => Promise<void>;
};

export function watchActivity(page: Page): PageActivity {
  const inFlight = new Set<Request>();
  let scripts = 0;
  let lastChange = performance.now();
  const end = (r: Request) => {
    if (inFlight.delete(r)) lastChange = performance.now();
  };
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts++;
    if (r.url().includes(STREAM)) return;
    inFlight.add(r);
    lastChange = performance.now();
  });
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    scripts: () => scripts,
    async settled(quietMs = 300, timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      // Strings, not functions: tsx would wrap functions in a helper the page does not have.
      for (;;) {
        await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))");
        while (inFlight.size > 0 || performance.now() - lastChange < quietMs) {
          if (performance.now() > deadline) throw new Error(`a página não sossegou em ${timeoutMs} ms (${inFlight.size} pedidos pendentes)`);
          await new Promise((r) => setTimeout(r, 25));
        }
        const quietSince = lastChange;
        await page.evaluate(`new Promise((r) => requestIdleCallback(() => r(null), { timeout: ${timeoutMs} }))`);
        if (lastChange === quietSince && inFlight.size === 0) return;
      }
    },
  };
}

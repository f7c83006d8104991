/**
 * First-load JavaScript of a page as a browser gets it: the compressed bytes of every script the
 * page loads with the cache off, in Chromium. Used by `npm run bench` and `npm run measure:js`.
 *
 * Once idle, a page also loads in the background the code of its dialogs and menus
 * (components/ui/preloadable.tsx), which it does not need to show itself or to answer a first
 * click. That is not first-load JavaScript: the page is loaded as by a person who asked the browser
 * to save data (navigator.connection.saveData), for whom nothing loads in the background. With
 * `background`, a second load without it measures what the background adds.
 */
import type { BrowserContext } from "@playwright/test";

export type Scripts = { scripts: number; compressedBytes: number };
export type JsWeight = Scripts & { path: string; background?: Scripts };

async function load(context: BrowserContext, url: string, saveData: boolean): Promise<Scripts> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: saveData });
  const scripts = new Map<string, number>();
  const types = new Map<string, string>();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    if (types.get(e.requestId) === "Script") scripts.set(e.requestId, e.encodedDataLength);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // A page with background loads says when they are over; one without has nothing queued.
  if (!saveData) await page.locator("html[data-preloads='done'], html:not([data-preloads])").waitFor({ state: "attached" });
  await page.close();
  return { scripts: scripts.size, compressedBytes: [...scripts.values()].reduce((a, b) => a + b, 0) };
}

export async function firstLoadJs(context: BrowserContext, baseUrl: string, path: string, { background = false } = {}): Promise<JsWeight> {
  const url = new URL(path, baseUrl).toString();
  const first = await load(context, url, true);
  if (!background) return { path, ...first };
  const all = await load(context, url, false);
  return { path, ...first, background: { scripts: all.scripts - first.scripts, compressedBytes: all.compressedBytes - first.compressedBytes } };
}

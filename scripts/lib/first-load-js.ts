/**
 * First-load JavaScript of a page as a browser gets it: the compressed bytes of every script the
 * page loads with the cache off, in Chromium. Used by `npm run bench` and `npm run measure:js`.
 */
import type { BrowserContext } from "@playwright/test";

export type JsWeight = { path: string; scripts: number; compressedBytes: number };

export async function firstLoadJs(context: BrowserContext, baseUrl: string, path: string): Promise<JsWeight> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map<string, number>();
  const types = new Map<string, string>();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    if (types.get(e.requestId) === "Script") scripts.set(e.requestId, e.encodedDataLength);
  });
  await page.goto(new URL(path, baseUrl).toString(), { waitUntil: "networkidle" });
  await page.close();
  const compressedBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { path, scripts: scripts.size, compressedBytes };
}

/**
 * The benchmark's browser: the system Chromium, headless, without the background traffic of a
 * desktop browser (update checks, sync, field trials) that would land in the measured requests.
 */
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../scripts/lib/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** A browser context signed in with the session cookie `name=value` that bench/http.ts's signIn returned. */
export async function signedInContext(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: base }]);
  return context;
}

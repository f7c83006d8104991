import fs from "node:fs";
import type { Page } from "@playwright/test";

export const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

const VIEWS = [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

/**
 * Saves `name`-{1280,390}-{light,dark}.png. `prepare` runs before each shot (navigate, open a
 * dialog…); without it the current page is shot as it is. `viewportOnly`: the screen alone, for
 * an open modal (a full-page shot re-centres it in the stretched page).
 */
export async function shootAll(page: Page, name: string, prepare?: (page: Page) => Promise<void>, { viewportOnly = false } = {}) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    for (const view of VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.emulateMedia({ colorScheme: scheme });
      if (prepare) await prepare(page);
      await page.waitForTimeout(400);
      if (viewportOnly) {
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${view.name}-${scheme}.png` });
        continue;
      }
      // Long lists are cut at two screens: enough to judge the layout, small enough to look at.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({
        path: `${SHOTS_DIR}/${name}-${view.name}-${scheme}.png`,
        fullPage: true,
        clip: { x: 0, y: 0, width: view.width, height: Math.min(height, view.height * 2) },
      });
    }
  }
}

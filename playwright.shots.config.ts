import base from "./playwright.config";
import { defineConfig } from "@playwright/test";

/**
 * `npm run shots`: screenshots of the screens at 1280 and 390 px, light and dark, into /tmp/shots,
 * for people to look at. A tool, not tests: `npm test` never runs it.
 */
export default defineConfig({
  ...base,
  testDir: "shots",
  testMatch: "**/*.shots.ts",
  outputDir: "test-results-shots",
  reporter: [["list"]],
  workers: 1,
  timeout: 600_000,
});

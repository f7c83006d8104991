/**
 * The one `test` of the end-to-end specs: Playwright's, plus a guard that fails a test whose pages
 * log a console error, throw an uncaught exception or hit a hydration mismatch (React reports
 * those through both), in every browser context the test opens. A test that provokes one on
 * purpose says so first: `consoleErrors.allow(/texto esperado/)`.
 */
import { test as base, expect, type BrowserContext } from "@playwright/test";

export type ConsoleErrors = {
  /** The errors matching `pattern` are expected in this test. */
  allow: (pattern: RegExp) => void;
};

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context, browser }, provide) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on("console", (m) => {
          if (m.type() === "error") seen.push(`console.error em ${m.page()?.url() ?? "?"}: ${m.text()}`);
        });
        ctx.on("weberror", (e) => seen.push(`exceção não tratada em ${e.page()?.url() ?? "?"}: ${e.error().stack ?? e.error().message}`));
      };
      watch(context);
      // Contexts the test opens itself (a second device, a visitor) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const ctx = await newContext(...args);
        watch(ctx);
        return ctx;
      };
      try {
        await provide({ allow: (pattern) => void allowed.push(pattern) });
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = seen.filter((text) => !allowed.some((p) => p.test(text)));
      expect(unexpected, "a página registrou erros no console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIResponse, Browser, BrowserContext, Locator, Page, Request, Route } from "@playwright/test";

/**
 * The one `test` of the end-to-end specs: Playwright's, plus a guard that fails a test whose pages
 * log a console error, throw an uncaught exception or hit a hydration mismatch (React reports
 * those through both), in every browser context the test opens. A test, or a helper it calls, that
 * provokes one on purpose says so first: `allowConsoleErrors(/texto esperado/)`.
 */
import { test as base, expect, type BrowserContext } from "@playwright/test";

/** The running test's expected errors (a worker runs one test at a time). */
let allowed: RegExp[] = [];

/** The errors matching `pattern` are expected in the running test. */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

/**
 * The browser asks to save data (navigator.connection.saveData), so pages load no code in the
 * background (components/ui/when-idle.ts): every fresh context otherwise fetched and parsed every
 * dialog of each screen it opened, work no test but e2e/preloading.spec.ts looks at (which sets the
 * browser's own data-saver switch itself, and keeps the real navigator).
 */
const SAVE_DATA = () => {
  Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => ({ saveData: true, effectiveType: "4g" }) });
};

export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ context, browser }, provide, testInfo) => {
      const seen: string[] = [];
      allowed = [];
      const preloads = testInfo.file.endsWith("preloading.spec.ts");
      const watch = async (ctx: BrowserContext) => {
        if (!preloads) await ctx.addInitScript(SAVE_DATA);
        ctx.on("console", (m) => {
          // For a failed load, location() names the resource that failed.
          const where = m.location().url && m.location().url !== m.page()?.url() ? ` (${m.location().url})` : "";
          if (m.type() === "error") seen.push(`console.error em ${m.page()?.url() ?? "?"}: ${m.text()}${where}`);
        });
        ctx.on("weberror", (e) => seen.push(`exceção não tratada em ${e.page()?.url() ?? "?"}: ${e.error().stack ?? e.error().message}`));
      };
      await watch(context);
      // Contexts the test opens itself (a second device, a visitor) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const ctx = await newContext(...args);
        await watch(ctx);
        return ctx;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = seen.filter((text) => !allowed.some((p) => p.test(text)));
      expect(unexpected, "a página registrou erros no console").toEqual([]);
    },
    { auto: true },
  ],
});

/** What a request Playwright aborts on purpose (a network failure, a captured action) logs. */
export const NETWORK_FAILURE = /net::ERR_FAILED|TypeError: Failed to fetch/;
/** What a refused login logs: next-auth answers a wrong password with 401. */
export const LOGIN_REFUSED = /status of 401 \(Unauthorized\)/;
/** What a page answered with 404 logs (the not-found page also logs the path, as the spec asks). */
export const NOT_FOUND = /status of 404 \(Not Found\)|404: rota inexistente acessada/;

export { expect };
export type { APIResponse, Browser, BrowserContext, Locator, Page, Request, Route } from "@playwright/test";

import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./scripts/lib/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Two workers beside two app servers, nginx and PostgreSQL on 2 cores: the longest flows (the
  // audit log's filters, the phone dialogs) took 60 s there against 20–30 s alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "pt-BR",
    timezoneId: "America/Cuiaba",
    // Recording a trace costs every test a DOM snapshot per action, passing or not: a failure is
    // traced when it is run again (`npx playwright test --retries=1` records the retry).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { ...CHROMIUM_LAUNCH, args: ["--lang=pt-BR", ...CHROMIUM_LAUNCH.args] },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/auth`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});

/**
 * `npm run measure:js -- [baseUrl]`: first-load JavaScript per route, compressed, in Chromium with
 * the cache off, against a running production server with the demo data (e.g. the one
 * `npx tsx scripts/e2e-server.ts` starts). Signs in as the demo owner for the app's routes and as
 * the demo admin for /admin. Prints each route against its budget (scripts/js-budget.json) and
 * exits non-zero when one is over, so the benchmark can hold the budget. Beside it, what the page
 * then loads in the background once idle (its dialogs' and menus' code: scripts/lib/first-load-js.ts),
 * which the budget does not count.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./lib/chromium";
import { firstLoadJs, type JsWeight } from "./lib/first-load-js";

type Budget = { notes?: string; bareNextPageKb: number; routes: Record<string, number> };

const base = process.argv[2] ?? "http://localhost:3100";
const budget: Budget = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "js-budget.json"), "utf8"));
const PUBLIC = ["/auth", "/agendar/studio-bela-vista"];
const OWNER_ROUTES = [
  "/appointments", "/appointments/grade", "/clients", "/services", "/professionals", "/business-hours", "/allocation-viewer",
  "/reports/dashboard", "/team-management", "/business-profile",
];
const ADMIN_ROUTES = ["/admin", "/admin/businesses", "/admin/users", "/admin/settings"];

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("agenda123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
  await page.close();
  return context;
}

async function main() {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const rows: JsWeight[] = [];
  const anon = await browser.newContext();
  const measure = { background: true };
  for (const p of PUBLIC) rows.push(await firstLoadJs(anon, base, p, measure));
  const owner = await signedIn(browser, "dono@exemplo.com.br");
  for (const p of OWNER_ROUTES) rows.push(await firstLoadJs(owner, base, p, measure));
  const admin = await signedIn(browser, "admin@exemplo.com.br");
  for (const p of ADMIN_ROUTES) rows.push(await firstLoadJs(admin, base, p, measure));
  await browser.close();

  const over: string[] = [];
  console.log(`${"route".padEnd(22)} ${"KB".padStart(7)} ${"budget".padStart(7)}  over bare (${budget.bareNextPageKb} KB)   then in the background`);
  for (const r of rows) {
    const kb = r.compressedBytes / 1024;
    const limit = budget.routes[r.path];
    const mark = limit === undefined ? "  (no budget)" : kb > limit ? "  OVER" : "";
    if (limit !== undefined && kb > limit) over.push(r.path);
    const background = r.background?.scripts ? `+${(r.background.compressedBytes / 1024).toFixed(1)} KB in ${r.background.scripts} scripts` : "-";
    console.log(`${r.path.padEnd(22)} ${kb.toFixed(1).padStart(7)} ${(limit?.toFixed(0) ?? "-").padStart(7)}  ${(kb - budget.bareNextPageKb).toFixed(1).padStart(6)} in ${String(r.scripts).padStart(2)} scripts   ${background}${mark}`);
  }
  if (over.length) {
    console.error(`Over budget: ${over.join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * `npm run measure:js -- <baseUrl>`: first-load JavaScript per route, compressed, against a running
 * production server with the demo data (e.g. the one `npx tsx scripts/e2e-server.ts` starts).
 * Signs in as the demo owner for the app's routes. Prints a table; asserts nothing.
 */
import { chromium } from "@playwright/test";
import { firstLoadJs } from "./lib/first-load-js";

const base = process.argv[2] ?? "http://localhost:3100";
const PUBLIC = ["/auth", "/agendar/studio-bela-vista"];
const OWNER_ROUTES = ["/appointments", "/clients", "/services", "/professionals", "/business-hours", "/allocation-viewer", "/reports/dashboard", "/team-management", "/business-profile"];

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const anon = await browser.newContext();
  const rows = [];
  for (const p of PUBLIC) rows.push(await firstLoadJs(anon, base, p));
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill("dono@exemplo.com.br");
  await page.getByLabel("Senha", { exact: true }).fill("agenda123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
  await page.close();
  for (const p of OWNER_ROUTES) rows.push(await firstLoadJs(owner, base, p));
  await browser.close();
  for (const r of rows) console.log(`${r.path.padEnd(24)} ${(r.compressedBytes / 1024).toFixed(1).padStart(7)} KB in ${r.scripts} scripts`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

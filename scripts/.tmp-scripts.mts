import { chromium } from "@playwright/test";
const base = "http://localhost:3201";
const path = process.argv[2] ?? "/services";
const who = process.argv[3] ?? "dono@exemplo.com.br";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext();
const page = await context.newPage();
if (who !== "anon") {
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill(who);
  await page.getByLabel("Senha", { exact: true }).fill("agenda123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
}
const p2 = await context.newPage();
const cdp = await context.newCDPSession(p2);
await cdp.send("Network.enable");
await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
const urls = new Map<string, string>(); const sizes = new Map<string, number>();
cdp.on("Network.responseReceived", (e: any) => { if (e.type === "Script") urls.set(e.requestId, e.response.url); });
cdp.on("Network.loadingFinished", (e: any) => { if (urls.has(e.requestId)) sizes.set(e.requestId, e.encodedDataLength); });
await p2.goto(base + path, { waitUntil: "networkidle" });
for (const [id, u] of urls) console.log(((sizes.get(id) ?? 0) / 1024).toFixed(1).padStart(7), u.replace(base, ""));
await browser.close();

import { chromium } from "@playwright/test";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await browser.newContext();
  for (const path of process.argv.slice(2)) {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const urls = new Map<string, string>(); const types = new Map<string, string>(); const sizes: [string, number][] = [];
    cdp.on("Network.responseReceived", (e) => { types.set(e.requestId, e.type); urls.set(e.requestId, e.response.url); });
    cdp.on("Network.loadingFinished", (e) => { if (types.get(e.requestId) === "Script") sizes.push([urls.get(e.requestId)!, e.encodedDataLength]); });
    await page.goto("http://localhost:3206" + path, { waitUntil: "networkidle" });
    console.log(path, (sizes.reduce((a, b) => a + b[1], 0) / 1024).toFixed(1));
    for (const [u, n] of sizes.sort((a, b) => b[1] - a[1])) console.log("  ", (n / 1024).toFixed(1).padStart(6), u.replace(/.*\/_next\/static\//, ""));
    await page.close();
  }
  await browser.close();
})();

import { chromium } from "@playwright/test";
import { firstLoadJs } from "./scripts/lib/first-load-js";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await browser.newContext();
  for (const p of ["/auth", "/agendar/studio-bela-vista", process.argv[2] ?? "/agendar/nao-existe"]) {
    const r = await firstLoadJs(ctx, "http://localhost:3206", p);
    console.log(`${r.path.padEnd(40)} ${(r.compressedBytes / 1024).toFixed(1)} KB in ${r.scripts} scripts`);
  }
  await browser.close();
})();

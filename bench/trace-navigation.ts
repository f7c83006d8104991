/**
 * `npx tsx bench/trace-navigation.ts [from] [to…]`: where a sidebar click's time goes, with no
 * rest of the pointer on the link (issue 32's `sidebar_without_rest`; REST_MS=150: the `sidebar` measure's rest). For each target, a fresh
 * page of `from`, then a click on the target's sidebar link; prints, on the page's clock from the
 * pointerdown, each request the click caused (start, first byte, end) and the frame that showed the
 * next screen's title. Needs `npm run bench:data` done and a build (NEXT_DIST_DIR).
 */
import { runMigrations } from "@/db/migrate";
import { launchChromium, signedInContext } from "./browser";
import { openBenchDatabase } from "./database";
import { signIn } from "./http";
import { arm, result } from "./interaction-probe";
import { watchActivity } from "./page-activity";
import { startServer } from "./server";

const TITLES: Record<string, string> = {
  "/appointments": "Agenda Inteligente",
  "/clients": "Clientes",
  "/services": "Serviços",
  "/professionals": "Profissionais",
  "/business-hours": "Horários de Funcionamento",
  "/allocation-viewer": "Visor de Alocação",
  "/reports/dashboard": "Dashboard",
};
type Profile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; samples: number[]; timeDeltas: number[] };

/** PROFILE=1: where the page's main thread spent the click (self time by function, then by script). */
function printProfile(p: Profile) {
  const byNode = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const n = byNode.get(id)!;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const f = n.callFrame;
    const key = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const u = f.url.replace(/^.*\//, "") || f.functionName;
    byUrl.set(u, (byUrl.get(u) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `    ${t.toFixed(1).padStart(6)} ms  ${n}`).join("\n");
  console.log("  self time by function:\n" + top(self, 20));
  console.log("  by script:\n" + top(byUrl, 10));
}
type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } };

/** TRACE=1: the main thread's time in the kinds of work the browser does for a click, summed. */
function printTrace(trace: { traceEvents: TraceEvent[] }) {
  const ev = trace.traceEvents;
  const main = ev.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const on = ev.filter((e) => main && e.tid === main.tid && e.pid === main.pid && e.ph === "X" && e.dur);
  const sum = new Map<string, number>();
  for (const e of on) sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur! / 1000);
  const names = ["RunTask", "FunctionCall", "EvaluateScript", "v8.compile", "V8.CompileCode", "v8.parseOnBackground", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "MajorGC", "MinorGC", "V8.GC_SCAVENGER", "ParseHTML", "HitTest", "v8.run", "V8.Execute"];
  console.log("  main thread (ms): " + names.filter((n) => sum.has(n)).map((n) => `${n} ${sum.get(n)!.toFixed(1)}`).join(" · "));
  console.log("  largest: " + [...sum].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, t]) => `${n} ${t.toFixed(1)}`).join(" · "));
}
const from = process.argv[2] ?? "/services";
const targets = process.argv.length > 3 ? process.argv.slice(3) : Object.keys(TITLES).filter((p) => p !== from);
const tries = Number(process.env.TRIES ?? 2);

const db = await openBenchDatabase();
await runMigrations(db.url);
const port = 3901;
const server = await startServer(db.appUrl, port);
const base = `http://localhost:${port}`;
const cookie = await signIn(base, "dono@bench.agenda.test", "agenda123");
const browser = await launchChromium();
try {
  for (const to of targets) {
    for (let t = 0; t < tries; t++) {
      const context = await signedInContext(browser, base, cookie);
      const page = await context.newPage();
      const activity = watchActivity(page);
      await page.goto(`${base}${from}`);
      await page.locator('html[data-realtime="live"]').waitFor({ state: "attached" });
      await activity.settled();
      const finished: import("@playwright/test").Request[] = [];
      page.on("request", (r) => finished.push(r));
      const link = page.locator(`aside nav a[href="${to}"]`);
      await link.scrollIntoViewIfNeeded();
      await arm(page, "pointerdown", [{ path: to }, { visible: "main h1", text: TITLES[to] }]);
      // The page's clock at pointerdown, as an epoch time, to compare with the requests' timing.
      await page.evaluate(() => addEventListener("pointerdown", (e) => ((window as unknown as { __t0: number }).__t0 = performance.timeOrigin + e.timeStamp), { capture: true, once: true }));
      const cdp = process.env.PROFILE === "1" ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
        await cdp.send("Profiler.start");
      }
      if (process.env.TRACE === "1") await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"] });
      // REST_MS: the pointer rests on the link that long first, as the benchmark's `sidebar` measure does.
      if (Number(process.env.REST_MS ?? 0) > 0) {
        await link.hover();
        await page.waitForTimeout(Number(process.env.REST_MS));
      }
      await link.click();
      const ms = await result(page);
      if (process.env.TRACE === "1") printTrace(JSON.parse((await browser.stopTracing()).toString("utf8")));
      if (cdp) printProfile((await cdp.send("Profiler.stop")).profile as unknown as Profile);
      const t0: number = await page.evaluate(() => (window as unknown as { __t0: number }).__t0);
      await activity.settled();
      console.log(`${from} → ${to}: ${ms} ms`);
      for (const r of finished) {
        const tm = r.timing();
        // With a rest, the prefetch the pointer's rest started is shown too (times before the pointerdown are negative).
        if (!process.env.REST_MS && tm.startTime < t0 - 5) continue;
        const at = (x: number) => (x < 0 ? "-" : (tm.startTime + x - t0).toFixed(0)).padStart(5);
        console.log(`  ${r.resourceType().padEnd(6)} start ${(tm.startTime - t0).toFixed(0).padStart(5)} ttfb ${at(tm.responseStart)} end ${at(tm.responseEnd)}  ${r.url().replace(base, "").slice(0, 90)}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await db.stop();
}

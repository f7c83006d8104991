/**
 * `npx tsx bench/page-cost.ts /a /b …`: the CPU time one worker process spends per view of each
 * page (its user + system time over 300 views at 5 connections, read from /proc, three rounds, the
 * median), and the page's HTML size. CPU time, unlike latency, hardly moves with what else the
 * machine runs, so it compares pages, and a change's before and after, on a busy machine too.
 * Needs `npm run bench:data` done and a build (NEXT_DIST_DIR picks which).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { runMigrations } from "@/db/migrate";
import { openBenchDatabase } from "./database";
import { load, signIn } from "./http";
import { startServer } from "./server";

const VIEWS = Number(process.env.VIEWS ?? 300);
const pages = process.argv.slice(2);
/**
 * PREFETCH=tree or PREFETCH=auto: the cost of what a browser asks for each link in view instead of
 * the page (Next's route tree, and the page down to its loading boundary).
 */
const PREFETCH_HEADERS: Record<string, Record<string, string>> = {
  tree: { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" },
  auto: { rsc: "1", "next-router-prefetch": "1" },
};
const extra = PREFETCH_HEADERS[process.env.PREFETCH ?? ""] ?? {};

/** utime + stime of `pid`, in ms (clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const db = await openBenchDatabase();
await runMigrations(db.url);
process.env.WEB_CONCURRENCY = "1";
const port = 3901;
const server = await startServer(db.appUrl, port);
const worker = Number(execFileSync("pgrep", ["-P", String(server.pid)], { encoding: "utf8" }).trim().split("\n")[0]);
const base = `http://localhost:${port}`;
const cookie = await signIn(base, "dono@bench.agenda.test", "agenda123");
const results = new Map<string, number[]>();
for (const round of [0, 1, 2, 3]) {
  for (const page of pages) {
    const before = cpuMs(worker);
    await load({ base, cookie, amount: round === 0 ? 100 : VIEWS, connections: 5, next: () => ({ method: "GET", path: page, headers: { cookie, ...extra } }) });
    const perView = (cpuMs(worker) - before) / (round === 0 ? 100 : VIEWS);
    if (round > 0) results.set(page, [...(results.get(page) ?? []), perView]);
  }
}
for (const page of pages) {
  const html = await fetch(base + page, { headers: { cookie, ...extra } }).then((r) => r.text());
  // DUMP=dir keeps each page's HTML, to see what its bytes are.
  if (process.env.DUMP) fs.writeFileSync(`${process.env.DUMP}/${page.replace(/[^a-z0-9]+/gi, "_")}.html`, html);
  const runs = results.get(page)!.sort((a, b) => a - b);
  console.log(`${page.padEnd(44)} ${runs[1].toFixed(1).padStart(6)} ms CPU/view (${runs.map((r) => r.toFixed(1)).join(", ")})  ${(html.length / 1024).toFixed(0)} KB`);
}
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await db.stop();

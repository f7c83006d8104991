/**
 * `npx tsx bench/profile-page.ts /path [seconds]`: a CPU profile of one page under the benchmark's
 * load, for finding where a page's render time goes. One worker process, started with --cpu-prof;
 * the profile lands in /tmp/agenda-prof. Needs `npm run bench:data` done and a build.
 */
import fs from "node:fs";
import { runMigrations } from "@/db/migrate";
import { openBenchDatabase } from "./database";
import { load, signIn } from "./http";
import { startServer } from "./server";

const page = process.argv[2] ?? "/appointments";
const seconds = Number(process.argv[3] ?? 20);
const dir = "/tmp/agenda-prof";
fs.rmSync(dir, { recursive: true, force: true });
const db = await openBenchDatabase();
await runMigrations(db.url);
process.env.WEB_CONCURRENCY = process.env.WEB_CONCURRENCY ?? "1";
const port = 3900;
const warm = await startServer(db.appUrl, port);
const base = `http://localhost:${port}`;
const cookie = await signIn(base, "dono@bench.agenda.test", "agenda123");
await load({ base, cookie, seconds: 5, connections: 5, next: () => page });
warm.kill("SIGTERM");
await new Promise((r) => warm.once("exit", r));
const server = await startServer(db.appUrl, port, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
const cookie2 = await signIn(base, "dono@bench.agenda.test", "agenda123");
await load({ base, cookie: cookie2, seconds: 5, connections: 5, next: () => page });
const stats = await load({ base, cookie: cookie2, seconds, connections: 5, next: () => page });
console.log(page, JSON.stringify({ p50: stats.p50_ms, p95: stats.p95_ms, rps: stats.rps }));
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await db.stop();
console.log(fs.readdirSync(dir).map((f) => `${dir}/${f}`).join("\n"));

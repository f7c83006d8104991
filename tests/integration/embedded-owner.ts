/**
 * The child process of embedded-recovery.int.test.ts: plays an app run that owns the embedded
 * PostgreSQL of `dir` (argv[2]) on `port` (argv[3]). It commits rows, leaves one transaction open
 * (written, never committed), prints one JSON line with the postmaster's pid, then waits to be
 * killed.
 */
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { ensureDatabase, startEmbeddedPostgres } from "../../db/embedded";

const [dir, port, rows] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] ?? 100)];
const server = await startEmbeddedPostgres(dir, port);
// A database of its own, as the app has: the app's role may not create tables in `postgres`.
await ensureDatabase(server.url("postgres"), "recovery");
const sql = postgres(server.url("recovery"), { max: 2, onnotice: () => {} });
await sql`create table if not exists kept (n int primary key, note text not null)`;
const [{ from }] = await sql<{ from: number }[]>`select coalesce(max(n), 0)::int as "from" from kept`;
// One committed transaction per row, as an app's bookings are.
for (let i = 1; i <= rows; i++) await sql`insert into kept values (${from + i}, 'committed')`;
const open = await sql.reserve();
await open`begin`;
await open`insert into kept values (-1, 'never committed')`;
const postmasterPid = Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
console.log(JSON.stringify({ postmasterPid, committed: from + rows }));
setInterval(() => {}, 1 << 30);

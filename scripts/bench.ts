/**
 * `npm run bench`: measures, on a fresh embedded PostgreSQL, how the booking guarantees behave
 * under load (bookings per second with the exclusion constraints, share refused on conflicts)
 * and the memory of the process. Prints figures; asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { freePort } from "./free-port";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-bench-pg-"));
  const server = await startEmbeddedPostgres(dir, await freePort());
  await ensureDatabase(server.url("postgres"), "bench");
  const url = server.url("bench");
  await runMigrations(url);
  const sql = postgres(url, { max: CONCURRENCY, onnotice: () => {} });
  try {
    const [biz] = await sql`insert into businesses (name) values ('Bench') returning id`;
    const [svc] = await sql`insert into services (business_id, name, duration_minutes) values (${biz.id}, 'Corte', 30) returning id`;
    const pros = await sql`insert into professionals (business_id, name) select ${biz.id}, 'P' || g from generate_series(1, 10) g returning id`;
    const clients = await sql`insert into clients (business_id, name) select ${biz.id}, 'C' || g from generate_series(1, 200) g returning id`;

    let ok = 0;
    let conflicts = 0;
    let next = 0;
    const t0 = performance.now();
    async function worker() {
      while (next < BOOKINGS) {
        const i = next++;
        const day = `2030-01-${String(1 + (i % 28)).padStart(2, "0")}`;
        const time = `${String(8 + (i % 10)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`;
        try {
          await sql.begin(async (tx) => {
            const [a] = await tx`insert into appointments (business_id, client_id, date, time)
              values (${biz.id}, ${clients[i % clients.length].id}, ${day}, ${time}) returning id`;
            await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
              values (${a.id}, ${svc.id}, ${pros[i % pros.length].id}, ${biz.id})`;
          });
          ok++;
        } catch (e) {
          if ((e as { code?: string }).code === "23P01") conflicts++;
          else throw e;
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const secs = (performance.now() - t0) / 1000;
    const agenda0 = performance.now();
    for (let i = 0; i < 50; i++) {
      await sql`select a.id, a.date, a.time, c.name from appointments a join clients c on c.id = a.client_id
        where a.business_id = ${biz.id} and a.date between '2030-01-01' and '2030-01-07' order by a.date, a.time`;
    }
    const agendaMs = (performance.now() - agenda0) / 50;
    console.log(`booking attempts: ${BOOKINGS} with ${CONCURRENCY} connections in ${secs.toFixed(2)} s`);
    console.log(`  committed ${ok}, refused by exclusion constraint (23P01) ${conflicts}, ${(BOOKINGS / secs).toFixed(0)} attempts/s`);
    console.log(`agenda window query (7 days): ${agendaMs.toFixed(2)} ms average over 50 runs`);
    console.log(`process memory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
  } finally {
    await sql.end();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

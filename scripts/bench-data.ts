/**
 * `npm run bench:data`: fills the benchmark database (bench/database.ts) with the dataset of
 * bench/dataset.ts: the embedded one is recreated from scratch; a DATABASE_URL one must be empty
 * (migrated or not). Prints each step's time and the counts, and writes them to bench/.data.json.
 */
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { dropDatabase, ensureDatabase } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import { hashPassword } from "@/lib/auth/password";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { BENCH_ACCOUNTS } from "../bench/dataset";
import { BENCH_DATABASE, openBenchDatabase } from "../bench/database";
import { generate } from "../bench/generate";

async function main() {
  const t0 = performance.now();
  const db = await openBenchDatabase();
  try {
    if (db.adminUrl) {
      await dropDatabase(db.adminUrl, BENCH_DATABASE);
      await ensureDatabase(db.adminUrl, BENCH_DATABASE);
    }
    await runMigrations(db.url);
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from businesses`;
      if (n > 0) throw new Error(`O banco já tem ${n} negócios: use um banco vazio para os dados do benchmark.`);
      const today = todayInBusiness();
      let last = performance.now();
      const log = (step: string) => {
        const now = performance.now();
        console.log(`${((now - last) / 1000).toFixed(1).padStart(6)} s  ${step}`);
        last = now;
      };
      const counts = await generate(sql, { today, passwordHash: await hashPassword(BENCH_ACCOUNTS.password), log });
      const seconds = (performance.now() - t0) / 1000;
      console.log(`\nDados do benchmark prontos em ${seconds.toFixed(0)} s (hoje = ${today}):`);
      console.table(counts);
      fs.writeFileSync(path.join("bench", ".data.json"), JSON.stringify({ today, seconds: Math.round(seconds), counts }, null, 2));
    } finally {
      await sql.end();
    }
  } finally {
    await db.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

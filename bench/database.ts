/**
 * The benchmark's database: DATABASE_URL when set, else an embedded PostgreSQL of its own that
 * keeps its data in .data/bench-pg (apart from the dev database in .data/pg), port BENCH_PG_PORT.
 */
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "@/db/embedded";

export const BENCH_DATABASE = "agenda_bench";

export async function openBenchDatabase(): Promise<{ url: string; adminUrl: string | null; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, adminUrl: null, stop: async () => {} };
  const server = await startEmbeddedPostgres(path.join(process.cwd(), ".data", "bench-pg"), Number(process.env.BENCH_PG_PORT ?? 54339));
  await ensureDatabase(server.url("postgres"), BENCH_DATABASE);
  return { url: server.url(BENCH_DATABASE), adminUrl: server.url("postgres"), stop: server.stop };
}

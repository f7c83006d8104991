/**
 * The benchmark's database: DATABASE_URL when set, else an embedded PostgreSQL of its own that
 * keeps its data in .data/bench-pg (apart from the dev database in .data/pg), port BENCH_PG_PORT.
 */
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "@/db/embedded";

export const BENCH_DATABASE = "agenda_bench";

/** `appUrl` is what the app server and the floor connect with: the embedded one's Unix socket. */
export async function openBenchDatabase(): Promise<{ url: string; appUrl: string; adminUrl: string | null; stop: () => Promise<void> }> {
  const own = process.env.DATABASE_URL;
  if (own) return { url: own, appUrl: own, adminUrl: null, stop: async () => {} };
  const server = await startEmbeddedPostgres(path.join(process.cwd(), ".data", "bench-pg"), Number(process.env.BENCH_PG_PORT ?? 54339));
  await ensureDatabase(server.url("postgres"), BENCH_DATABASE);
  return { url: server.url(BENCH_DATABASE), appUrl: server.socketUrl(BENCH_DATABASE), adminUrl: server.url("postgres"), stop: server.stop };
}

import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { Logger, runMigrations as runQueueMigrations } from "graphile-worker";
import { connect } from "./connect";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/**
 * Applies the committed SQL migration history to the database at `url`, then the job queue's own
 * (graphile-worker keeps its schema `graphile_worker` and its version; lib/core/jobs/queue.ts).
 */
export async function runMigrations(url: string) {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await sql.end();
  }
  await runQueueMigrations({ connectionString: url, logger: quietLogger() });
}

/** graphile-worker logs every migration at info level; only its warnings and errors are shown. */
function quietLogger() {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") console.warn(`[fila] ${message}`);
  });
}

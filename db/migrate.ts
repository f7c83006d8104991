import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { connect } from "./connect";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/** Applies the committed SQL migration history to the database at `url`. */
export async function runMigrations(url: string) {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await sql.end();
  }
}

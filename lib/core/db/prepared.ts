import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Conn } from "@/db";

// The app's drizzle instance has no casing option, so a plain dialect renders SQL as it does.
const dialect = new PgDialect();

/**
 * Runs a raw statement as a prepared statement of its connection (postgres.js keeps it per
 * connection, by its text), as drizzle's builders do with `.prepare(name)`. PostgreSQL then parses
 * it once per connection, and after five runs keeps one generic plan for it instead of planning
 * every run, and the driver skips describing its columns each time. For the writes' statements
 * that cost about half of a booking's PostgreSQL time (bench/HISTORY.md, round 8).
 *
 * Only for statements whose best plan is the same whatever the values: lookups by key (a row's id,
 * a client's or a professional's rows, a business's small tables). Never a search or a scan of a
 * business's history, where one plan made for an average business would be wrong for a chain.
 */
export function executePrepared<T extends Record<string, unknown>>(conn: Conn, query: SQL): Promise<T[]> {
  // Not async: the statement is handed over in the order of the calls, which together() relies on.
  return conn._.session.prepareQuery(dialect.sqlToQuery(query), undefined, "prepared", false).execute() as Promise<T[]>;
}

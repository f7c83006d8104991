import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { connect } from "./connect";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;
/** The transaction handle drizzle passes to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The app database or an open transaction: what reads and writes take. */
export type Conn = Db | Tx;

type Holder = { client?: postgres.Sql; db?: Db };
// One client per process, kept across hot reloads in development.
const holder = ((globalThis as { __agendaDb?: Holder }).__agendaDb ??= {});

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL não está definida: inicie o app com `npm run dev` ou `npm start`.");
  return url;
}

/**
 * Delay before reconnect attempt `retries` after a lost connection, in seconds: 0.1, 0.2, 0.4…
 * capped at 5 s (postgres.js's default grows to 20 s), so the app serves again within seconds of
 * the database coming back from a restart or failover.
 */
export function reconnectBackoff(retries: number): number {
  return Math.min(0.1 * 2 ** retries, 5);
}

/** The raw postgres.js client, for the few places that need SQL drizzle cannot express. */
export function sqlClient(): postgres.Sql {
  holder.client ??= connect(databaseUrl(), {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    backoff: reconnectBackoff,
    // Seconds for a new connection to be up (postgres.js waits 30): a healthy database answers in
    // milliseconds, and an attempt that hangs (a database host gone, or one coming back from a
    // restart) is dropped and tried again instead of holding its requests half a minute.
    connect_timeout: 5,
    // No parallel query: the app's statements are small and many run at once, so a parallel plan
    // only adds the cost of starting workers (a chain's "today" once took 8 ms in parallel, 1.3 ms
    // without), and the cores are already busy serving the other requests.
    // (A string: postgres.js drops startup parameters whose value is falsy, such as the number 0.)
    connection: { max_parallel_workers_per_gather: "0" },
  });
  return holder.client;
}

function instance(): Db {
  holder.db ??= drizzle(sqlClient(), { schema });
  return holder.db;
}

/** The one database handle. Created on first use, so `next build` never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_t, prop) {
    const target = instance() as unknown as Record<string | symbol, unknown>;
    const value = target[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

export { schema };

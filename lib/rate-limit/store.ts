/**
 * rate-limiter-flexible's RateLimiterPostgres on our own postgres.js pool. The library speaks to
 * a `pg`-style client (`query({ text, values })` → `{ rows, rowCount }`); this adapter is all it
 * takes, so no second driver or pool is needed. The table `rate_limits` comes from our migrations.
 */
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { sqlClient } from "@/db";

export const RATE_LIMIT_TABLE = "rate_limits";

type Query = { text: string; values?: unknown[] };

/** The `pg` client surface RateLimiterPostgres uses, over postgres.js. */
const pgStyleClient = {
  async query(q: Query) {
    const rows = await sqlClient().unsafe(q.text, (q.values ?? []) as never[]);
    return { rows, rowCount: rows.count ?? rows.length };
  },
};

type Options = { name: string; points: number; durationSec: number };

// One limiter object per name and shape, created on first use (the db client is created lazily too).
const limiters = new Map<string, RateLimiterPostgres>();
let sweeperStarted = false;

export function limiterFor({ name, points, durationSec }: Options): RateLimiterPostgres {
  const id = `${name}/${points}/${durationSec}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pgStyleClient,
      storeType: "client",
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: name,
      points,
      duration: durationSec,
      // The sweep of rows expired an hour ago is table-wide: one limiter per process runs it.
      clearExpiredByTimeout: !sweeperStarted,
      // Never keep a per-instance memory of blocked keys: the database is the one truth.
      inMemoryBlockOnConsumed: 0,
    });
    sweeperStarted = true;
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * rate-limiter-flexible's RateLimiterPostgres on our own postgres.js pool. The library speaks to
 * a `pg`-style client (`query({ text, values })` → `{ rows, rowCount }`); this adapter is all it
 * takes, so no second driver or pool is needed. The table `rate_limits` comes from our migrations.
 * The backoff's counters (below) are our own statements on the same table and pool.
 */
import type postgres from "postgres";
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

// ───────────── backoff counters ─────────────
//
// A backoff row is ours, not the library's: its consume counts every hit, a refused one too, and a
// wait there is a second row written after the count, so parallel attempts all passed the check
// before any of them was counted (issue 31). Here one statement counts an attempt only if its key
// is not waiting, judged on the row as it stands once locked: parallel attempts queue on that row
// and each sees the ones before it. Same table and key layout (`name:key`, `expire` in epoch ms),
// so the library's sweep of expired rows clears these too.

/** One backoff key: `points` attempts counted, `expire` windowMs after the last of them. */
export type BackoffRow = {
  key: string;
  windowMs: number;
  /** The wait after the 1st, 2nd … counted attempt, in ms; every later one waits as long as the last. */
  waitsMs: readonly number[];
};

/**
 * The wait `points` attempts earn, in SQL. The waits travel as one array parameter, so the
 * schedule is worked out in one place (backoffDelaySec) and never written twice.
 */
function waitAfter(row: BackoffRow, points: postgres.Fragment): postgres.Fragment {
  const sql = sqlClient();
  // An array literal, not sql.array: postgres.js serialises sql.array by the array types it reads
  // when it first connects, and in a production process whose first statement was a login's it
  // went out as "0,0,…" (malformed array literal) and the login failed.
  return sql`coalesce((${`{${row.waitsMs.join(",")}}`}::int8[])[least(${points}, ${row.waitsMs.length}::int)], 0)`;
}

/** When the key's wait ends, in SQL: its last attempt (expire − window) plus the wait its count earns. */
function waitEnd(row: BackoffRow): postgres.Fragment {
  const sql = sqlClient();
  return sql`r.expire - ${row.windowMs}::int8 + ${waitAfter(row, sql`r.points`)}`;
}

/** Counts one attempt unless the key is waiting: the count it makes, or null (nothing counted) while it must wait. */
export async function takeAttempt(row: BackoffRow, now: number): Promise<number | null> {
  const sql = sqlClient();
  const expired = sql`coalesce(r.expire, 0) <= ${now}::int8`;
  // Parallel requests read the clock in one order and reach the row in another: a count that earns
  // no wait must never read as waiting because an attempt taken a millisecond "later" went first,
  // and the last attempt's time never moves back.
  const notWaiting = sql`${waitAfter(row, sql`r.points`)} = 0 or ${waitEnd(row)} <= ${now}::int8`;
  // A refused attempt fails the do-update's condition: the row stays as it is and none is returned.
  const rows = await sql<{ points: number }[]>`
    insert into ${sql(RATE_LIMIT_TABLE)} as r (key, points, expire) values (${row.key}, 1, ${now + row.windowMs}::int8)
    on conflict (key) do update set
      points = case when ${expired} then 1 else r.points + 1 end,
      expire = greatest(coalesce(r.expire, 0), ${now + row.windowMs}::int8)
    where ${expired} or ${notWaiting}
    returning points`;
  return rows.length ? rows[0].points : null;
}

/** How long, in ms, the key must still wait (0: it need not). */
export async function attemptWaitMs(row: BackoffRow, now: number): Promise<number> {
  const sql = sqlClient();
  const rows = await sql<{ ms: number }[]>`
    select greatest(${waitEnd(row)} - ${now}::int8, 0)::float8 as ms
    from ${sql(RATE_LIMIT_TABLE)} r where r.key = ${row.key} and r.expire > ${now}::int8`;
  return rows.length ? rows[0].ms : 0;
}

/**
 * Takes back one counted attempt, and the wait it started: the last attempt's time moves back by
 * the wait the remaining count earns, so that wait reads as over, as it was when the attempt now
 * given back was let through.
 */
export async function giveBackAttempt(row: BackoffRow, now: number): Promise<void> {
  const sql = sqlClient();
  await sql`
    update ${sql(RATE_LIMIT_TABLE)} as r
    set points = r.points - 1, expire = r.expire - ${waitAfter(row, sql`r.points - 1`)}
    where r.key = ${row.key} and r.points > 0 and r.expire > ${now}::int8`;
}

/** Forgets the key's attempts and its wait. */
export async function forgetAttempts(key: string): Promise<void> {
  const sql = sqlClient();
  await sql`delete from ${sql(RATE_LIMIT_TABLE)} where key = ${key}`;
}

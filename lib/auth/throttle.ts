import { sql } from "drizzle-orm";
import { db } from "@/db";

/**
 * Failed-attempt throttling. A key (an account or an address) that fails `limit` times within the
 * window is locked for the lock time; a real user waits at most LOCK_MINUTES, never longer.
 */
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;
export const LIMITS = {
  loginAccount: 5,
  loginAddress: 30,
  forgotAccount: 3,
  forgotAddress: 10,
  signupAddress: 20,
} as const;

/** Minutes left on a lock of `key`, 0 when it is free. */
export async function lockedMinutes(key: string): Promise<number> {
  const rows = await db.execute<{ secs: number | null }>(
    sql`select extract(epoch from (locked_until - now()))::float as secs from auth_throttle where key = ${key} and locked_until > now()`,
  );
  const secs = rows[0]?.secs ?? 0;
  return secs > 0 ? Math.ceil(secs / 60) : 0;
}

/** Counts one failure against `key`; locks it once the limit is reached within the window. */
export async function recordFailure(key: string, limit: number): Promise<void> {
  await db.execute(sql`
    insert into auth_throttle as t (key, failures, window_start, locked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + make_interval(mins => ${LOCK_MINUTES}) end)
    on conflict (key) do update set
      failures = case when t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES}) then 1 else t.failures + 1 end,
      window_start = case when t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES}) then now() else t.window_start end,
      locked_until = case
        when (case when t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES}) then 1 else t.failures + 1 end) >= ${limit}
          then now() + make_interval(mins => ${LOCK_MINUTES})
        else t.locked_until end`);
}

export async function clearFailures(key: string): Promise<void> {
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
}

export function tooManyAttempts(minutes: number): string {
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

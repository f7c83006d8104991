/**
 * The one rate-limit mechanism of the app, for every public endpoint (login, forgot-password,
 * sign-up, confirmation resend, invitations, the 404 log; later the public booking page and the
 * bot API). Counters live in PostgreSQL (lib/rate-limit/store.ts), so limits hold across app
 * instances. Two shapes:
 *
 * - a window limit: at most `points` hits of one key per `windowSec`;
 * - a backoff: attempts (failures) of one key are counted over `windowSec`; the first `free` cost
 *   nothing, each later one makes the key wait, the wait doubling from `baseSec` up to `maxSec`.
 *   Nobody is locked out for long, and only the key that failed waits.
 *
 * Keys are hashed (the table never holds e-mails or addresses in clear) and prefixed by the
 * limit's name. A verdict is `{ ok: true }` or `{ ok: false, retryAfterMs }`.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterFor } from "./store";

export { subjectKey } from "./keys";

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };
export const PASS: Verdict = { ok: true };

export type WindowLimit = { name: string; points: number; windowSec: number };
export type Backoff = { name: string; free: number; baseSec: number; maxSec: number; windowSec: number };

function refused(res: RateLimiterRes | null): Verdict {
  return { ok: false, retryAfterMs: Math.max(res?.msBeforeNext ?? 1000, 1000) };
}

// ───────────── window limits ─────────────

function windowLimiter(limit: WindowLimit) {
  return limiterFor({ name: limit.name, points: limit.points, durationSec: limit.windowSec });
}

/** Counts `points` hits of the key; refused once the window's points are used up. */
export async function hit(limit: WindowLimit, key: string, points = 1): Promise<Verdict> {
  try {
    await windowLimiter(limit).consume(key, points);
    return PASS;
  } catch (e) {
    if (e instanceof RateLimiterRes) return refused(e);
    throw e;
  }
}

/** Whether one more hit would pass, without counting it. */
export async function peek(limit: WindowLimit, key: string, points = 1): Promise<Verdict> {
  const res = await windowLimiter(limit).get(key);
  if (!res || res.consumedPoints + points <= limit.points) return PASS;
  return refused(res);
}

/** Gives back hits counted for work that did not happen after all. */
export async function refund(limit: WindowLimit, key: string, points = 1): Promise<void> {
  await windowLimiter(limit).reward(key, points);
}

export async function resetWindow(limit: WindowLimit, key: string): Promise<void> {
  await windowLimiter(limit).delete(key);
}

// ───────────── backoff ─────────────

function counter(b: Backoff) {
  // The count itself never refuses: only the wait does.
  return limiterFor({ name: b.name, points: 1_000_000, durationSec: b.windowSec });
}

function waiter(b: Backoff) {
  // A blocked key holds points + 1 until its wait is over (RateLimiterStoreAbstract.block).
  return limiterFor({ name: `${b.name}.wait`, points: 1, durationSec: b.maxSec });
}

/** The wait after the `n`-th counted attempt: none for the free ones, then baseSec doubling, capped. */
export function backoffDelaySec(b: Backoff, n: number): number {
  if (n <= b.free) return 0;
  return Math.min(b.baseSec * 2 ** (n - b.free - 1), b.maxSec);
}

/** Whether the key is waiting out a delay now. */
export async function backoffCheck(b: Backoff, key: string): Promise<Verdict> {
  const res = await waiter(b).get(key);
  if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) return refused(res);
  return PASS;
}

/** Counts one attempt of the key and starts the wait it earns, if any. */
export async function backoffCount(b: Backoff, key: string): Promise<{ attempts: number; waitSec: number }> {
  const res = await counter(b).penalty(key, 1);
  const waitSec = backoffDelaySec(b, res.consumedPoints);
  if (waitSec > 0) await waiter(b).block(key, waitSec);
  return { attempts: res.consumedPoints, waitSec };
}

/** Forgets the key's attempts and wait (e.g. after a successful login). */
export async function backoffReset(b: Backoff, key: string): Promise<void> {
  await Promise.all([counter(b).delete(key), waiter(b).delete(key)]);
}

/** The longest wait among verdicts, or PASS. */
export function strictest(...verdicts: Verdict[]): Verdict {
  let worst: Verdict = PASS;
  for (const v of verdicts) if (!v.ok && (worst.ok || v.retryAfterMs > worst.retryAfterMs)) worst = v;
  return worst;
}

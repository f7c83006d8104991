/**
 * The one rate-limit mechanism of the app, for every public endpoint (login, forgot-password,
 * sign-up, confirmation resend, invitations, the 404 log; later the public booking page and the
 * bot API). Counters live in PostgreSQL (lib/core/rate-limit/store.ts), so limits hold across app
 * instances. Two shapes:
 *
 * - a window limit: at most `points` hits of one key per `windowSec`;
 * - a backoff: the first `free` attempts of one key go through one after another; from the
 *   `free`-th on, each makes the key wait before the next, the wait doubling from `baseSec` up to
 *   `maxSec`. The count is forgotten `windowSec` after the key's last attempt. Nobody is locked out
 *   for long, and only the key that failed waits.
 *
 * Both shapes take first and decide after: a hit or an attempt is counted by the same atomic
 * statement that says whether it may go on, before the secret it guards is looked at, so requests
 * sent all at once cannot pass a check together before any of them is counted. A success that
 * must not count gives its attempt back (refund, backoffRefund) or clears the key.
 *
 * Keys are hashed (the table never holds e-mails or addresses in clear) and prefixed by the
 * limit's name. A verdict is `{ ok: true }` or `{ ok: false, retryAfterMs }`.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { attemptWaitMs, forgetAttempts, giveBackAttempt, limiterFor, takeAttempt, type BackoffRow } from "./store";

export { subjectKey } from "./keys";

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };
export const PASS: Verdict = { ok: true };

export type WindowLimit = { name: string; points: number; windowSec: number };
/** `windowSec` must exceed `maxSec`: a key's count, and with it its wait, ends `windowSec` after its last attempt. */
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

/** The wait after the `n`-th counted attempt: none before the `free`-th, then baseSec doubling, capped at maxSec. */
export function backoffDelaySec(b: Backoff, n: number): number {
  if (n <= 0 || n < b.free) return 0;
  return Math.min(b.baseSec * 2 ** (n - b.free), b.maxSec);
}

/** The waits after the 1st, 2nd … attempt, in ms, up to the first that reaches maxSec. */
function waitsMs(b: Backoff): number[] {
  const waits: number[] = [];
  // The bound only guards a shape whose waits never reach maxSec (baseSec 0).
  for (let n = 1; n <= b.free + 64; n++) {
    const sec = backoffDelaySec(b, n);
    waits.push(sec * 1000);
    if (sec >= b.maxSec) break;
  }
  return waits;
}

function row(b: Backoff, key: string): BackoffRow {
  return { key: `${b.name}:${key}`, windowMs: b.windowSec * 1000, waitsMs: waitsMs(b) };
}

export type BackoffKey = readonly [limit: Backoff, key: string];

/**
 * Takes one attempt of each key, in order, BEFORE the secret it guards is looked at: all of them
 * are counted and it may go on, or one must wait and none stays counted. Each take is one atomic
 * statement (store.ts takeAttempt), so of many parallel attempts only as many as the keys allow
 * get through; a refusal says the longest wait among the keys.
 */
export async function backoffTake(...keys: BackoffKey[]): Promise<Verdict> {
  const taken: BackoffKey[] = [];
  for (const [b, key] of keys) {
    if ((await takeAttempt(row(b, key), Date.now())) === null) {
      await Promise.all(taken.map(([tb, tk]) => backoffRefund(tb, tk)));
      return waitVerdict(keys);
    }
    taken.push([b, key]);
  }
  return PASS;
}

/** The longest wait among the keys, read after a refusal (only to word it). */
async function waitVerdict(keys: BackoffKey[]): Promise<Verdict> {
  const now = Date.now();
  const waits = await Promise.all(keys.map(([b, key]) => attemptWaitMs(row(b, key), now)));
  // The wait that refused may have been lifted since (a success elsewhere): still a refusal.
  return { ok: false, retryAfterMs: Math.max(...waits, 1000) };
}

/** Gives back an attempt taken for something that does not count (a successful login, for the address). */
export async function backoffRefund(b: Backoff, key: string): Promise<void> {
  await giveBackAttempt(row(b, key), Date.now());
}

/** Forgets the key's attempts and wait (e.g. after a successful login). */
export async function backoffReset(b: Backoff, key: string): Promise<void> {
  await forgetAttempts(row(b, key).key);
}

/** The longest wait among verdicts, or PASS. */
export function strictest(...verdicts: Verdict[]): Verdict {
  let worst: Verdict = PASS;
  for (const v of verdicts) if (!v.ok && (worst.ok || v.retryAfterMs > worst.retryAfterMs)) worst = v;
  return worst;
}

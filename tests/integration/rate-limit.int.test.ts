import { sql } from "drizzle-orm";
import postgres from "postgres";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  backoffDelaySec, backoffRefund, backoffReset, backoffTake, hit, peek, refund, resetWindow, strictest, subjectKey,
  type Backoff, type Verdict, type WindowLimit,
} from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { FORGOT, LOGIN, SIGNUP } from "@/lib/core/rate-limit/policies";
import { uniq } from "./fixtures";

/** Moves every row of `name` (and its wait rows) into the past, as if the time had passed. */
async function elapse(name: string) {
  await db.execute(sql`update rate_limits set expire = ${Date.now() - 1} where key like ${`${name}%`}`);
}

describe("window limits", () => {
  test("at most `points` hits per window; the refusal says how long to wait; the window's end frees the key", async () => {
    const limit: WindowLimit = { name: `t.win.${uniq()}`, points: 3, windowSec: 600 };
    const key = subjectKey("a@b.c");
    for (let i = 0; i < 3; i++) expect(await hit(limit, key)).toEqual({ ok: true });
    const refused = await hit(limit, key);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterMs).toBeGreaterThan(590_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(600_000);
    }
    expect((await peek(limit, key)).ok).toBe(false);
    // Another key is untouched.
    expect(await hit(limit, subjectKey("outra@b.c"))).toEqual({ ok: true });
    await elapse(limit.name);
    expect(await peek(limit, key)).toEqual({ ok: true });
    expect(await hit(limit, key)).toEqual({ ok: true });
  });

  test("refund and reset give hits back", async () => {
    const limit: WindowLimit = { name: `t.refund.${uniq()}`, points: 1, windowSec: 600 };
    expect((await hit(limit, "k")).ok).toBe(true);
    await refund(limit, "k");
    expect((await hit(limit, "k")).ok).toBe(true);
    expect((await hit(limit, "k")).ok).toBe(false);
    await resetWindow(limit, "k");
    expect((await hit(limit, "k")).ok).toBe(true);
  });

  test("concurrent hits are counted atomically: exactly `points` of 20 parallel hits pass", async () => {
    const limit: WindowLimit = { name: `t.race.${uniq()}`, points: 5, windowSec: 600 };
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(limit, "same")));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  test("the count lives in PostgreSQL: a limiter of another instance (its own pool) sees it", async () => {
    const limit: WindowLimit = { name: `t.shared.${uniq()}`, points: 2, windowSec: 600 };
    expect((await hit(limit, "k")).ok).toBe(true);
    const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const elsewhere = new RateLimiterPostgres({
        storeClient: { query: async (q: { text: string; values?: unknown[] }) => {
          const rows = await other.unsafe(q.text, (q.values ?? []) as never[]);
          return { rows, rowCount: rows.count };
        } },
        storeType: "client",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: limit.name,
        points: limit.points,
        duration: limit.windowSec,
      });
      expect((await elsewhere.consume("k")).consumedPoints).toBe(2);
      await expect(elsewhere.consume("k")).rejects.toMatchObject({ consumedPoints: 3 });
    } finally {
      await other.end();
    }
    expect((await hit(limit, "k")).ok).toBe(false);
  });

  test("keys are hashed: no e-mail or address is stored in clear", async () => {
    const limit: WindowLimit = { name: `t.hash.${uniq()}`, points: 5, windowSec: 600 };
    await hit(limit, subjectKey("Pessoa@Exemplo.com", "203.0.113.7"));
    const rows = await db.execute<{ key: string }>(sql`select key from rate_limits where key like ${`${limit.name}:%`}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toBe(`${limit.name}:${subjectKey("pessoa@exemplo.com", "203.0.113.7")}`);
    expect(rows[0].key).not.toMatch(/exemplo|203\.0/);
  });
});

describe("backoff", () => {
  const shape = (over: Partial<Backoff> = {}): Backoff => ({ name: `t.bo.${uniq()}`, free: 2, baseSec: 30, maxSec: 120, windowSec: 3600, ...over });

  /** Ends the key's current wait but keeps its count, as if its longest wait had passed. */
  async function endWait(b: Backoff, key: string) {
    await db.execute(sql`update rate_limits set expire = expire - ${b.maxSec * 1000} where key = ${`${b.name}:${key}`}`);
  }

  function waitOf(v: Verdict): number {
    return v.ok ? 0 : v.retryAfterMs;
  }

  test("delays: none before the free-th attempt, then doubling from baseSec up to maxSec", () => {
    const b = shape();
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelaySec(b, n))).toEqual([0, 30, 60, 120, 120, 120]);
  });

  test("every policy's count outlives its longest wait", () => {
    for (const b of [LOGIN.pair, LOGIN.address, FORGOT.pair, FORGOT.address, SIGNUP.pair, SIGNUP.address]) {
      expect(b.windowSec, b.name).toBeGreaterThan(b.maxSec);
    }
  });

  test("the free attempts pass; then the key waits, longer each time; a refused attempt is not counted; other keys never wait", async () => {
    const b = shape();
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
    // The free-th attempt started a wait of baseSec.
    const first = await backoffTake([b, "k"]);
    expect(waitOf(first)).toBeGreaterThan(25_000);
    expect(waitOf(first)).toBeLessThanOrEqual(30_000);
    expect(await backoffTake([b, "outra"])).toEqual({ ok: true });

    // The wait ends by itself (time moved on); the refused attempt did not count, so the next one waits 60 s, not 120.
    await endWait(b, "k");
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
    const second = await backoffTake([b, "k"]);
    expect(waitOf(second)).toBeGreaterThan(55_000);
    expect(waitOf(second)).toBeLessThanOrEqual(60_000);

    await backoffReset(b, "k");
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
  });

  test("the count is forgotten windowSec after the key's last attempt", async () => {
    const b = shape();
    await backoffTake([b, "k"]);
    await backoffTake([b, "k"]);
    expect((await backoffTake([b, "k"])).ok).toBe(false);
    await elapse(b.name);
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
  });

  test("a refund gives back the attempt and the wait it started", async () => {
    const b = shape();
    await backoffTake([b, "k"]);
    await backoffTake([b, "k"]);
    expect((await backoffTake([b, "k"])).ok).toBe(false);
    await backoffRefund(b, "k");
    expect(await backoffTake([b, "k"])).toEqual({ ok: true });
    expect(waitOf(await backoffTake([b, "k"]))).toBeGreaterThan(25_000);
  });

  test("several keys: all are counted, or when one must wait none is, and the answer is the longest wait", async () => {
    const pair = shape({ free: 3 });
    const address = shape({ free: 1, baseSec: 90, maxSec: 600 });
    expect(await backoffTake([pair, "p"], [address, "a"])).toEqual({ ok: true });
    const refused = await backoffTake([pair, "p"], [address, "a"]);
    expect(waitOf(refused)).toBeGreaterThan(85_000);
    // The pair's take of the refused attempt was given back: two more go through before it waits.
    expect(await backoffTake([pair, "p"])).toEqual({ ok: true });
    expect(await backoffTake([pair, "p"])).toEqual({ ok: true });
    expect((await backoffTake([pair, "p"])).ok).toBe(false);
  });

  test("parallel attempts are taken atomically: exactly `free` of 20 sent at once go through", async () => {
    const b = shape({ free: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => backoffTake([b, "same"])));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  test("strictest picks the longest wait", () => {
    expect(strictest({ ok: true }, { ok: false, retryAfterMs: 5 }, { ok: false, retryAfterMs: 9 })).toEqual({ ok: false, retryAfterMs: 9 });
    expect(strictest({ ok: true }, { ok: true })).toEqual({ ok: true });
  });
});

describe("messages", () => {
  test("seconds under a minute, whole minutes after", () => {
    expect(tooManyAttempts(1)).toBe("Muitas tentativas. Tente novamente em 1 segundo.");
    expect(tooManyAttempts(29_100)).toBe("Muitas tentativas. Tente novamente em 30 segundos.");
    expect(tooManyAttempts(60_000)).toBe("Muitas tentativas. Tente novamente em 1 minuto.");
    expect(tooManyAttempts(14 * 60_000 + 1)).toBe("Muitas tentativas. Tente novamente em 15 minutos.");
  });
});

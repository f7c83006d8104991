import { sql } from "drizzle-orm";
import postgres from "postgres";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  backoffCheck, backoffCount, backoffDelaySec, backoffReset, hit, peek, refund, resetWindow, strictest, subjectKey,
  type Backoff, type WindowLimit,
} from "@/lib/rate-limit";
import { tooManyAttempts } from "@/lib/rate-limit/messages";
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
  const shape = (): Backoff => ({ name: `t.bo.${uniq()}`, free: 2, baseSec: 30, maxSec: 120, windowSec: 3600 });

  test("delays: none for the free attempts, then doubling from baseSec up to maxSec", () => {
    const b = shape();
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelaySec(b, n))).toEqual([0, 0, 30, 60, 120, 120, 120]);
  });

  test("the free attempts pass; then the key waits, longer each time; other keys never wait", async () => {
    const b = shape();
    expect(await backoffCount(b, "k")).toEqual({ attempts: 1, waitSec: 0 });
    expect(await backoffCount(b, "k")).toEqual({ attempts: 2, waitSec: 0 });
    expect(await backoffCheck(b, "k")).toEqual({ ok: true });
    expect(await backoffCount(b, "k")).toEqual({ attempts: 3, waitSec: 30 });
    const first = await backoffCheck(b, "k");
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(await backoffCheck(b, "outra")).toEqual({ ok: true });

    // The wait ends by itself (time moved on) and the next failure waits longer.
    await elapse(`${b.name}.wait`);
    expect(await backoffCheck(b, "k")).toEqual({ ok: true });
    expect((await backoffCount(b, "k")).waitSec).toBe(60);
    const second = await backoffCheck(b, "k");
    expect(!second.ok && second.retryAfterMs).toBeGreaterThan(30_000);

    await backoffReset(b, "k");
    expect(await backoffCheck(b, "k")).toEqual({ ok: true });
    expect(await backoffCount(b, "k")).toEqual({ attempts: 1, waitSec: 0 });
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

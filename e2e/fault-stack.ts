/**
 * A private copy of the whole stack for the fault tests (e2e/faults.spec.ts): its own embedded
 * PostgreSQL in a temporary folder (migrated, with the demo data) and the production server
 * (scripts/serve.ts, as `npm start` and the e2e server run it) on its own port. Unlike the shared
 * e2e server, this one can be killed, restarted and have its database restarted under it without
 * disturbing the specs running beside it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { freePort } from "../scripts/free-port";
import { killTree, startInstance, type Running } from "../scripts/lib/instances";

const SECRET = "faults-secret-faults-secret-faults-secret-0123";

export type FaultStack = {
  base: string;
  databaseUrl: string;
  /** Direct SQL on the stack's database (reconnects by itself after a database restart). */
  sql: postgres.Sql;
  /** The server's process id (the same one before and after a database restart). */
  pid: () => number | undefined;
  /** Everything the server printed, for the assertions on logs and for failure reports. */
  output: () => string;
  startApp: () => Promise<void>;
  /** Kills the server process (SIGKILL: no shutdown code runs) and waits for it to be gone. */
  killApp: () => Promise<void>;
  /** Fast shutdown of PostgreSQL (every connection is terminated), as a restart or failover does. */
  stopDatabase: () => Promise<void>;
  startDatabase: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startFaultStack(): Promise<FaultStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-faults-pg-"));
  const pgPort = await freePort();
  let pg: EmbeddedServer | undefined = await startEmbeddedPostgres(dir, pgPort);
  await ensureDatabase(pg.url("postgres"), "agenda");
  const databaseUrl = pg.url("agenda");
  await runMigrations(databaseUrl);
  // The seed runs in its own process: it uses the app's one database client (db/index.ts).
  const seeded = spawnSync(process.execPath, ["--import", "tsx", path.join("scripts", "seed.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seed falhou: ${seeded.stderr}`);

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-faults-outbox-"));
  let app: Running | undefined;
  let log = "";

  const startApp = async () => {
    app = await startInstance({
      name: "falhas",
      port,
      // One worker process (startInstance's), so what is killed and restarted here is what serves
      // the requests, and one probe tells that it is back (each worker's pool would recover on its own).
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl, APP_URL: base, NEXTAUTH_URL: base,
        AUTH_SECRET: SECRET, NEXTAUTH_SECRET: SECRET, OUTBOX_DIR: outbox, TZ: "Asia/Tokyo",
      },
      onOutput: (text) => (log += text),
    }).catch((e: Error) => {
      throw new Error(`${e.message}\n${log}`);
    });
  };

  /** SIGKILL to the server and its worker at once (no shutdown code runs); waits for them to be gone. */
  const killApp = async () => {
    const running = app;
    app = undefined;
    if (!running) return;
    killTree(running.pid);
    await running.exited;
  };

  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  return {
    base,
    databaseUrl,
    sql,
    pid: () => app?.pid,
    output: () => log,
    startApp,
    killApp,
    stopDatabase: async () => {
      await pg?.stop();
      pg = undefined;
    },
    startDatabase: async () => {
      pg = await startEmbeddedPostgres(dir, pgPort);
    },
    stop: async () => {
      await killApp();
      await sql.end({ timeout: 1 }).catch(() => {});
      await pg?.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded database's folder (`.data`, or AGENDA_DATA_DIR) as the backup scripts see it: a
 * server already running there (the app's), or one they start for themselves, holding the app's
 * lock meanwhile so that `npm start` does not start a second server on the same files.
 */
import fs from "node:fs";
import path from "node:path";
import { embeddedSocketUrl, startEmbeddedPostgres } from "../../db/embedded";
import { socketDirOf } from "../../db/embedded-credentials";

export const dataRoot = () => path.resolve(process.env.AGENDA_DATA_DIR ?? ".data");
export const pgDirOf = (root: string) => path.join(root, "pg");
const lockFileOf = (root: string) => path.join(root, "agenda.lock");
export const embeddedPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54329);

function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server running on `pgDir` now (its postmaster.pid: pid, port, socket folder), or null. */
export function livePostmaster(pgDir: string): { pid: number; port: number; socketDir: string } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!alive(pid)) return null;
  return { pid, port: Number(lines[3]), socketDir: lines[4] || socketDirOf(pgDir) };
}

/** The pid of the app (`npm run dev` / `npm start`) running on this folder, or null. */
export function runningApp(root: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFileOf(root), "utf8"));
    return pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function hasCluster(pgDir: string): boolean {
  return fs.existsSync(path.join(pgDir, "PG_VERSION"));
}

/**
 * Runs `fn` with the app role's URL of database `database` on the embedded server of `root`: the
 * running one when the app is up, else one started here (and stopped after) under the app's lock.
 */
export async function withEmbeddedServer<T>(root: string, database: string, fn: (url: string, pgDir: string) => Promise<T>): Promise<T> {
  const pgDir = pgDirOf(root);
  const live = livePostmaster(pgDir);
  if (live) return fn(embeddedSocketUrl(pgDir, live.port, database, live.socketDir), pgDir);
  const app = runningApp(root);
  if (app) throw new Error(`O Agenda (processo ${app}) está iniciando o banco embutido; tente de novo em instantes.`);
  fs.writeFileSync(lockFileOf(root), String(process.pid));
  try {
    const server = await startEmbeddedPostgres(pgDir, embeddedPort());
    try {
      return await fn(server.socketUrl(database), pgDir);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(lockFileOf(root), { force: true });
  }
}

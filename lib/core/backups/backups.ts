/**
 * Making backups into the backups folder (`.data/backups`) and keeping 7 daily and 4 weekly
 * copies there (names.ts). Used by `npm run db:backup` and by the nightly `db_backup` job
 * (lib/jobs/backup.ts). No `server-only`: the scripts load this under plain tsx.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { asEmbeddedSuperuser } from "@/db/embedded-credentials";
import { writeBaseBackup } from "./base-backup";
import { backupFileName, backupsToDelete, type BackupKind } from "./names";
import { writeDump } from "./pg-dump";

/** The backups folder beside the embedded server's data directory (`.data/pg` → `.data/backups`). */
export function backupsDirOf(dataRoot: string): string {
  return path.join(dataRoot, "backups");
}

/** A free name for a backup made at `at`: the minute's, else with its seconds. */
export function freeBackupPath(dir: string, kind: BackupKind, at: Date): string {
  for (const withSeconds of [false, true]) {
    const file = path.join(dir, backupFileName(kind, at, withSeconds));
    if (!fs.existsSync(file) && !fs.existsSync(`${file}.partial`)) return file;
  }
  throw new Error(`Já existe um backup de ${at.toISOString()} em ${dir}.`);
}

/**
 * A base backup of the embedded server (data directory `dataDir`) into `dir`; its path.
 * `databaseUrl` is the app's; the backup itself logs in as the server's superuser (from the
 * credentials file in `dataDir`): pg_backup_start and replication slots are not for the app's role.
 */
export async function backupEmbedded(databaseUrl: string, dataDir: string, dir: string, at = new Date()): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = freeBackupPath(dir, "base", at);
  await writeBaseBackup(asEmbeddedSuperuser(databaseUrl, dataDir), dataDir, file);
  return file;
}

/** A pg_dump (custom format) of DATABASE_URL's database into `dir`; its path. */
export async function backupWithPgDump(databaseUrl: string, dir: string, at = new Date()): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = freeBackupPath(dir, "dump", at);
  await writeDump(databaseUrl, file);
  return file;
}

const DAY_MS = 86_400_000;

/**
 * Deletes the backups in `dir` that the retention rule lets go, and the `.partial` files of
 * backups that died more than a day ago. Returns the names deleted.
 */
export async function pruneBackups(dir: string, now = new Date()): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const stale: string[] = [];
  for (const name of names.filter((n) => n.startsWith("agenda-") && n.endsWith(".partial"))) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > DAY_MS) stale.push(name);
  }
  const doomed = [...backupsToDelete(names), ...stale];
  for (const name of doomed) await fsp.rm(path.join(dir, name), { force: true });
  return doomed;
}

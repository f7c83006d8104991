import path from "node:path";
import { backupEmbedded, backupsDirOf, pruneBackups } from "@/lib/core/backups/backups";

/**
 * The 'db_backup' cron job (03:00 in the business zone, once across the app's processes:
 * graphile-worker's cron keys each run by its time), scheduled only when the app runs on the
 * embedded database (`EMBEDDED_PG_DATA`, set by scripts/start.ts): a base backup into
 * `.data/backups`, named by the run's scheduled time, then 7 daily and 4 weekly copies kept.
 */
export async function runDailyBackup(at: Date): Promise<{ file: string; deleted: string[] } | null> {
  const dataDir = process.env.EMBEDDED_PG_DATA;
  const url = process.env.DATABASE_URL;
  if (!dataDir || !url) return null;
  const dir = backupsDirOf(path.dirname(dataDir));
  const file = await backupEmbedded(url, dataDir, dir, at);
  const deleted = await pruneBackups(dir, at);
  console.log(`[backup] ${path.basename(file)} criado${deleted.length ? `; removidos: ${deleted.join(", ")}` : ""}`);
  return { file, deleted };
}

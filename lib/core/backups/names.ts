/**
 * Backup files' names and which of them to keep: plain functions (names.test.ts). A backup is
 * named by its business-zone date and time, `agenda-2026-11-27T0300.base.tar.gz` (the embedded
 * server's base backup) or `agenda-2026-11-27T0300.dump` (pg_dump's custom format, DATABASE_URL);
 * a second backup in the same minute gets its seconds, `agenda-2026-11-27T030012.dump`.
 */
import { addDays, dayOfWeek, isDateOnly } from "@/lib/core/time/business-date";
import { instantToBusinessParts } from "@/lib/core/time/business-time";

export type BackupKind = "base" | "dump";

const EXTENSION: Record<BackupKind, string> = { base: ".base.tar.gz", dump: ".dump" };
const NAME_RE = /^agenda-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})?\.(base\.tar\.gz|dump)$/;

/** How many of the newest days and weeks keep their newest backup. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

export type ParsedBackup = { name: string; kind: BackupKind; date: string; stamp: string };

/** The file name of a backup made at `at` (business zone); `withSeconds` when the minute's name is taken. */
export function backupFileName(kind: BackupKind, at: Date, withSeconds = false): string {
  const { date, time } = instantToBusinessParts(at);
  const seconds = withSeconds ? String(at.getUTCSeconds()).padStart(2, "0") : "";
  return `agenda-${date}T${time.replace(":", "")}${seconds}${EXTENSION[kind]}`;
}

/** A backup's date and sortable stamp from its name; null for any other file. */
export function parseBackupName(name: string): ParsedBackup | null {
  const m = NAME_RE.exec(name);
  if (!m || !isDateOnly(m[1])) return null;
  const [, date, hh, mm, ss = "00", ext] = m;
  return { name, kind: ext === "dump" ? "dump" : "base", date, stamp: `${date}T${hh}${mm}${ss}` };
}

/** The Monday of the (ISO) week a date falls in: the week's key. */
export function weekOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/**
 * The backups to delete among `names`: of the KEEP_DAILY most recent days that have a backup, the
 * newest backup of each day stays, and so does the newest of each of the KEEP_WEEKLY most recent
 * weeks that have one; every other backup goes. Counting days that *have* a backup (not calendar
 * days back from today) means a machine that stopped making backups for a month never deletes the
 * last ones it has. Files that are not backups are never named.
 */
export function backupsToDelete(names: readonly string[]): string[] {
  const backups = names.map(parseBackupName).filter((b): b is ParsedBackup => b !== null);
  backups.sort((a, b) => (a.stamp === b.stamp ? a.name.localeCompare(b.name) : a.stamp < b.stamp ? 1 : -1));
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of backups) {
    if (!days.has(b.date) && days.size < KEEP_DAILY) {
      days.add(b.date);
      keep.add(b.name);
    }
    const week = weekOf(b.date);
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) {
      weeks.add(week);
      keep.add(b.name);
    }
  }
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

/**
 * What `GET /api/health` checks, for a load balancer: the database answers, its migrations are the
 * ones this build ships (drizzle's journal, db/migrations/meta/_journal.json), and a job worker is
 * alive somewhere (a heartbeat in `job_workers` younger than the time after which the queue takes
 * a worker for dead, lib/core/jobs/queue.ts). The answer names the checks and says ok or fail,
 * nothing more: no versions, hosts or errors.
 */
import "server-only";
import type postgres from "postgres";
import journalFile from "@/db/migrations/meta/_journal.json";
import { DEAD_AFTER_S } from "@/lib/core/jobs/queue";

export type CheckName = "database" | "migrations" | "worker";
export type CheckResult = "ok" | "fail";
export type Health = { status: "ok" | "fail"; checks: Record<CheckName, CheckResult> };
export type Journal = { entries: readonly { when: number; tag: string }[] };

/** How long the checks may take before the database counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 3_000;

/**
 * Whether the database has every migration of the journal: drizzle's migrator records each
 * migration's journal `when` as `created_at` and applies those newer than the last it recorded,
 * so the database is current when its newest record is at least the journal's newest.
 */
export function migrationsCurrent(newestApplied: number | null, journal: Journal): boolean {
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  return newest === 0 || (newestApplied !== null && newestApplied >= newest);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function attempt<T>(p: () => Promise<T>, ms: number): Promise<T | null> {
  try {
    return await withTimeout(p(), ms);
  } catch {
    return null;
  }
}

/** Runs the three checks on `sql` (the app's pool); never throws. */
export async function checkHealth(sql: postgres.Sql, journal: Journal = journalFile, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  const reachable = await attempt(() => sql`select 1 as one`.then((r) => r.length === 1), timeoutMs);
  let migrations: CheckResult = "fail";
  let worker: CheckResult = "fail";
  if (reachable) {
    const [applied, alive] = await Promise.all([
      attempt(() => sql<{ newest: string | null }[]>`select max(created_at)::text as newest from drizzle.__drizzle_migrations`, timeoutMs),
      attempt(() => sql<{ alive: boolean }[]>`
        select exists(select 1 from job_workers where seen_at > now() - make_interval(secs => ${DEAD_AFTER_S})) as alive`, timeoutMs),
    ]);
    if (applied && migrationsCurrent(applied[0]?.newest == null ? null : Number(applied[0].newest), journal)) migrations = "ok";
    if (alive?.[0]?.alive) worker = "ok";
  }
  const checks: Record<CheckName, CheckResult> = { database: reachable ? "ok" : "fail", migrations, worker };
  return { status: Object.values(checks).every((c) => c === "ok") ? "ok" : "fail", checks };
}

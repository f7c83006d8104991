/**
 * The job queue: graphile-worker on the app's own PostgreSQL (docs/features/reminders.md, The queue). Jobs are rows added
 * by SQL in the transaction of the write that causes them (`graphile_worker.add_job`, see the
 * triggers of migration 0023), so a rolled-back write leaves no job and a committed one can't lose
 * its job. Every app instance runs workers (instrumentation.ts; or `npm run worker` alone); they
 * share the work through row locks (SKIP LOCKED) and wake on LISTEN/NOTIFY.
 *
 * No `server-only` here: `npm run worker` loads this under plain tsx.
 */
import { EventEmitter } from "node:events";
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import { connect } from "@/db/connect";

/** How often a worker says it is alive, and after how long without a word it is taken for dead. */
export const HEARTBEAT_MS = 5_000;
export const DEAD_AFTER_S = 20;

export type JobsOptions = {
  databaseUrl: string;
  tasks: TaskList;
  /** graphile-worker crontab lines (UTC: graphile-worker's cron reads UTC). */
  crontab?: string;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** Milliseconds between polls when no NOTIFY arrives (graphile-worker's default is 2 s). */
  pollInterval?: number;
};

export type Jobs = { runner: Runner; stop: () => Promise<void> };

function logger(): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error") console.error(`[fila] ${message}`);
    else if (level === "warning") console.warn(`[fila] ${message}`);
  });
}

/**
 * Starts this process's workers. Each worker's id is kept alive in `job_workers`; a worker that
 * stops saying so (a killed process) has its locked jobs freed by the others within
 * ~DEAD_AFTER_S, instead of graphile-worker's 4 hours, so a crash delays its jobs by seconds.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const events: WorkerEvents = new EventEmitter();
  const workerIds = new Set<string>();
  // Jobs are locked by the pool's id (graphile-worker fetches for the pool) or a worker's: both.
  events.on("pool:create", ({ workerPool }) => workerIds.add(workerPool.id));
  events.on("pool:release", ({ workerPool }) => workerIds.delete(workerPool.id));
  events.on("worker:create", ({ worker }) => workerIds.add(worker.workerId));
  events.on("worker:release", ({ worker }) => workerIds.delete(worker.workerId));

  const concurrency = options.concurrency ?? Number(process.env.JOBS_CONCURRENCY ?? 4);
  const runner = await run({
    connectionString: options.databaseUrl,
    concurrency,
    // One connection per job at once, plus its LISTEN and its bookkeeping.
    maxPoolSize: concurrency + 2,
    pollInterval: options.pollInterval ?? 2_000,
    noHandleSignals: true,
    taskList: options.tasks,
    crontab: options.crontab,
    logger: logger(),
    events,
  });

  const sql = connect(options.databaseUrl, { max: 1, onnotice: () => {}, idle_timeout: 30 });
  const beat = async () => {
    try {
      const ids = [...workerIds];
      if (ids.length) {
        await sql`insert into job_workers ${sql(ids.map((worker_id) => ({ worker_id })))}
                  on conflict (worker_id) do update set seen_at = now()`;
      }
      await sql.begin(async (tx) => {
        const dead = await tx<{ worker_id: string }[]>`
          delete from job_workers where seen_at < now() - make_interval(secs => ${DEAD_AFTER_S})
          returning worker_id`;
        if (dead.length) await tx`select graphile_worker.force_unlock_workers(${dead.map((d) => d.worker_id)}::text[])`;
      });
    } catch (e) {
      console.warn("[fila] falha ao registrar os workers", e);
    }
  };
  await beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      clearInterval(timer);
      // Taken before stopping: the pool's release empties the set, and these rows must go.
      const ids = [...workerIds];
      await runner.stop().catch((e) => console.warn("[fila] parada", e));
      if (ids.length) await sql`delete from job_workers where worker_id = any(${ids}::text[])`.catch(() => {});
      await sql.end({ timeout: 5 });
    })());
  return { runner, stop };
}

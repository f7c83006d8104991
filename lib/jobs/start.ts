import { startJobs, type Jobs } from "@/lib/core/jobs/queue";
import { jobsCrontab, JOB_TASKS } from "./tasks";

/**
 * Starts this process's job workers, unless JOBS=off (an instance that only serves pages, with
 * `npm run worker` elsewhere). One start per process, however many times it is asked.
 */
export async function startAppJobs(): Promise<Jobs | null> {
  const holder = globalThis as { __agendaJobs?: Promise<Jobs | null> };
  holder.__agendaJobs ??= (async () => {
    if (process.env.JOBS === "off" || !process.env.DATABASE_URL) return null;
    const jobs = await startJobs({ databaseUrl: process.env.DATABASE_URL, tasks: JOB_TASKS, crontab: jobsCrontab() });
    const stop = () => void jobs.stop();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    return jobs;
  })().catch((e) => {
    console.error("[fila] os jobs não iniciaram", e);
    return null;
  });
  return holder.__agendaJobs;
}

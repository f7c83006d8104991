/**
 * `npm run worker`: job workers only, no web server, for a deployment that runs them apart from
 * the app instances (those then run with JOBS=off). Same DATABASE_URL; stops on SIGTERM/SIGINT,
 * finishing the jobs in hand.
 */
import { startAppJobs } from "../lib/jobs/start";

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error("Defina DATABASE_URL: o worker usa o mesmo banco do app.");
    process.exit(1);
  }
  delete process.env.JOBS;
  const jobs = await startAppJobs();
  if (!jobs) process.exit(1);
  console.log("Worker de jobs em execução.");
  await jobs.runner.promise;
  process.exit(0);
}

void main();

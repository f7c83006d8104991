/**
 * Runs once when each server process starts (Next.js instrumentation): the job workers of this
 * app instance (lib/jobs/start.ts). Not while building, and never in the edge runtime.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startAppJobs } = await import("@/lib/jobs/start");
  await startAppJobs();
}

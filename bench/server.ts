/**
 * The production build the benchmark drives: built when missing (or BENCH_BUILD=1), served by
 * scripts/serve.ts on the benchmark's database with fixed secrets, as `npm start` would.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function ensureBuild() {
  if (fs.existsSync(path.join(process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID")) && process.env.BENCH_BUILD !== "1") return;
  console.log("Construindo a versão de produção (next build)…");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("next build falhou");
}

/** `nodeArgs`: node's own flags for the server and its workers (e.g. bench/profile-page.ts's --cpu-prof). */
export async function startServer(databaseUrl: string, port: number, nodeArgs: string[] = []): Promise<ChildProcess> {
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join("scripts", "serve.ts")], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env, DATABASE_URL: databaseUrl, APP_URL: base, NEXTAUTH_URL: base, PORT: String(port), NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789", NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      DATABASE_POOL_SIZE: "20", TRUSTED_PROXY_HOPS: "1",
      // The pages are measured without job workers beside them; the reminders part runs its own.
      JOBS: "off",
    },
  });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/auth`).then((r) => r.ok).catch(() => false);
    if (up) return child;
    if (child.exitCode !== null) throw new Error("O servidor parou ao iniciar.");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("O servidor não respondeu em 2 minutos.");
}

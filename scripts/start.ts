/**
 * `npm run dev` / `npm start`: without DATABASE_URL, starts the embedded PostgreSQL (data in
 * .data/pg), applies migrations, seeds the demo data into an empty database, then runs Next.js.
 * With DATABASE_URL it only applies migrations (never seeds demo accounts) and runs Next.js.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "../db/embedded";
import { runMigrations } from "../db/migrate";

const mode = process.argv[2] === "start" ? "start" : "dev";
const root = process.cwd();
const dataDir = path.join(root, ".data");
const lockFile = path.join(dataDir, "agenda.lock");
const port = Number(process.env.PORT ?? 3000);
const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One running app per .data folder: a second run says so instead of fighting over the database. */
function takeLock() {
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(lockFile)) {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid && alive(pid)) {
      console.error(
        `\nO Agenda já está rodando (processo ${pid}) com o banco embutido em ${path.join(dataDir, "pg")}.\n` +
          `Pare a outra execução (Ctrl+C) ou use outra pasta. Se o processo não existir mais, apague ${lockFile}.\n`,
      );
      process.exit(1);
    }
    console.log(`Removendo trava antiga de uma execução interrompida (processo ${pid}).`);
  }
  fs.writeFileSync(lockFile, String(process.pid));
}

function localSecret(): string {
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

async function main() {
  let server: EmbeddedServer | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!env.DATABASE_URL) {
    takeLock();
    console.log("DATABASE_URL não definida: iniciando o PostgreSQL embutido (.data/pg)…");
    server = await startEmbeddedPostgres(path.join(dataDir, "pg"), pgPort);
    await ensureDatabase(server.url("postgres"), "agenda");
    env.DATABASE_URL = server.socketUrl("agenda");
    // The app's job workers make the nightly backup of this server (lib/jobs/backup.ts).
    env.EMBEDDED_PG_DATA = path.join(dataDir, "pg");
  }
  await runMigrations(env.DATABASE_URL!);
  console.log("Migrações aplicadas.");
  if (server) {
    process.env.DATABASE_URL = env.DATABASE_URL;
    const { seedDemo } = await import("../db/seed");
    const { sqlClient } = await import("../db");
    const { created } = await seedDemo();
    await sqlClient().end();
    if (created) console.log("Dados de demonstração criados (senha de todas as contas: agenda123).");
  }
  // A local run (embedded database or `npm run dev`) may default APP_URL to this machine; a
  // production run on a real database must set it (scripts/serve.ts refuses to start without it).
  if (server || mode === "dev") env.APP_URL ??= `http://localhost:${port}`;
  if (env.APP_URL) env.NEXTAUTH_URL ??= env.APP_URL;
  env.AUTH_SECRET ??= env.NEXTAUTH_SECRET ?? localSecret();
  env.NEXTAUTH_SECRET ??= env.AUTH_SECRET;

  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  // Production runs scripts/serve.ts (Next.js's handler that also knows each request's socket address).
  const args = mode === "dev" ? [nextBin, "dev", "-p", String(port)] : ["--import", "tsx", path.join(root, "scripts", "serve.ts")];
  const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...env, PORT: String(port) } });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    child.kill("SIGTERM");
    if (server) await server.stop().catch(() => {});
    if (server) fs.rmSync(lockFile, { force: true });
    process.exit(code);
  };
  child.on("exit", (code) => void stop(code ?? 0));
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

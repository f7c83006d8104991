/**
 * The server Playwright tests run against: the production build (`next start`) over a fresh
 * embedded PostgreSQL with migrations and demo data. Writes e2e/.runtime.json so tests can reach
 * the database and the outbox directly.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from "../e2e/oidc-provider";
import { freePort } from "./free-port";

const port = Number(process.env.E2E_PORT ?? 3100);
const appUrl = `http://localhost:${port}`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-e2e-pg-"));
  const server = await startEmbeddedPostgres(dir, await freePort(), { durable: false });
  await ensureDatabase(server.url("postgres"), "agenda");
  const databaseUrl = server.url("agenda");
  await runMigrations(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  const { seedDemo } = await import("../db/seed");
  const { sqlClient } = await import("../db");
  await seedDemo();
  await sqlClient().end();

  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-e2e-outbox-"));
  // A real local OpenID Connect provider plays Google (AUTH_GOOGLE_ISSUER points the app at it).
  const oidc = await startOidcProvider({ port: await freePort(), appUrl });
  fs.writeFileSync(
    path.join("e2e", `.runtime-${port}.json`),
    JSON.stringify({ databaseUrl, outbox, appUrl, oidcIssuer: oidc.issuer }, null, 2),
  );

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    OUTBOX_DIR: outbox,
    ADMIN_EMAILS: "admin@exemplo.com.br, Plataforma.Admin@Exemplo.com.br",
    AUTH_GOOGLE_ID: OIDC_CLIENT_ID,
    AUTH_GOOGLE_SECRET: OIDC_CLIENT_SECRET,
    AUTH_GOOGLE_ISSUER: oidc.issuer,
    TZ: "Asia/Tokyo",
  };
  delete env.SMTP_URL;
  // The production server of `npm start` (Next.js's handler + each request's socket address).
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], {
    stdio: "inherit",
    // As `npm start` runs it: one worker per CPU (WEB_CONCURRENCY may override).
    env: { ...env, PORT: String(port), NODE_ENV: "production" },
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await oidc.stop().catch(() => {});
    await server.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

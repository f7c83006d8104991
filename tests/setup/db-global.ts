import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dropDatabase, ensureDatabase, startEmbeddedPostgres, withDatabase, type EmbeddedServer } from "../../db/embedded";
import { runMigrations } from "../../db/migrate";
import { freePort } from "../../scripts/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The same database over the embedded server's Unix-domain socket; null on a DATABASE_URL server. */
    databaseSocketUrl: string | null;
  }
}

/**
 * One fresh database per test run, with the committed migrations applied (each worker then works on
 * a copy of its own: tests/setup/db-worker.ts): on the server of
 * DATABASE_URL when it is set, else on an embedded PostgreSQL started for this run, where the
 * tests connect as the app's role, as the app does (no superuser; it may create databases).
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, "postgres");
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-it-pg-"));
    server = await startEmbeddedPostgres(dir, await freePort(), { durable: false });
    adminUrl = server.url("postgres");
  }
  const database = `agenda_test_${Date.now()}_${process.pid}`;
  await ensureDatabase(adminUrl, database);
  const url = withDatabase(adminUrl, database);
  await runMigrations(url);
  project.provide("databaseUrl", url);
  project.provide("databaseSocketUrl", server ? server.socketUrl(database) : null);

  return async () => {
    // The workers' copies (tests/setup/db-worker.ts), then the template.
    for (let i = 1; i <= 16; i++) await dropDatabase(adminUrl, `${database}_w${i}`).catch(() => {});
    await dropDatabase(adminUrl, database).catch(() => {});
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

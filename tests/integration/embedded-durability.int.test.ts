/**
 * The embedded server that `npm run dev`, `npm start` and `npm run bench` start keeps PostgreSQL's
 * durability (a committed booking survives a power cut); only a throw-away test database turns it
 * off, and only by asking for it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { startEmbeddedPostgres, type EmbeddedOptions } from "@/db/embedded";
import { freePort } from "@/scripts/free-port";

async function settings(options?: EmbeddedOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-durability-pg-"));
  const server = await startEmbeddedPostgres(dir, await freePort(), options);
  const sql = postgres(server.url("postgres"), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ name: string; setting: string }[]>`
      select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`;
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await sql.end();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the embedded PostgreSQL's durability", () => {
  test("by default (the app's own server): fsync, synchronous_commit and full_page_writes on", async () => {
    expect(await settings()).toEqual({ fsync: "on", full_page_writes: "on", synchronous_commit: "on" });
  });

  test("off only when a throw-away test database asks for it", async () => {
    expect(await settings({ durable: false })).toMatchObject({ fsync: "off", synchronous_commit: "on" });
  });

  test("the app's start and the benchmark never ask for it", () => {
    for (const file of ["scripts/start.ts", "bench/database.ts"]) {
      expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/durable:\s*false|fsync/);
    }
  });
});

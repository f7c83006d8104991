/**
 * The embedded database recovers from a killed run without losing committed data (db/embedded.ts).
 * A child process starts the server on a temporary folder and commits rows, then is killed with
 * SIGKILL — alone (its postgres is left running, holding the folder: the next start must stop it)
 * or together with the postgres process (the next start must recover from the crash). Either way
 * the next start on the same folder comes up with every committed row, and nothing of the
 * transaction that was open.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterEach, expect, test } from "vitest";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/db/embedded";
import { freePort } from "@/scripts/free-port";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number) {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  expect(alive(pid), `processo ${pid} ainda vivo`).toBe(false);
}

/** Starts the child run; resolves when its rows are committed, with its pid and the postmaster's. */
async function ownerRun(dir: string, port: number, rows: number) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "integration", "embedded-owner.ts"), dir, String(port), String(rows)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const ready = await new Promise<{ postmasterPid: number; committed: number }>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
    child.on("exit", (code) => reject(new Error(`a execução terminou (${code}) antes de ficar pronta: ${err}`)));
  });
  cleanups.push(async () => {
    if (alive(child.pid!)) child.kill("SIGKILL");
    if (alive(ready.postmasterPid)) process.kill(ready.postmasterPid, "SIGKILL");
  });
  return { child, ...ready };
}

async function restartAndRead(dir: string, port: number) {
  const server: EmbeddedServer = await startEmbeddedPostgres(dir, port);
  cleanups.push(() => server.stop());
  const sql = postgres(server.url("recovery"), { max: 1, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 1 }));
  return sql<{ n: number; note: string }[]>`select n, note from kept order by n`;
}

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-pg-recovery-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const committed = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i + 1, note: "committed" }));

test("app run killed, its postgres left running: the next start stops it and has every committed row", async () => {
  const dir = tempDir();
  const port = await freePort();
  const run = await ownerRun(dir, port, 200);
  run.child.kill("SIGKILL");
  await gone(run.child.pid!);
  expect(alive(run.postmasterPid), "o postgres sobrevive ao processo que o iniciou").toBe(true);

  expect(await restartAndRead(dir, port)).toEqual(committed(run.committed));
  await gone(run.postmasterPid);
});

test("app run and its postgres both killed (SIGKILL): the next start recovers the crash with every committed row, twice over", async () => {
  const dir = tempDir();
  const port = await freePort();
  const first = await ownerRun(dir, port, 150);
  process.kill(first.postmasterPid, "SIGKILL");
  first.child.kill("SIGKILL");
  await gone(first.child.pid!);
  await gone(first.postmasterPid);

  // Killed again right after a crash recovery, with more rows committed on top.
  const second = await ownerRun(dir, port, 50);
  expect(second.committed).toBe(200);
  process.kill(second.postmasterPid, "SIGKILL");
  second.child.kill("SIGKILL");
  await gone(second.child.pid!);
  await gone(second.postmasterPid);

  expect(await restartAndRead(dir, port)).toEqual(committed(200));
});

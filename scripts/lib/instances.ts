/**
 * The one way the end-to-end run starts app instances and the nginx in front of them: the e2e
 * server (scripts/e2e-server.ts: instances A and B behind nginx on E2E_PORT) and the failover test
 * (e2e/two-instances.spec.ts: a pair of its own, one of which it kills) both use these.
 *
 * An instance is `scripts/serve.ts` on the production build (NEXT_DIST_DIR), the process `npm
 * start` runs. nginx runs from a temporary prefix with deploy/nginx.conf, the README's file, as its
 * site: only the listen address and the instances are filled in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

/** The action-encryption key every instance of the e2e run shares (base64 of 32 bytes; a test value). */
export const E2E_ACTIONS_KEY = "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs=";

export type Running = {
  name: string;
  url: string;
  pid: number;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
};

function exitOf(child: ChildProcess): Promise<number | string | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once("exit", (code, signal) => resolve(code ?? signal));
  });
}

function stopper(child: ChildProcess, exited: Promise<unknown>) {
  return async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => killTree(child.pid!), graceMs);
    await exited;
    clearTimeout(timer);
  };
}

/** The process ids under `pid` (Linux /proc), deepest first. */
function descendants(pid: number): number[] {
  let kids: number[] = [];
  try {
    kids = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return kids.flatMap((k) => [...descendants(k), k]);
}

/** SIGKILL to a process and everything under it at once: a machine that dies, not one that stops. */
export function killTree(pid: number) {
  for (const p of [...descendants(pid), pid]) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/** Polls `url` until it answers any HTTP status; fails when `exited` settles first or after `ms`. */
async function answering(url: string, exited: Promise<unknown>, what: string, ms = 120_000) {
  let gone = false;
  void exited.then(() => (gone = true));
  const end = Date.now() + ms;
  for (;;) {
    if (gone) throw new Error(`${what} parou antes de responder.`);
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      if (Date.now() > end) throw new Error(`${what} não respondeu em ${ms / 1000} s.`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * One app instance (`scripts/serve.ts`, one worker process) on `port`, with `env` (DATABASE_URL,
 * APP_URL, AUTH_SECRET…). Resolves once it answers HTTP.
 */
export async function startInstance(opts: {
  name: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Its stdout left out (stderr still shown). */
  quiet?: boolean;
  /** Everything it prints goes here instead (the fault tests keep it for their reports). */
  onOutput?: (text: string) => void;
}): Promise<Running> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], {
    stdio: opts.onOutput ? ["ignore", "pipe", "pipe"] : opts.quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: { ...opts.env, PORT: String(opts.port), NODE_ENV: "production", WEB_CONCURRENCY: "1" },
  });
  if (opts.onOutput) {
    child.stdout!.on("data", (d: Buffer) => opts.onOutput!(String(d)));
    child.stderr!.on("data", (d: Buffer) => opts.onOutput!(String(d)));
  }
  const exited = exitOf(child);
  const url = `http://localhost:${opts.port}`;
  await answering(`${url}/api/health`, exited, `A instância ${opts.name}`);
  return { name: opts.name, url, pid: child.pid!, exited, stop: stopper(child, exited) };
}

/** deploy/nginx.conf with its placeholders filled in (AGENDA_LISTEN, AGENDA_INSTANCE_1, …). */
export function nginxSite(values: Record<string, string>): string {
  const template = fs.readFileSync(path.join(process.cwd(), "deploy", "nginx.conf"), "utf8");
  const site = template.replace(/\$\{(AGENDA_[A-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf: ${whole} sem valor.`);
    return values[name];
  });
  return site;
}

/**
 * The prefixes of nginx runs killed without cleaning up (Playwright ends its web server with SIGKILL):
 * older than ten minutes and no live nginx behind their pid file.
 */
function sweepStaleNginxDirs() {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("agenda-nginx-"))) {
    const dir = path.join(os.tmpdir(), name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs < 10 * 60_000) continue;
      const pid = Number(fs.readFileSync(path.join(dir, "nginx.pid"), "utf8").trim());
      if (pid > 0) {
        try {
          process.kill(pid, 0);
          continue;
        } catch {
          /* gone */
        }
      }
    } catch {
      /* no pid file: never started, or already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * nginx on 127.0.0.1:`port`, round robin over `upstreams` ("127.0.0.1:3501", …), run from a
 * temporary prefix (its logs, pid and temp files there) in the foreground. Resolves once it answers.
 */
export async function startNginx(opts: { port: number; upstreams: [string, string] }): Promise<Running & { dir: string }> {
  sweepStaleNginxDirs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-nginx-"));
  // nginx started as root runs its worker as nobody, which must reach the temp paths.
  fs.chmodSync(dir, 0o755);
  const [a, b] = opts.upstreams;
  fs.writeFileSync(path.join(dir, "agenda.conf"), nginxSite({ AGENDA_LISTEN: `127.0.0.1:${opts.port}`, AGENDA_INSTANCE_1: a, AGENDA_INSTANCE_2: b }));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${path.join(dir, `${t}_temp`)};`).join("\n");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      `error_log ${path.join(dir, "error.log")} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log off;`,
      temp,
      `  include ${path.join(dir, "agenda.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX_BIN, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", `daemon off; pid ${path.join(dir, "nginx.pid")};`], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = exitOf(child);
  const url = `http://localhost:${opts.port}`;
  const stopNginx = stopper(child, exited);
  try {
    await answering(`${url}/api/health`, exited, "O nginx");
  } catch (e) {
    await stopNginx(2_000);
    throw e;
  }
  return {
    name: "nginx", url, pid: child.pid!, exited, dir,
    async stop(graceMs) {
      await stopNginx(graceMs);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

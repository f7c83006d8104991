/**
 * The production HTTP server (`npm start`, the e2e tests): Next.js's own request handler behind a
 * plain Node server, for one reason: Next.js 16 hands route handlers, server actions and
 * next-auth's authorize() the request's headers but never its socket, and `next start` keeps a
 * client-sent X-Forwarded-For. Here every request gets the socket's address in PEER_HEADER
 * (overwriting any value the client sent), which lib/core/net/client-address.ts then believes.
 * It also refuses to start with a wrong configuration (lib/core/config/env.ts), and screens what
 * Next would read as a server action before Next reads it (lib/core/http/action-body.ts,
 * action-screen.ts): another site's Origin 403, a body over the limit 413, a body Next could not
 * decode (not JSON, nested too deep, a truncated multipart) 400, each with a short Portuguese text;
 * Next answered each with a 500 and logged its stack; and a method other than GET or HEAD on a
 * static file 405 (Next: 500; lib/core/http/static-files.ts). Every other request goes to Next
 * untouched.
 *
 * One Node process renders one page at a time, so it runs WEB_CONCURRENCY worker processes
 * (default: one per CPU) that share the port (node:cluster). Nothing is kept per process that
 * another must see: sessions are cookies, rate limits and realtime go through PostgreSQL.
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import next from "next";
import { envProblems } from "../lib/core/config/env";
import { ACTION_BODY_LIMIT_BYTES, actionBodyRefusal, actionRequestKind, originRefusal, REFUSALS } from "../lib/core/http/action-body";
import { screenActionBody } from "../lib/core/http/action-screen";
import { STATIC_SECURITY_HEADERS } from "../lib/core/http/security-headers";
import { METHOD_NOT_ALLOWED, publicFilePaths, staticFileMethodRefused } from "../lib/core/http/static-files";
import { markPeerHeaderTrusted, PEER_HEADER } from "../lib/core/net/client-address";

/** The whole configuration checked at once; a wrong one stops the start with every reason. */
function checkEnv() {
  const problems = envProblems();
  if (problems.length) {
    console.error(`\nConfiguração inválida:\n${problems.map((p) => `- ${p}`).join("\n")}\n`);
    process.exit(1);
  }
}

async function serve() {
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOSTNAME || undefined;
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  markPeerHeaderTrusted();
  // A refusal carries the headers every answer of Next carries (next.config.ts), which it never reaches.
  const headers = { ...Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value])), "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  const refuse = (res: http.ServerResponse, refused: { status: number; message: string }) => res.writeHead(refused.status, headers).end(refused.message);
  const publicFiles = publicFilePaths(path.join(process.cwd(), "public"));
  // After a refusal the client may still be sending: the rest is discarded so it can read the answer
  // (closing now would break its write), but never more than a few limits' worth.
  const discard = (req: http.IncomingMessage) => {
    let discarded = 0;
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > 4 * ACTION_BODY_LIMIT_BYTES) req.socket.destroy();
    });
  };
  const server = http.createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    if (staticFileMethodRefused(req.method, req.url, publicFiles)) {
      res.setHeader("allow", "GET, HEAD");
      refuse(res, METHOD_NOT_ALLOWED);
      return void discard(req);
    }
    const kind = actionRequestKind(req.method, req.url, req.headers);
    if (!kind) return void handle(req, res);
    const refused = originRefusal(req.headers) ?? actionBodyRefusal(req.headers);
    if (refused) {
      refuse(res, refused);
      return void discard(req);
    }
    screenActionBody(req, kind).then(
      (screened) => {
        if ("refused" in screened) refuse(res, screened.refused);
        else if ("request" in screened) void handle(screened.request, res);
      },
      (e: unknown) => {
        console.error("[servidor] falha ao ler o corpo de uma ação", e);
        if (!res.headersSent) refuse(res, REFUSALS.malformed);
      },
    );
  });
  // Next.js logs uncaught errors without exiting: a port in use must stop the server.
  server.on("error", (e) => {
    console.error(e);
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    if ((cluster.worker?.id ?? 1) === 1) console.log(`Agenda pronto em ${process.env.APP_URL} (porta ${port}).`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * V8's young generation per worker, in MiB per semi-space (Node's default is 16). A page render
 * allocates a few MiB that die with the request, but at 10 requests in flight a 16 MiB space fills
 * while they are all alive: each scavenge copied their trees and promoted them to the old space,
 * for a mark-sweep later. With 64 the agenda took ~12 % less CPU per view (11.4 against 13.1–14.3
 * ms, 800 views on one worker, three runs each) for ~150 MiB more memory per worker; 32 did not
 * help and 128 did no better. The minimum is the same size: V8 shrinks an idle worker's young
 * generation and grows it back on the next burst, and an idle server then grew by its size when a
 * burst came (the audit CSV's three downloads after a pause: 57 MiB, against 0–10 with the default
 * 16). Kept at its size, it is part of the worker's memory from the start and a burst grows nothing.
 * NODE_OPTIONS or node's own flags may set another size.
 */
const SEMI_SPACE_MIB = 64;

function workerFlags(): string[] {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes("--max-semi-space-size"));
  return given ? process.execArgv : [...process.execArgv, `--min-semi-space-size=${SEMI_SPACE_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`];
}

/**
 * Forks the workers and replaces one that dies after it served; one that dies while starting
 * (a missing build, a port in use) stops the whole server instead of looping.
 */
function supervise(count: number) {
  let stopping = false;
  let failure = 0;
  const listening = new Set<number>();
  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping || !listening.has(worker.id)) {
      if (!stopping) failure = code || 1;
      stop();
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failure);
      return;
    }
    console.error(`Processo ${worker.process.pid} parou (${signal ?? code}); iniciando outro.`);
    cluster.fork();
  });
  function stop() {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
  }
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  cluster.setupPrimary({ execArgv: workerFlags() });
  for (let i = 0; i < count; i++) cluster.fork();
}

(process.env as Record<string, string>).NODE_ENV ??= "production";
const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
if (cluster.isPrimary) checkEnv();
// Even one worker is a forked process: it gets the heap flags above.
if (cluster.isPrimary) supervise(workers);
else
  serve().catch((e) => {
    console.error(e);
    process.exit(1);
  });

/**
 * The production HTTP server (`npm start`, the e2e tests): Next.js's own request handler behind a
 * plain Node server, for one reason: Next.js 16 hands route handlers, server actions and
 * next-auth's authorize() the request's headers but never its socket, and `next start` keeps a
 * client-sent X-Forwarded-For. Here every request gets the socket's address in PEER_HEADER
 * (overwriting any value the client sent), which lib/net/client-address.ts then believes.
 * It also refuses to start without a right APP_URL (lib/config/app-url.ts).
 */
import http from "node:http";
import next from "next";
import { appUrlProblem } from "../lib/config/app-url";
import { markPeerHeaderTrusted, PEER_HEADER } from "../lib/net/client-address";

async function main() {
  (process.env as Record<string, string>).NODE_ENV ??= "production";
  const problem = appUrlProblem(process.env.APP_URL);
  if (problem) {
    console.error(`\n${problem}\n`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOSTNAME || undefined;
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  markPeerHeaderTrusted();
  const server = http.createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    void handle(req, res);
  });
  server.listen(port, hostname, () => {
    console.log(`Agenda pronto em ${process.env.APP_URL} (porta ${port}).`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

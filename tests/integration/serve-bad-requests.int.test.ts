/**
 * The production server (scripts/serve.ts over the `next build` output) with bad requests, over
 * real HTTP (issue 50, items 6 and 8). Next.js answered each of these with a 500 (and its own
 * English error): a multipart POST over the action limit without Next-Action (a page reads it as a
 * form posted before the scripts load), and, with Next-Action, a body that is not JSON, a truncated
 * multipart, JSON nested 5,000 deep, and another site's Origin. Each now gets 400, 403 or 413 with a
 * short Portuguese text and no stack; the same actions, sent well formed (as text and as multipart),
 * still reach Next. And a wrong field type sent to every public action answers in Portuguese, as the
 * production bundle runs it (zod's own English came out there: the pipeline's Portuguese messages
 * were a side-effect import the bundler dropped).
 *
 * Needs the build (`npx next build`, in NEXT_DIST_DIR or .next); without one it is skipped, saying so.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { freePort } from "@/scripts/free-port";
import { startInstance, type Running } from "@/scripts/lib/instances";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/core/http/action-body";
import { serverActions } from "./server-surface";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, process.env.NEXT_DIST_DIR ?? ".next");
const BUILT = fs.existsSync(path.join(DIST, "BUILD_ID")) && fs.existsSync(path.join(DIST, "server", "server-reference-manifest.json"));
if (!BUILT) console.warn(`[serve-bad-requests] pulado: não há build de produção em ${DIST} (rode \`npx next build\`).`);

/** zod's English fallback texts (v4 and v3), and the marks of a leaked exception. */
const ZOD_ENGLISH = /Invalid input|expected \w+, received|Too (big|small)|Unrecognized key|Invalid (option|string|email|uuid|date|element|key|union)|Required\b|Expected \w+/;
const STACK = /\n\s+at |Error:|node_modules|\.next\/server|webpack|turbopack/i;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

// Kept alive, as browsers keep their connections: the server may answer an oversized body before
// reading it and go on discarding the rest (with "Connection: close" it would close the socket on the
// client still writing).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One raw request: the bytes as given (no client fixes up a length or a body). */
function send(url: string, opts: { method?: string; path: string; headers: Record<string, string | number>; body?: Buffer | string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(opts.path, url);
    // Declared, as browsers do (Node's client sends a DELETE's body unframed otherwise).
    const headers = opts.body === undefined || "content-length" in opts.headers ? opts.headers : { ...opts.headers, "content-length": Buffer.byteLength(opts.body) };
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? "POST", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // The server may answer before reading an oversized body and drop the rest: the answer still counts.
    req.on("error", (e) => reject(e));
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

/** The build's server actions: export name and file → id and the page routes that hold it. */
function manifest(): Map<string, { id: string; pages: string[] }> {
  const m = JSON.parse(fs.readFileSync(path.join(DIST, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string; workers: Record<string, unknown> }>;
  };
  const out = new Map<string, { id: string; pages: string[] }>();
  for (const [id, a] of Object.entries(m.node)) {
    const pages = Object.keys(a.workers).filter((w) => w.endsWith("/page")).map(routeOf);
    out.set(`${a.filename}#${a.exportedName}`, { id, pages });
  }
  return out;
}

/** "app/(auth)/auth/page" → "/auth"; "app/agendar/[slug]/page" → "/agendar/x". */
function routeOf(worker: string): string {
  const parts = worker.replace(/^app\//, "").replace(/\/?page$/, "").split("/").filter((p) => p && !/^\(.*\)$/.test(p));
  return "/" + parts.map((p) => (/^\[.*\]$/.test(p) ? "x" : p)).join("/");
}

function expectPlainRefusal(where: string, a: Answer, status: number) {
  expect(a.status, `${where}: ${a.text.slice(0, 300)}`).toBe(status);
  expect(a.headers["content-type"], where).toMatch(/^(text\/plain|application\/json)/);
  expect(a.headers["x-content-type-options"], where).toBe("nosniff");
  expect(a.text.trim().length, where).toBeGreaterThan(0);
  expect(a.text, where).not.toMatch(STACK);
  expect(a.text, where).not.toMatch(ZOD_ENGLISH);
  expect(a.text.length, where).toBeLessThan(300);
}

const multipart = (boundary: string, fields: [string, string][], close = true) =>
  fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + (close ? `--${boundary}--\r\n` : "");

describe.skipIf(!BUILT)("the production server, bad requests", () => {
  let server: Running;
  let url: string;
  let output = "";
  let join: { id: string; path: string };
  let headers: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://localhost:${port}`;
    server = await startInstance({
      name: "serve-bad-requests",
      port,
      env: {
        ...process.env,
        APP_URL: url,
        NEXTAUTH_URL: url,
        NEXTAUTH_SECRET: process.env.AUTH_SECRET,
        TRUSTED_PROXY_HOPS: "0",
        // The database is this test run's, shared with the other test files: this server takes none of their jobs.
        JOBS: "off",
        NEXT_DIST_DIR: path.relative(ROOT, DIST),
      },
      onOutput: (t) => (output += t),
    });
    const entry = manifest().get("lib/waitlist/actions.ts#joinWaitlistAction");
    if (!entry) throw new Error("joinWaitlistAction não está no build");
    join = { id: entry.id, path: entry.pages.find((p) => p.startsWith("/agendar/x")) ?? entry.pages[0] };
    headers = { "next-action": join.id, accept: "text/x-component", origin: url, "content-type": "text/plain;charset=UTF-8" };
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  const wrongTypes = JSON.stringify([{ slug: ["x"], name: ["Ana"], phone: 65, email: {}, dates: "2031-01-01", timeFrom: [], timeUntil: true, serviceIds: "x", professionalId: 1 }]);

  test("well formed, as text and as multipart, an action still reaches Next and answers 200", async () => {
    const text = await send(url, { path: join.path, headers, body: wrongTypes });
    expect(text.status, text.text.slice(0, 500)).toBe(200);
    expect(text.text).toContain('"ok":false');
    const b = "----agendaform1";
    const form = await send(url, { path: join.path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${b}` }, body: multipart(b, [["0", wrongTypes]]) });
    expect(form.status, form.text.slice(0, 500)).toBe(200);
    expect(form.text).toContain('"ok":false');
    // With a file, as a professional's photo goes (a part before the root that names it).
    const photo = `--${b}\r\nContent-Disposition: form-data; name="1"; filename="blob"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(100_000)}\r\n`;
    const withFile = await send(url, { path: join.path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${b}` }, body: photo + multipart(b, [["0", '[{"slug":"x","name":"$B1"}]']]) });
    expect(withFile.status, withFile.text.slice(0, 500)).toBe(200);
    expect(withFile.text).toContain('"ok":false');
  });

  test("item 6: a body that is not JSON, with Next-Action → 400", async () => {
    for (const body of ['[{"slug":', "not json", "{", "\u0000\u0001"]) {
      expectPlainRefusal(`body ${JSON.stringify(body)}`, await send(url, { path: join.path, headers, body }), 400);
    }
  });

  test("item 6: JSON nested 5,000 deep, with Next-Action, as text and in a multipart field → 400", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expectPlainRefusal("deep text", await send(url, { path: join.path, headers, body: deep }), 400);
    const objects = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    expectPlainRefusal("deep objects", await send(url, { path: join.path, headers, body: `[${objects}]` }), 400);
    const b = "----agendaform2";
    expectPlainRefusal("deep multipart", await send(url, { path: join.path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${b}` }, body: multipart(b, [["0", deep]]) }), 400);
  });

  test("item 6: a truncated multipart, with Next-Action → 400; a multipart without its boundary → 400", async () => {
    const b = "----agendaform3";
    const whole = multipart(b, [["0", wrongTypes], ["1_name", "Ana"]]);
    for (const cut of [whole.length - 10, whole.length - 30, 20]) {
      const body = whole.slice(0, cut);
      expectPlainRefusal(`cut at ${cut}`, await send(url, { path: join.path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${b}` }, body }), 400);
    }
    expectPlainRefusal("no boundary", await send(url, { path: join.path, headers: { ...headers, "content-type": "multipart/form-data" }, body: whole }), 400);
    // A file part cut short (a photo): refused, and the server lives on.
    const photo = `--${b}\r\nContent-Disposition: form-data; name="1"; filename="blob"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(5000)}`;
    expectPlainRefusal("file cut", await send(url, { path: join.path, headers: { ...headers, "content-type": `multipart/form-data; boundary=${b}` }, body: multipart(b, [["0", '["$B1"]']], false) + photo }), 400);
    expect((await send(url, { path: join.path, headers, body: wrongTypes })).status).toBe(200);
  });

  test("item 6: another site's Origin (or a malformed one), with Next-Action or as a form → 403", async () => {
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null", "evil", "http://[::1"]) {
      expectPlainRefusal(`Origin ${origin}`, await send(url, { path: join.path, headers: { ...headers, origin }, body: wrongTypes }), 403);
    }
    const b = "----agendaform4";
    expectPlainRefusal("form from another site", await send(url, { path: "/auth", headers: { origin: "https://evil.example", "content-type": `multipart/form-data; boundary=${b}` }, body: multipart(b, [["$ACTION_ID_x", ""]]) }), 403);
  });

  test("item 6: a 5 MB multipart POST without Next-Action → 413, before it is read; a small one that names no action → 400", async () => {
    const b = "----agendaform5";
    const big = multipart(b, [["campo", "a".repeat(5 * 1024 * 1024)]]);
    expect(big.length).toBeGreaterThan(ACTION_BODY_LIMIT_BYTES);
    for (const p of ["/", "/auth", join.path]) {
      expectPlainRefusal(`5 MB to ${p}`, await send(url, { path: p, headers: { origin: url, "content-type": `multipart/form-data; boundary=${b}` }, body: big }), 413);
    }
    // Next answered it with its own English 400 ('Invalid Server Action request.') and logged an error.
    expectPlainRefusal("small, no action", await send(url, { path: "/auth", headers: { origin: url, "content-type": `multipart/form-data; boundary=${b}` }, body: multipart(b, [["campo", "a"]]) }), 400);
  });

  test("item 6: next-auth's endpoints with a malformed JSON body → 400 (next-auth's req.json() threw: a 500)", async () => {
    for (const p of ["/api/auth/callback/credentials", "/api/auth/signout", "/api/auth/session"]) {
      for (const body of ["{", "not json", '{"email":']) {
        expectPlainRefusal(`${p} ${JSON.stringify(body)}`, await send(url, { path: p, headers: { origin: url, "content-type": "application/json" }, body }), 400);
      }
    }
    // Well formed, it still reaches next-auth (a CSRF-less sign-in is sent back to the login page, not a 5xx).
    const good = await send(url, { path: "/api/auth/callback/credentials", headers: { origin: url, "content-type": "application/json" }, body: '{"email":"a@b.c","password":"x"}' });
    expect(good.status).toBeLessThan(500);
  });

  test("item 6: another method than GET or HEAD on a static file → 405 (Next answered 500); reading it still works", async () => {
    const chunk = fs.readdirSync(path.join(DIST, "static", "chunks")).find((f) => f.endsWith(".js"))!;
    for (const p of ["/logo.svg", `/_next/static/chunks/${chunk}`]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const a = await send(url, { method, path: p, headers: { "content-type": "text/plain" }, body: "oi" });
        expectPlainRefusal(`${method} ${p}`, a, 405);
        expect(a.headers.allow).toBe("GET, HEAD");
      }
      expect((await send(url, { method: "GET", path: p, headers: {} })).status, p).toBe(200);
    }
  });

  test("item 8: wrong field types to every public action answer in Portuguese, never zod's English", async () => {
    const built = manifest();
    const publicActions = [...(await serverActions()).values()].filter((a) => a.fn.pipeline?.level === "public");
    expect(publicActions.length).toBeGreaterThan(5);
    const inputs = ["[]", "[null]", '[["x"]]', "[42]", '["texto"]', wrongTypes, JSON.stringify([{ token: ["x"], email: ["a@b.c"], password: 1, fullName: {}, decision: [], callbackUrl: 5, invitationId: [], key: {} }])];
    for (const a of publicActions) {
      const entry = built.get(`${a.file}#${a.exportName}`);
      expect(entry, `${a.file}#${a.exportName} in the build`).toBeDefined();
      for (const body of inputs) {
        const res = await send(url, { path: entry!.pages[0], headers: { ...headers, "next-action": entry!.id }, body });
        const where = `${a.exportName} ${body.slice(0, 80)} → ${res.status} ${res.text.slice(0, 400)}`;
        expect(res.status, where).toBeLessThan(500);
        expect(res.text, where).not.toMatch(ZOD_ENGLISH);
      }
    }
  });

  test("nothing above was logged as a server error with a stack, and the server never restarted", () => {
    expect(output).not.toMatch(/parou .*iniciando outro/);
    if (process.env.SHOW_SERVE_OUTPUT) console.log(output);
    expect(output).not.toMatch(/⨯|Error: (Body exceeded|Unexpected end of form|Invalid Server Actions request)|Maximum call stack/);
  });
});

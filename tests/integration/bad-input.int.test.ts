/**
 * Bad input, property-based (fast-check): every server action of the authorization table
 * (tests/integration/authz-table.ts) is called by a caller it allows, with its valid input bent at
 * one to three places — a field, a nested field, an array element, or the whole input — into
 * malformed, oversized, wrongly typed, script-bearing and boundary values (2026-02-30, 24:61, 10 MB
 * strings, negative and huge numbers, emoji, RTL text, NUL bytes, prototype keys, the other
 * business's ids). Each call must:
 *   - answer the one result shape (never throw, never the pipeline's "unexpected error" path —
 *     console.error of an action is a failure here);
 *   - when refused, say why in Portuguese (title, description, field messages; no zod English)
 *     and change nothing (fingerprint of both businesses and the world's people before/after);
 *   - whatever it answers, never change or name the other business (B): its ids, an invitation's
 *     id included, prove nothing (only an e-mailed secret does, and B's never reach A's caller).
 * The public endpoints (POST /api/conversations, GET /api/agendar/{slug}/horarios and the other
 * route handlers) get malformed bodies, headers and query strings: never a 5xx, Portuguese
 * errors in JSON answers, nothing written on a refusal.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { GET as avatarGET } from "@/app/api/avatars/[id]/route";
import { GET as slotsGET } from "@/app/api/agendar/[slug]/horarios/route";
import { GET as refreshGET } from "@/app/api/auth/refresh/route";
import { GET as verifyGET } from "@/app/api/auth/verify-email/route";
import { POST as conversationsPOST } from "@/app/api/conversations/route";
import { POST as notFoundPOST } from "@/app/api/not-found/route";
import { GET as auditCsvGET } from "@/app/api/reports/audit-logs/csv/route";
import { GET as calendarFeedGET } from "@/app/agenda/ical/[token]/route";
import { NextRequest } from "next/server";
import { actionBodyRefusal, actionRequestKind, originRefusal } from "@/lib/core/http/action-body";
import { screenActionBody } from "@/lib/core/http/action-screen";
import { PEER_HEADER } from "@/lib/core/net/client-address";
import { ptMessage } from "@/lib/core/validation/zod-messages";
import { TABLE, type ActionRow } from "./authz-table";
import { become, buildWorld, fingerprint, freshAddress, leaked, type Role, type World } from "./authz-world";
import { jar } from "./request-stub";
import { serverActions, type ServerAction } from "./server-surface";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
// after() needs Next's request scope; here the work after the answer runs at once (as auth.int.test.ts does).
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 8);
const TEN_MB = "a".repeat(10 * 1024 * 1024);
const TEN_MB_NAME = "Ana ".repeat((10 * 1024 * 1024) / 4);

/** Texts that betray an untranslated message or a leaked exception. */
const NOT_PORTUGUESE =
  /\b(Invalid|invalid input|Expected|expected|received|Required|Too (big|small)|must|should|String must|Number must|Unrecognized|TypeError|ReferenceError|SyntaxError|undefined|NaN|Infinity|\[object Object\]|stack|postgres|violates|relation|column|syntax error)\b/;

function hostileValues(w: World): fc.Arbitrary<unknown> {
  const b = w.b;
  const otherIds = [b.business.id, b.client.id, b.service.id, b.spareService.id, b.professional.id, b.appointment.id, b.holiday.id, b.invitation.id, b.apiKey.id, b.avatarId, b.owner.id, b.employee.id];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(
      // boundaries of dates and times
      "2026-02-30", "2026-13-01", "0000-00-00", "9999-12-31", "2025-02-29", "24:61", "25:00", "23:60", "-01:00", "12:5", "7h", "00:00:00.000001",
      // numbers as text and as numbers
      "-1", "-0,01", "-99999999999", "999999999999999999999", "1e308", "NaN", "Infinity", "0x10", "1,2,3", "R$ -5,00", -1, -0.01, 0, 1e308, -1e308,
      Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2,
      // script and markup
      `<img src=x onerror=alert(1)>`, "<script>alert('x')</script>", `"><svg/onload=alert(1)>`, "javascript:alert(1)", "<b>negrito</b>",
      // injection-looking text
      "'; drop table clients; --", "' or '1'='1", "%00", "\u0000", "a\u0000b", "${7*7}", "{{7*7}}", "../../etc/passwd",
      // unicode: emoji, RTL, combining, zero-width, lone surrogate
      "💇‍♀️👩🏽‍🦱✂️", "مرحبا بالعالم", "\u202Eevil\u202C", "שלום", "e\u0301\u0301\u0301", "\u200B", "\uD800", "ﷺ".repeat(50),
      // blanks and look-alikes of empty
      "", " ", "\t\n", "null", "undefined", "true", "[]", "{}",
      // ids that are not ids, and ids of nothing
      "00000000-0000-0000-0000-000000000000", "not-a-uuid", "1", "ffffffff-ffff-ffff-ffff-ffffffffffff",
      // prototype keys
      "__proto__", "constructor",
      // oversized
      TEN_MB, TEN_MB_NAME, "x".repeat(256), "x".repeat(5001),
    ) },
    { weight: 2, arbitrary: fc.constantFrom(...otherIds) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 50 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt().map(String)) },
    { weight: 1, arbitrary: fc.oneof(fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }), fc.constant({ __proto__: { admin: true } })) },
  );
}

type Path = (string | number)[];

/** Every place in a value that can be bent: each leaf, each array, each object (not the root). */
function paths(value: unknown, at: Path = []): Path[] {
  const out: Path[] = at.length ? [at] : [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

function setAt(value: unknown, path: Path, to: unknown): unknown {
  if (!path.length) return to;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), to);
  return copy;
}

type Bend = { kind: "whole"; to: unknown } | { kind: "fields"; edits: { pick: number; to: unknown }[] } | { kind: "extra"; key: string; to: unknown };

function bends(w: World): fc.Arbitrary<Bend> {
  const hostile = hostileValues(w);
  return fc.oneof(
    { weight: 1, arbitrary: hostile.map((to) => ({ kind: "whole" as const, to })) },
    { weight: 6, arbitrary: fc.array(fc.record({ pick: fc.nat(), to: hostile }), { minLength: 1, maxLength: 3 }).map((edits) => ({ kind: "fields" as const, edits })) },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom("id", "businessId", "userId", "role", "isAdmin", "__proto__", "statusId", "price"), to: hostile }).map((e) => ({ kind: "extra" as const, ...e })) },
  );
}

function bend(valid: unknown, b: Bend, keepBusiness: boolean): unknown {
  if (b.kind === "whole") return b.to;
  if (b.kind === "extra") return valid && typeof valid === "object" ? { ...(valid as object), [b.key]: b.to } : valid;
  // Keep the business the caller names (a foreign one is the authorization matrix's subject) most of the time.
  const places = paths(valid).filter((p) => !(keepBusiness && p.length === 1 && p[0] === "businessId"));
  let out = valid;
  for (const e of b.edits) if (places.length) out = setAt(out, places[e.pick % places.length], e.to);
  return out;
}

/** The caller of a row for this suite: the owner where allowed, else the first allowed role. */
function callerOf(row: ActionRow): Role {
  for (const r of ["owner", "admin", "client", "anonymous", "employee", "stranger"] as const) if (row.allow.includes(r)) return r;
  return "owner";
}

/** Every text of a refusal the user may see. */
function texts(result: { error?: unknown; description?: unknown; fieldErrors?: unknown }): unknown[] {
  return [result.error, ...(result.description === undefined ? [] : [result.description]), ...Object.values((result.fieldErrors as object) ?? {})];
}

function expectPortuguese(where: string, values: unknown[]) {
  for (const t of values) {
    expect(typeof t, `${where}: a text`).toBe("string");
    expect((t as string).trim().length, `${where}: an empty message`).toBeGreaterThan(0);
    // What the user typed comes back in quotes ('Já existe um feriado em 25/12/2026: "Infinity"'):
    // a name the fuzzer saved earlier is theirs, not a leak; a leaked error's own words stay outside quotes.
    const ours = (t as string).replace(/"[^"]*"/g, '""');
    expect(ours, `${where}: not Portuguese or a leaked exception`).not.toMatch(NOT_PORTUGUESE);
  }
}

const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(before).filter((k) => before[k] !== after[k]);
const short = (v: unknown) => {
  const s = JSON.stringify(v, (_k, x) => (typeof x === "string" && x.length > 80 ? `${x.slice(0, 40)}…(${x.length})` : typeof x === "bigint" ? String(x) : x));
  return (s ?? String(v)).slice(0, 600);
};

let errors: unknown[][] = [];
const errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  errors = [];
});
/** The pipeline logs "[ação name]" before answering its unexpected-error text: that is a thrown error here. */
function unexpected(): string[] {
  return errors.map((args) => args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" ")).filter((l) => /\[ação|\[api|\[rota|\[csv/.test(l));
}

/** fast-check's report without the counterexample dump (a 10 MB string would fill the log); the assertion says what was sent. */
const report = <T,>(out: fc.RunDetails<T>) => {
  if (!out.failed) return;
  const why = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
  throw new Error(`after ${out.numRuns} runs (seed ${out.seed}, path "${out.counterexamplePath}"): ${why.slice(0, 3000)}`);
};
const SEED = process.env.BAD_INPUT_SEED ? Number(process.env.BAD_INPUT_SEED) : undefined;
/** BAD_INPUT_SEED replays a reported failure (its seed is in the message). */
const options = <T,>(numRuns: number): fc.Parameters<T> => ({ numRuns, endOnFailure: true, reporter: report<T>, ...(SEED === undefined ? {} : { seed: SEED }) });

function noUnexpected(where: string) {
  const found = unexpected();
  if (found.length) throw new Error(`${where}: ${found.join("\n").slice(0, 1500)}`);
}

let actions: Awaited<ReturnType<typeof serverActions>>;
beforeAll(async () => {
  actions = await serverActions();
});

const actionRows = TABLE.filter((r): r is ActionRow => r.kind === "action");

describe("every server action, bent input", () => {
  test("every server action is in the suite (its row in authz-table.ts)", () => {
    const missing = [...actions.keys()].filter((n) => !actionRows.some((r) => r.name === n));
    expect(missing).toEqual([]);
    expect(errorSpy).toBeDefined();
  });

  test.each(actionRows.map((r) => [r.name, r] as const))("%s", async (name, row) => {
    const w = await buildWorld();
    const role = callerOf(row);
    const fn = actions.get(name)!.fn as ServerAction;
    const people = [w.client.id, w.admin.id];

    await fc.assert(
      fc.asyncProperty(bends(w), fc.boolean(), async (b, keepBusiness) => {
        await row.arrange?.(w, role);
        await become(w, role);
        const valid = await row.input({ businessId: w.a.business.id, own: w.a, rows: w.a }, w, role);
        const input = bend(valid, b, keepBusiness || Math.random() < 0.8);
        const probeBefore = await row.probe?.(w);
        const beforeAll = await fingerprint([w.a, w.b], people, row.ignore);
        const beforeB = await fingerprint([w.b], [], row.ignore, role === "anonymous" ? [] : [w.users[role].id]);
        errors = [];

        let result: { ok?: unknown; error?: unknown; description?: unknown; fieldErrors?: unknown };
        try {
          result = (await fn(input as never)) as typeof result;
        } catch (e) {
          throw new Error(`${name} threw on ${short(input)}: ${e instanceof Error ? e.stack : String(e)}`);
        }
        const where = `${name} as ${role} with ${short(input)} → ${short(result)}`;
        noUnexpected(`${where}: an unexpected error inside the action`);
        expect(typeof result?.ok, where).toBe("boolean");
        if (!row.platformWide) {
          expect(changed(beforeB, await fingerprint([w.b], [], row.ignore, role === "anonymous" ? [] : [w.users[role].id])), `${where}: changed B`).toEqual([]);
          expect(leaked(result, [w.b.tag, w.b.client.phone, w.b.slug]), `${where}: named B`).toEqual([]);
        }
        if (result.ok === false) {
          expectPortuguese(where, texts(result));
          expect(changed(beforeAll, await fingerprint([w.a, w.b], people, row.ignore)), `${where}: a refusal that changed something`).toEqual([]);
          if (row.probe) expect(await row.probe(w), where).toEqual(probeBefore);
        }
      }),
      options(RUNS),
    );
  });
});

// ───────────────────────────── wrong types to every public action (issue 50, item 8) ─────────────────────────────

/**
 * Each field of a public action's valid input (each leaf, array and object in it, and the whole input)
 * replaced by each wrong type: the refusal is Portuguese, field by field. The production bundles had
 * dropped the Portuguese messages (a side-effect import) and zod's English came out ('Invalid input:
 * expected string, received array' from 'Entrar na lista de espera'); here zod's global locale is
 * set to its English, as it was there, so the pipeline's own Portuguese is what is tested.
 */
describe("wrong types to every public action, whatever zod's global locale", () => {
  const WRONG_TYPES: unknown[] = [["x"], 42, { a: 1 }, true];
  const ZOD_ENGLISH = /Invalid input|expected \w+, received|Too (big|small)|Unrecognized key|Invalid (option|string|email|uuid|date|element|key|union)/;

  beforeAll(() => {
    z.config(z.locales.en());
  });
  afterAll(() => {
    z.config({ localeError: ptMessage });
  });

  test("every public action: each field, and the whole input, of a wrong type", async () => {
    const rows = actionRows.filter((r) => actions.get(r.name)?.fn.pipeline?.level === "public");
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(["waitlist.join", "onlineBooking.book", "auth.signUp"]));
    const w = await buildWorld();
    for (const row of rows) {
      const role: Role = row.allow.includes("anonymous") ? "anonymous" : callerOf(row);
      const fn = actions.get(row.name)!.fn as ServerAction;
      await row.arrange?.(w, role);
      await become(w, role);
      const valid = await row.input({ businessId: w.a.business.id, own: w.a, rows: w.a }, w, role);
      // The whole input as a non-object (an object with unknown keys is not a wrong type: they are dropped).
      const inputs = [["x"], 42, true, "texto", undefined, ...paths(valid).flatMap((p) => WRONG_TYPES.map((t) => setAt(valid, p, t)))];
      for (const input of inputs) {
        errors = [];
        const result = (await fn(input as never)) as { ok?: unknown; error?: unknown; description?: unknown; fieldErrors?: unknown };
        const where = `${row.name} with ${short(input)} → ${short(result)}`;
        noUnexpected(where);
        expect(result.ok, `${where}: a wrong type was accepted`).toBe(false);
        expectPortuguese(where, texts(result));
        expect(JSON.stringify(result), where).not.toMatch(ZOD_ENGLISH);
      }
    }
  });
});

// ───────────────────────────── an action's raw body, screened before Next reads it (issue 50, item 6) ─────────────────────────────

type Body = { contentType: string; base64: string };
const REACT_REPLY = path.join(__dirname, "../support/react-reply.mjs");

/** React's encoder (as the browser runs it) or decoder (as Next runs it) over a batch: tests/support/react-reply.mjs. */
function react(mode: "encode" | "decode", input: unknown): unknown[] {
  const args = mode === "decode" ? ["--conditions=react-server", REACT_REPLY, mode] : [REACT_REPLY, mode];
  const r = spawnSync(process.execPath, args, { input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 512 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`react-reply ${mode}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout) as unknown[];
}

/** What scripts/serve.ts answers before Next: null (Next reads it) or the refusal's status. A "form": sent before the page's scripts ran (no Next-Action). */
async function screened(body: Body, kind: "fetch" | "form" = "fetch"): Promise<number | null> {
  const bytes = Buffer.from(body.base64, "base64");
  const req = new http.IncomingMessage(new net.Socket());
  req.method = "POST";
  req.url = "/agendar/x";
  req.headers = { host: "localhost", origin: "http://localhost", "content-type": body.contentType, "content-length": String(bytes.length), ...(kind === "fetch" ? { "next-action": "7f00" } : {}) };
  expect(actionRequestKind(req.method, req.url, req.headers)).toBe(kind);
  const early = originRefusal(req.headers) ?? actionBodyRefusal(req.headers);
  if (early) return early.status;
  req.push(bytes);
  req.push(null);
  const r = await screenActionBody(req, kind);
  if ("refused" in r) {
    expect(r.refused.message).not.toMatch(NOT_PORTUGUESE);
    return r.refused.status;
  }
  return null;
}

const text = (s: string): Body => ({ contentType: "text/plain;charset=UTF-8", base64: Buffer.from(s).toString("base64") });

/** Values an action's arguments can hold, with the ones React encodes specially (dates, undefined, a blob, an object used twice…). */
const argument: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("<undefined>", "<NaN>", "<-0>", "<date>", "<bigint>", "<blob>", "<promise>", "<shared>", "$", "$$", "$1", "$undefined", "$K1", "$0:a", "$B1", "$@1"),
    fc.string({ maxLength: 20 }).map((s) => `$${s}`),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A body bent from one the browser sent: cut, a reference or a nesting put in, random text, a huge array, a broken multipart. */
function bentBodies(valid: Body[]): fc.Arbitrary<Body> {
  const REFS = ["$1", "$2", "$Q1", "$W1", "$@1", "$h1", "$B1", "$B9", "$A1", "$i1", "$R1", "$X1", "$0:nada", "$0:0:nada", "$n", "$nx", "$Tx", "$D", "$Ix", "$K9", "$ff"];
  const from = fc.constantFrom(...valid);
  const decoded = (b: Body) => Buffer.from(b.base64, "base64").toString("utf8");
  return fc.oneof(
    from.chain((b) => fc.nat({ max: Math.max(0, decoded(b).length - 1) }).map((n) => ({ ...b, base64: Buffer.from(decoded(b).slice(0, n)).toString("base64") }))),
    from.chain((b) => fc.tuple(fc.constantFrom(...REFS), fc.nat()).map(([ref, n]) => {
      const t = decoded(b);
      const quotes = [...t.matchAll(/"(?:[^"\\]|\\.)*"/g)];
      if (!quotes.length) return b;
      const q = quotes[n % quotes.length];
      return { ...b, base64: Buffer.from(t.slice(0, q.index) + JSON.stringify(ref) + t.slice(q.index! + q[0].length)).toString("base64") };
    })),
    fc.integer({ min: 50, max: 6000 }).map((d) => text(`[${"[".repeat(d)}${"]".repeat(d)}]`)),
    fc.integer({ min: 50, max: 3000 }).map((d) => text(`[${'{"a":'.repeat(d)}1${"}".repeat(d)}]`)),
    fc.json().map(text),
    fc.string({ unit: "binary", maxLength: 200 }).map(text),
    fc.constantFrom(...valid.filter((b) => b.contentType.startsWith("multipart/"))).chain((b) =>
      fc.constantFrom("no-boundary", "other-boundary", "no-root", "cut").map((how) => {
        const t = Buffer.from(b.base64, "base64").toString("latin1");
        const boundary = /boundary=(.*)$/.exec(b.contentType)![1];
        if (how === "no-boundary") return { ...b, contentType: "multipart/form-data" };
        if (how === "other-boundary") return { ...b, contentType: "multipart/form-data; boundary=outra" };
        if (how === "no-root") return { ...b, base64: Buffer.from(t.replace(/name="0"/, 'name="zero"'), "latin1").toString("base64") };
        return { ...b, base64: Buffer.from(t.slice(0, t.length - boundary.length - 6), "latin1").toString("base64") };
      }),
    ),
  );
}

describe("an action's raw body, as scripts/serve.ts screens it before Next (issue 50, item 6)", () => {
  const seed = SEED ?? Date.now();
  let valid: Body[];

  beforeAll(() => {
    const values = fc.sample(fc.array(argument, { minLength: 1, maxLength: 3 }), { numRuns: 40 * RUNS, seed });
    valid = react("encode", values) as Body[];
  }, 60_000);

  test("everything the browser's encoder sends passes the screen, and React decodes it", async () => {
    const decoded = react("decode", valid);
    for (const [i, b] of valid.entries()) {
      const where = `seed ${seed}: ${b.contentType} ${Buffer.from(b.base64, "base64").toString("utf8").slice(0, 300)}`;
      expect(decoded[i], where).toBe("ok");
      expect(await screened(b), where).toBeNull();
    }
  });

  test("the bodies Next answered 500 are refused with 400: not JSON, 5,000 deep, a truncated multipart, a dangling reference, a million zeros", async () => {
    const multipart = valid.find((b) => b.contentType.startsWith("multipart/"))!;
    const cut = { ...multipart, base64: Buffer.from(Buffer.from(multipart.base64, "base64").subarray(0, -20)).toString("base64") };
    const zeros = text(`[[${"0,".repeat(600_000)}0],[${"0,".repeat(600_000)}0]]`);
    for (const b of [text('[{"slug":'), text("[".repeat(5000) + "]".repeat(5000)), cut, text('["$1"]'), zeros]) {
      expect(react("decode", [b])[0]).not.toBe("ok");
      expect(await screened(b), Buffer.from(b.base64, "base64").toString("utf8").slice(0, 100)).toBe(400);
    }
  });

  test("a form sent before the scripts ran: its action's fields pass; a broken bound reply, or no action at all, is refused", async () => {
    const form = (fields: [string, string][]) => {
      const b = "----formulario";
      const body = fields.map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + `--${b}--\r\n`;
      return { contentType: `multipart/form-data; boundary=${b}`, base64: Buffer.from(body).toString("base64") };
    };
    expect(await screened(form([["$ACTION_ID_7f00", ""], ["token", "abc"]]), "form")).toBeNull();
    expect(await screened(form([["$ACTION_REF_1", ""], ["$ACTION_1:0", '{"id":"7f00","bound":"$@1"}'], ["$ACTION_1:1", '["x"]'], ["token", "abc"]]), "form")).toBeNull();
    expect(await screened(form([["$ACTION_REF_1", ""], ["$ACTION_1:0", '{"id":"7f00","bound":'], ["token", "abc"]]), "form")).toBe(400);
    expect(await screened(form([["$ACTION_REF_1", ""], ["$ACTION_1:0", '{"id":"7f00","bound":"$@2"}']]), "form")).toBe(400);
    expect(await screened(form([["token", "abc"]]), "form")).toBe(400);
  });

  test("whatever the screen lets through, React's decoder reads: bent bodies are refused (400) or decoded", async () => {
    const bodies = fc.sample(bentBodies(valid), { numRuns: 30 * RUNS, seed });
    const decoded = react("decode", bodies);
    let refused = 0;
    for (const [i, b] of bodies.entries()) {
      const status = await screened(b);
      const where = `seed ${seed}: ${b.contentType} ${Buffer.from(b.base64, "base64").toString("utf8").slice(0, 300)} → React: ${String(decoded[i]).slice(0, 200)}`;
      if (status === null) expect(decoded[i], `${where}: let through, and React fails on it (Next answers 500)`).toBe("ok");
      else {
        expect(status, where).toBe(400);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});

// ───────────────────────────── public endpoints and other route handlers ─────────────────────────────

function req(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): NextRequest {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return new NextRequest(`http://localhost${url}`, { ...init, headers: { [PEER_HEADER]: freshAddress(), ...(cookie ? { cookie } : {}), ...init.headers } });
}

/** A JSON error answer says what went wrong in Portuguese; never a 5xx. */
async function expectCleanAnswer(where: string, res: Response) {
  expect(res.status, `${where}: status ${res.status}`).toBeLessThan(500);
  const text = await res.text();
  if (res.status >= 400 && (res.headers.get("content-type") ?? "").includes("json")) {
    const body = JSON.parse(text) as Record<string, unknown>;
    const messages = ["error", "message", "description"].map((k) => body[k]).filter((v) => v !== undefined);
    expect(messages.length, `${where}: an error answer without a message: ${text.slice(0, 200)}`).toBeGreaterThan(0);
    expectPortuguese(where, messages);
  }
  return text;
}

/**
 * A path segment as a browser sends it: a lone UTF-16 surrogate can't be encoded in a URL (the
 * browser puts U+FFFD in its place), and encodeURIComponent would throw on it in the test itself.
 */
const pathSegment = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));

const queryValue = (w: World) => hostileValues(w).map((v) => (typeof v === "string" ? v.slice(0, 5000) : JSON.stringify(v) ?? "undefined"));

describe("public endpoints and route handlers, bent requests", () => {
  test("POST /api/conversations: malformed keys, bodies and fields", async () => {
    const w = await buildWorld();
    const valid = { client_phone: w.a.client.phone, client_name: "Contato", message: "Olá", is_bot: false };
    const body = fc.oneof(
      bends(w).map((b) => JSON.stringify(bend(valid, b, true)) ?? "null"),
      fc.constantFrom("", "{", "not json", "[]", "null", "{\"client_phone\":", TEN_MB, JSON.stringify({ ...valid, message: TEN_MB })),
    );
    const auth = fc.oneof(
      { weight: 4, arbitrary: fc.constant(`Bearer ${w.a.apiKey.key}`) },
      { weight: 1, arbitrary: fc.constantFrom("", "Bearer", "Bearer ", `Bearer ${w.a.apiKey.key}x`, `bearer ${w.a.apiKey.key}`, "Basic dXNlcjpwYXNz", `Bearer ${"k".repeat(10_000)}`, "Bearer <script>") },
    );
    const contentType = fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "");
    await fc.assert(
      fc.asyncProperty(body, auth, contentType, async (raw, authorization, type) => {
        await become(w, "anonymous");
        const before = await fingerprint([w.a, w.b]);
        const res = await conversationsPOST(req("/api/conversations", { method: "POST", body: raw, headers: { authorization, ...(type ? { "content-type": type } : {}) } }));
        const where = `POST /api/conversations ${authorization.slice(0, 30)} ${type} ${raw.slice(0, 200)}`;
        await expectCleanAnswer(where, res);
        noUnexpected(where);
        if (res.status !== 201) expect(changed(before, await fingerprint([w.a, w.b])), `${where}: a refusal that wrote`).toEqual([]);
      }),
      options(RUNS * 4),
    );
  });

  test("GET /api/agendar/{slug}/horarios: malformed slugs, dates, services and professionals", async () => {
    const w = await buildWorld();
    const v = queryValue(w);
    const slug = fc.oneof({ weight: 3, arbitrary: fc.constant(w.a.slug) }, { weight: 1, arbitrary: v });
    const date = fc.oneof(fc.constant(w.a.date), v);
    const services = fc.oneof(fc.constant(w.a.service.id), fc.constant(`${w.a.service.id},${w.a.spareService.id}`), fc.constant(w.b.service.id), v, fc.constant(Array(60).fill(w.a.service.id).join(",")));
    const professional = fc.oneof(fc.constant("any"), fc.constant(w.a.professional.id), fc.constant(w.b.professional.id), v);
    await fc.assert(
      fc.asyncProperty(slug, date, services, professional, fc.boolean(), async (s, d, sv, p, dropOne) => {
        await become(w, "anonymous");
        const q = new URLSearchParams({ date: d, services: sv, professional: p });
        if (dropOne) q.delete("date");
        const res = await slotsGET(req(`/api/agendar/${pathSegment(s)}/horarios?${q}`), { params: Promise.resolve({ slug: s }) });
        const where = `GET horarios slug=${s.slice(0, 40)} ${q.toString().slice(0, 200)}`;
        const text = await expectCleanAnswer(where, res);
        expect(leaked(text, [w.b.tag, w.b.slug]), where).toEqual([]);
        noUnexpected(where);
      }),
      options(RUNS * 4),
    );
  });

  test("the other route handlers: malformed ids, tokens, paths and filters", async () => {
    const w = await buildWorld();
    const v = queryValue(w);
    await fc.assert(
      fc.asyncProperty(v, v, async (x, y) => {
        await become(w, "owner");
        const before = await fingerprint([w.a, w.b], [w.client.id, w.admin.id]);
        const calls: [string, Promise<Response>][] = [
          ["avatar", avatarGET(req(`/api/avatars/${pathSegment(x)}`), { params: Promise.resolve({ id: x }) })],
          ["csv", auditCsvGET(req(`/api/reports/audit-logs/csv?${new URLSearchParams({ business: w.a.business.id, q: x, from: y, to: x, user: y, action: x, entity: y })}`))],
          ["csv other", auditCsvGET(req(`/api/reports/audit-logs/csv?${new URLSearchParams({ business: x })}`))],
          ["refresh", refreshGET(req(`/api/auth/refresh?${new URLSearchParams({ to: x })}`))],
          ["verify", verifyGET(req(`/api/auth/verify-email?${new URLSearchParams({ token: x })}`))],
          ["ical", calendarFeedGET(req(`/agenda/ical/${pathSegment(x)}`), { params: Promise.resolve({ token: x }) })],
          ["not-found", notFoundPOST(req("/api/not-found", { method: "POST", body: typeof x === "string" ? x : "", headers: { "content-type": "application/json" } }))],
          ["not-found json", notFoundPOST(req("/api/not-found", { method: "POST", body: JSON.stringify({ path: x }) }))],
        ];
        for (const [label, p] of calls) {
          const res = await p;
          const where = `${label} x=${x.slice(0, 60)} y=${y.slice(0, 60)}`;
          const text = await expectCleanAnswer(where, res);
          expect(leaked(text, [w.b.tag, w.b.slug, w.b.client.phone]), where).toEqual([]);
          // refresh sends to same-origin paths only
          if (label === "refresh") expect(res.headers.get("location") ?? "", where).toMatch(/^http:\/\/localhost(:\d+)?\//);
        }
        noUnexpected("route handlers");
        expect(changed(before, await fingerprint([w.a, w.b], [w.client.id, w.admin.id])), "a malformed request wrote").toEqual([]);
      }),
      options(RUNS * 2),
    );
  });
});

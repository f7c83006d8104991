/**
 * The route wrapper (lib/core/http/define-route.ts), tested once for every route handler: its order
 * (rate limit → access → handler), the access refusals by code (the session, role and membership
 * read from the database, a business id from the browser counted only among the caller's own), the
 * handler's refusals by code, and a throw answered 500 (503 for an unreachable database) with the
 * route's Portuguese text and nothing of the cause, logged under the route's name.
 */
import { redirect } from "next/navigation";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { authorized, type Authorized } from "@/lib/auth/guards";
import { ACCESS } from "@/lib/auth/permissions";
import { UNAVAILABLE } from "@/lib/core/actions/messages";
import { defineRoute, refuse, REFUSAL_STATUS, searchParam, type RefusalCode, type RouteAccess } from "@/lib/core/http/define-route";
import { json } from "@/lib/core/http/responses";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { actAs } from "./act-as";
import { createUser, twoBusinesses, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const ERROR = "Não foi possível carregar o teste.";
let address = "";
const call = (url = "/api/teste", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { headers: { [PEER_HEADER]: address, ...headers } });
const window = (points: number) => ({ name: `test.route.${uniq()}`, points, windowSec: 60 });
const body = async (res: Response) => JSON.parse(await res.text()) as Record<string, unknown>;

beforeAll(() => markPeerHeaderTrusted());
beforeEach(() => {
  address = `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
});
afterEach(() => vi.restoreAllMocks());

describe("rate limit: first, before the access check", () => {
  test("counted per key even for callers the access check refuses; past it 429 with Retry-After in Portuguese, the handler never runs", async () => {
    await actAs(null);
    const handler = vi.fn(async () => json(200, { ok: true }));
    const GET = defineRoute({
      name: "GET /teste/limite", access: authorized("owner"), error: ERROR, handler,
      rateLimit: { limit: window(2), key: ({ address }) => address },
    });
    expect((await GET(call())).status).toBe(401);
    expect((await GET(call())).status).toBe(401);
    const refused = await GET(call());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await body(refused)).error).toMatch(/^Muitas tentativas\. Tente novamente em \d+ (segundos?|minutos?)\.$/);
    expect(handler).not.toHaveBeenCalled();
    // Another address has its own count.
    address = "10.92.0.1";
    expect((await GET(call())).status).toBe(401);
  });

  test("a route's own words, or none; limit() inside the handler answers the same 429", async () => {
    const limit = window(1);
    const words = defineRoute({
      name: "GET /teste/palavras", access: "public", error: ERROR, tooMany: (ms) => `Espere ${Math.ceil(ms / 1000)} s.`,
      handler: async ({ limit: take }) => (await take(limit, "chave")) ?? new Response(null, { status: 204 }),
    });
    expect((await words(call())).status).toBe(204);
    const refused = await words(call());
    expect(refused.status).toBe(429);
    expect(await body(refused)).toEqual({ error: expect.stringMatching(/^Espere \d+ s\.$/) });

    const quiet = defineRoute({ name: "POST /teste/silencio", access: "public", error: ERROR, tooMany: null, rateLimit: { limit: window(1), key: () => "k" }, handler: async () => new Response(null, { status: 204 }) });
    expect((await quiet(call())).status).toBe(204);
    const none = await quiet(call());
    expect(none.status).toBe(429);
    expect(none.headers.get("retry-after")).toBeTruthy();
    expect(await none.text()).toBe("");
  });
});

describe("access: the permission table's levels, refusals by code", () => {
  let cast: Awaited<ReturnType<typeof twoBusinesses>>;
  const seen: Authorized[] = [];
  const ownerRoute = defineRoute({
    name: "GET /teste/dono",
    access: authorized("owner", { business: (req) => searchParam(req, "business") }),
    error: ERROR,
    handler: async ({ auth }) => {
      seen.push(auth);
      return json(200, { businessId: auth.businessId });
    },
  });
  beforeAll(async () => {
    cast = await twoBusinesses();
  });

  test("nobody signed in: 401 with the permission table's text; a route may word it", async () => {
    await actAs(null);
    const res = await ownerRoute(call(`/x?business=${cast.business.id}`));
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ error: ACCESS.notSignedIn });
    const worded = defineRoute({ name: "GET /teste/foto", access: authorized("user", { notSignedIn: "Faça login para ver esta foto." }), error: ERROR, handler: async () => json(200, {}) });
    expect(await body(await worded(call()))).toEqual({ error: "Faça login para ver esta foto." });
  });

  test("an employee, a stranger, and an owner naming a business not theirs: 403; the owner of the business named: the handler, with that business", async () => {
    seen.length = 0;
    for (const [who, business] of [[cast.employee, cast.business], [cast.stranger, cast.business], [cast.owner, cast.other]] as const) {
      await actAs(who.id);
      const res = await ownerRoute(call(`/x?business=${business.id}`));
      expect(res.status, who.email).toBe(403);
      expect(await body(res)).toEqual({ error: ACCESS.forbidden });
    }
    expect(seen).toEqual([]);
    await actAs(cast.owner.id);
    const res = await ownerRoute(call(`/x?business=${cast.business.id}`));
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ businessId: cast.business.id });
    expect(seen[0].ctx.user.id).toBe(cast.owner.id);
  });

  test("signed in without any business, naming none: 403 'Selecione um negócio'", async () => {
    const loner = await createUser();
    await actAs(loner.id);
    const res = await ownerRoute(call("/x"));
    expect(res.status).toBe(403);
    expect(await body(res)).toEqual({ error: ACCESS.noBusiness });
  });

  test("an access check of any shape: its refusal is answered by code, its answer handed to the handler", async () => {
    const apiKey: RouteAccess<{ key: string }> = Object.assign(
      async (req: Request) => (req.headers.get("x-chave") === "certa" ? { key: "certa" } : refuse("unauthenticated", "Chave inválida.", { headers: { "WWW-Authenticate": "Bearer" } })),
      { level: "public" },
    );
    const route = defineRoute({ name: "GET /teste/chave", access: apiKey, error: ERROR, handler: async ({ auth }) => json(200, auth) });
    const refused = await route(call());
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
    expect(await body(refused)).toEqual({ error: "Chave inválida." });
    expect(await body(await route(call("/x", { "x-chave": "certa" })))).toEqual({ key: "certa" });
    expect(route.route).toEqual({ name: "GET /teste/chave", level: "public" });
    expect(ownerRoute.route).toEqual({ name: "GET /teste/dono", level: "owner" });
  });
});

describe("the handler's answers", () => {
  test("each refusal code is its status; the body is the one error shape (no code in it), never cached, its headers kept", async () => {
    const codes = Object.keys(REFUSAL_STATUS).filter((c) => c !== "rate-limited") as Exclude<RefusalCode, "rate-limited">[];
    for (const code of codes) {
      const route = defineRoute({
        name: "GET /teste/recusa", access: "public", error: ERROR,
        handler: async () => refuse(code, "Recusado.", { description: "Porque sim.", fieldErrors: { date: "Data inválida" }, headers: { "X-Robots-Tag": "noindex" } }),
      });
      const res = await route(call());
      expect(res.status, code).toBe(REFUSAL_STATUS[code]);
      expect(res.headers.get("cache-control"), code).toBe("no-store");
      expect(res.headers.get("x-robots-tag"), code).toBe("noindex");
      expect(res.headers.get("content-type"), code).toMatch(/^application\/json/);
      expect(await body(res), code).toEqual({ error: "Recusado.", description: "Porque sim.", fieldErrors: { date: "Data inválida" } });
    }
  });

  test("a Response passes through untouched, with the awaited params", async () => {
    const route = defineRoute<{ id: string }>({
      name: "GET /teste/[id]", access: "public", error: ERROR,
      handler: async ({ params }) => new Response(`id ${params.id}`, { status: 200, headers: { ETag: '"abc"', "Cache-Control": "private, max-age=60" } }),
    });
    const res = await route(call(), { params: Promise.resolve({ id: "42" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"abc"');
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    expect(await res.text()).toBe("id 42");
  });
});

describe("anything thrown", () => {
  test("logged under the route's name; 500 with the route's text and nothing of the cause", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = defineRoute({
      name: "GET /teste/falha", access: "public", error: ERROR,
      handler: async () => {
        throw new Error("segredo interno: relation \"users\" at Object.<anonymous> (/app/lib/x.ts:1:1)");
      },
    });
    const res = await route(call());
    expect(res.status).toBe(500);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: ERROR });
    expect(text).not.toMatch(/segredo|relation|at Object|\.ts:/);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0][0]).toBe("[rota GET /teste/falha]");
    expect(String(errors.mock.calls[0][1])).toContain("segredo interno");
  });

  test("a throw of the access check or the rate limit too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken: RouteAccess<null> = Object.assign(async () => {
      throw new Error("boom");
    }, { level: "user" });
    expect((await defineRoute({ name: "GET /teste/acesso", access: broken, error: ERROR, handler: async () => json(200, {}) })(call())).status).toBe(500);
    const badKey = defineRoute({ name: "GET /teste/chave-quebrada", access: "public", error: ERROR, rateLimit: { limit: window(5), key: () => { throw new Error("boom"); } }, handler: async () => json(200, {}) });
    expect(await body(await badKey(call()))).toEqual({ error: ERROR });
  });

  test("an unreachable database: 503 with the route's text and 'Serviço temporariamente indisponível'", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = defineRoute({
      name: "GET /teste/banco", access: "public", error: ERROR,
      handler: async () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      },
    });
    const res = await route(call());
    expect(res.status).toBe(503);
    expect(await body(res)).toEqual({ error: ERROR, description: UNAVAILABLE });
    expect(String(errors.mock.calls[0][0])).toContain("[rota GET /teste/banco]");
  });

  test("Next's own control flow (redirect()) is not an error: it reaches Next, nothing logged", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = defineRoute({ name: "GET /teste/redirect", access: "public", error: ERROR, handler: async () => redirect("/auth") });
    await expect(route(call())).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("next-auth's route: its protocol is its own, the wrapper only screens and catches", () => {
  test("a malformed JSON body is refused 400 before next-auth reads it (serve-bad-requests.int.test.ts checks it over HTTP)", async () => {
    const { POST } = await import("@/app/api/auth/[...nextauth]/route");
    for (const raw of ["{", "not json", '{"email":']) {
      const req = new NextRequest("http://localhost/api/auth/callback/credentials", { method: "POST", body: raw, headers: { "content-type": "application/json" } });
      const res = await POST(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
      expect(res.status, raw).toBe(400);
      expect(await body(res)).toEqual({ error: "Requisição inválida." });
    }
  });
});

/**
 * The authorization matrix: every server action and every route handler (tests/integration/
 * authz-table.ts), called directly — no UI, no middleware — as each of the six callers, with ids of
 * business A, and with the caller's own business naming the other business's ids. A refusal
 * returns nothing of the other business and changes nothing (fingerprint of every table before and
 * after); only the roles the table allows succeed. The first tests fail when an action or a route
 * handler exists without a row.
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { ACTION_REGISTRY } from "@/lib/core/actions/define-action";
import { DEFAULT_GRANTS, denial, type Caller, type Grant, type Level } from "@/lib/auth/permissions";
import { TABLE, type Row, type RouteAnswer, type Target } from "./authz-table";
import { become, buildWorld, fingerprint, leaked, markersOf, ownSide, ROLES, type Role, type Side, type World } from "./authz-world";
import { routeHandlers, serverActions, type ServerAction } from "./server-surface";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
// Outside a request, next/server's after() throws: run its work at once, as the request would later.
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

let actions: Awaited<ReturnType<typeof serverActions>>;
let routes: Awaited<ReturnType<typeof routeHandlers>>;

beforeAll(async () => {
  actions = await serverActions();
  routes = await routeHandlers();
});

describe("the table covers everything that can be called", () => {
  test("every server action (the 'use server' walk and ACTION_REGISTRY) has a row", () => {
    const names = new Set([...actions.keys(), ...ACTION_REGISTRY.keys()]);
    expect(names.size).toBeGreaterThan(40);
    const missing = [...names].filter((n) => !TABLE.some((r) => r.kind === "action" && r.name === n));
    expect(missing, "server actions without a row in tests/integration/authz-table.ts").toEqual([]);
  });

  test("every route handler (app/api/**/route.ts, each exported method) has a row", () => {
    expect(routes.size).toBeGreaterThan(5);
    const missing = [...routes.keys()].filter((n) => !TABLE.some((r) => r.kind === "route" && r.name === n));
    expect(missing, "route handlers without a row in tests/integration/authz-table.ts").toEqual([]);
  });

  test("no row names something that doesn't exist, and no name has two rows", () => {
    const stale = TABLE.filter((r) => (r.kind === "action" ? !actions.has(r.name) : !routes.has(r.name))).map((r) => r.name);
    expect(stale).toEqual([]);
    expect(new Set(TABLE.map((r) => r.name)).size).toBe(TABLE.length);
  });

  test("the table's rows agree with the permission table (lib/auth/permissions.ts)", () => {
    // Each caller as it stands toward business A, whose ids the rows use.
    const callers: Record<Role, Caller> = {
      anonymous: { signedIn: false, isAdmin: false, businessRole: null },
      client: { signedIn: true, isAdmin: false, businessRole: null },
      // The world's employee holds a new membership's grants.
      employee: { signedIn: true, isAdmin: false, businessRole: "employee", grants: DEFAULT_GRANTS },
      stranger: { signedIn: true, isAdmin: false, businessRole: null },
      owner: { signedIn: true, isAdmin: false, businessRole: "owner" },
      admin: { signedIn: true, isAdmin: true, businessRole: null },
    };
    const permitted = (level: Level, grant?: Grant) => ROLES.filter((role) => !denial(level, callers[role], "call", grant));
    // A row may narrow its level (only the invited address), never open it to a role the level shuts out;
    // the business levels allow exactly what the permission table allows.
    for (const r of TABLE.filter((x) => x.kind === "action")) {
      const { level, grant } = ACTION_REGISTRY.get(r.name) ?? {};
      if (!level) continue;
      for (const role of r.allow) expect(permitted(level, grant as Grant), `${r.name}: ${role}`).toContain(role);
      if (level === "staff" || level === "owner" || level === "admin") expect(r.allow, r.name).toEqual(permitted(level, grant as Grant));
    }
  });
});

type Outcome = { ok: boolean; answer: unknown };

async function call(row: Row, t: Target, w: World, role: Role): Promise<Outcome> {
  if (row.kind === "action") {
    const fn = actions.get(row.name)!.fn as ServerAction;
    const input = await row.input(t, w, role);
    const result = (await fn(input as never)) as { ok: boolean };
    // One result shape: a refusal is { ok: false, error } with Portuguese texts, never a throw.
    if (!result.ok) expect(typeof (result as { error?: unknown }).error, `${row.name}: the refusal's error`).toBe("string");
    return { ok: result.ok === true, answer: result };
  }
  const res: RouteAnswer = await row.call(t, w, role);
  expect(res.status, `${row.name}: never a 500`).toBeLessThan(500);
  return { ok: row.ok(res, t), answer: res.body + (res.location ?? "") };
}

const direct = (w: World): Target => ({ businessId: w.a.business.id, own: w.a, rows: w.a });
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(before).filter((k) => before[k] !== after[k]);

/** Refusal: not ok, nothing of `hidden` in the answer, nothing of the watched sides changed. */
async function expectRefused(row: Row, t: Target, w: World, role: Role, hidden: Side, watched: Side[], label: string) {
  await row.arrange?.(w, role);
  const markers = await markersOf(hidden);
  const people = [w.client.id, w.admin.id];
  // Signing in is part of the arrangement (it opens a user_sessions row): the fingerprint measures the call alone.
  await become(w, role);
  const before = await fingerprint(watched, people, row.ignore);
  const probeBefore = await row.probe?.(w);
  const out = await call(row, t, w, role);
  if (!(row.read && label.startsWith("mixed"))) expect(out.ok, `${row.name} ${label} as ${role}: must be refused (${JSON.stringify(out.answer).slice(0, 300)})`).toBe(false);
  expect(leaked(out.answer, markers), `${row.name} ${label} as ${role}: leaked`).toEqual([]);
  expect(changed(before, await fingerprint(watched, people, row.ignore)), `${row.name} ${label} as ${role}: changed`).toEqual([]);
  if (row.probe) expect(await row.probe(w), `${row.name} ${label} as ${role}: changed state outside the businesses`).toEqual(probeBefore);
}

describe.each(TABLE.map((r) => [r.name, r] as const))("%s", (_name, row) => {
  const refused = ROLES.filter((r) => !row.allow.includes(r));

  if (refused.length) {
    test(`refused for ${refused.join(", ")} on A's rows: nothing returned, nothing changed`, async () => {
      const w = await buildWorld();
      for (const role of refused) await expectRefused(row, direct(w), w, role, w.a, [w.a, w.b], "direct");
    });
  }

  if (row.mixed === "member") {
    test("a member naming the other business's rows under their own business: refused, nothing changed", async () => {
      const w = await buildWorld();
      for (const role of ["employee", "owner", "stranger"] as const) {
        const own = ownSide(w, role)!;
        const other = own === w.a ? w.b : w.a;
        // Only roles allowed on their own business get this far in the pipeline; the rest are refused anyway.
        await expectRefused(row, { businessId: own.business.id, own, rows: other }, w, role, other, [w.a, w.b], "mixed");
      }
    });
  }

  if (row.mixed === "public") {
    test("A's public page or key with B's rows: nothing of B returned or changed", async () => {
      const w = await buildWorld();
      for (const role of ROLES) {
        const t: Target = { businessId: w.a.business.id, own: w.a, rows: w.b };
        if (row.mixedAnswersAlike) {
          // The answer is the usual one on purpose; B stays untouched and unnamed.
          await row.arrange?.(w, role);
          const markers = await markersOf(w.b);
          await become(w, role);
          const before = await fingerprint([w.b], [], row.ignore);
          const out = await call(row, t, w, role);
          expect(leaked(out.answer, markers), `${row.name} mixed as ${role}: leaked`).toEqual([]);
          expect(changed(before, await fingerprint([w.b], [], row.ignore)), `${row.name} mixed as ${role}: changed B`).toEqual([]);
        } else {
          await expectRefused(row, t, w, role, w.b, [w.a, w.b], "mixed");
        }
      }
    });
  }

  for (const role of row.allow) {
    test(`allowed for ${role} on A's rows; B untouched and unnamed`, async () => {
      const w = await buildWorld();
      await row.arrange?.(w, role);
      const markers = await markersOf(w.b);
      // B's owner is the "stranger": an allowed call on their own account (a new business, a new
      // confirmation link, signing out everywhere) changes their own rows, never B's others.
      const self = role === "anonymous" ? [] : [w.users[role].id];
      await become(w, role);
      const before = await fingerprint([w.b], [], row.ignore, self);
      const out = await call(row, direct(w), w, role);
      expect(out.ok, `${row.name} as ${role}: ${JSON.stringify(out.answer).slice(0, 400)}`).toBe(true);
      if (!row.platformWide) expect(leaked(out.answer, markers), `${row.name} as ${role}: leaked B`).toEqual([]);
      expect(changed(before, await fingerprint([w.b], [], row.ignore, self)), `${row.name} as ${role}: changed B`).toEqual([]);
    });
  }
});

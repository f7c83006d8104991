/**
 * The page half of the authorization matrix: every route of lib/routes.ts × the six callers of
 * authz-world.ts, through the server-side guard the pages themselves call (lib/auth/guards.ts,
 * against the real database — the middleware is a convenience, not the boundary). Where each
 * caller must end is written here from spec section 2 ("Route guards"), not read back from the
 * app's rules, so a wrong rule fails. The page files are checked to call that guard with their own
 * path, and a business page rendered for the owner of another business (even with a forged
 * currentBusinessId cookie naming A) is rendered for their own business.
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { guardPage, requireBusinessPage } from "@/lib/auth/guards";
import { ROUTES, routeFor, type Guard, type RoutePath } from "@/lib/routes";
import { become, buildWorld, ROLES, type Role, type World } from "./authz-world";
import { layoutFiles, pageFiles } from "./server-surface";
import { request } from "./request-stub";
import AppLayout from "@/app/(app)/layout";
import AdminLayout from "@/app/admin/layout";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

/** null: the page shows; otherwise where the caller is sent. `from` is the page asked for. */
function expected(guard: Guard, role: Role, from: string): string | null {
  const member = role === "employee" || role === "owner" || role === "stranger";
  const owner = role === "owner" || role === "stranger";
  const login = `/auth?callbackUrl=${encodeURIComponent(from)}`;
  switch (guard) {
    case "public":
      return null;
    // "/": admins go to /admin, members to their agenda, a client stays, the signed-out go to /auth.
    case "home":
      return role === "anonymous" ? "/auth" : role === "admin" ? "/admin" : member ? "/appointments" : null;
    // 1. Client guard.
    case "client":
      return role === "anonymous" ? login : role === "admin" ? "/admin" : null;
    // 2. Admin guard: a non-admin goes to /.
    case "admin":
      return role === "anonymous" ? login : role === "admin" ? null : "/";
    // 3. Business staff guard: neither owner nor employee goes to /.
    case "staff":
      return role === "anonymous" ? login : role === "admin" ? "/admin" : member ? null : "/";
    // 4. Owner-only guard: a non-owner goes to /appointments.
    case "owner":
      return role === "anonymous" ? login : role === "admin" ? "/admin" : owner ? null : "/appointments";
  }
}

/** Runs a guard; the redirect Next would send (its NEXT_REDIRECT digest), or null when the page shows. */
async function landing(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (e) {
    const digest = (e as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw e;
    const to = digest.split(";")[2];
    // A stale cookie is refreshed first (/api/auth/refresh?to=…); where it ends is the `to`.
    return to.startsWith("/api/auth/refresh?to=") ? decodeURIComponent(to.slice("/api/auth/refresh?to=".length)) : to;
  }
}

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

describe("every route × every caller ends where spec section 2 says", () => {
  const cases = (ROUTES as readonly { path: string; guard: Guard }[]).flatMap((r) => ROLES.map((role) => [r.path, role, r.guard] as const));

  test.each(cases)("%s as %s", async (path, role, guard) => {
    await become(w, role);
    expect(await landing(() => guardPage(path))).toBe(expected(guard, role, path));
  });

  test("an unknown page under /admin sends the admin to the overview; anything else unknown is public (the not-found page)", async () => {
    await become(w, "admin");
    expect(await landing(() => guardPage("/admin/nao-existe"))).toBe("/admin");
    for (const role of ROLES) {
      await become(w, role);
      expect(await landing(() => guardPage("/nao-existe/de-jeito-nenhum")), role).toBeNull();
    }
  });
});

describe("business pages are rendered for the caller's own business", () => {
  const business = (ROUTES as readonly { path: string; guard: Guard }[]).filter((r) => r.guard === "staff" || r.guard === "owner");

  test.each(business.map((r) => [r.path] as const))("%s: B's owner with a forged cookie naming A still gets B", async (path) => {
    await become(w, "stranger", { currentBusinessId: w.a.business.id });
    const shown = await requireBusinessPage(path as RoutePath);
    expect("business" in shown && shown.business.id).toBe(w.b.business.id);
    await become(w, "owner", { currentBusinessId: w.b.business.id });
    const own = await requireBusinessPage(path as RoutePath);
    expect("business" in own && own.business.id).toBe(w.a.business.id);
  });
});

describe("layouts take no routing decision from a header the client can set", () => {
  test("signed out, a layout renders the page alone, which sends the visitor to /auth with its own path", async () => {
    await become(w, "anonymous");
    const page = "page";
    expect(await AppLayout({ children: page })).toBe(page);
    expect(await AdminLayout({ children: page })).toBe(page);
    expect(await landing(() => requireBusinessPage("/clients"))).toBe("/auth?callbackUrl=%2Fclients");
  });

  // A server action's request skips middleware, so a header such as x-pathname there is the
  // client's own: naming a public path must not open a shell to someone it refuses.
  test.each([
    ["the app shell", () => AppLayout({ children: null }), "admin" as Role, "/admin"],
    ["the admin area", () => AdminLayout({ children: null }), "owner" as Role, "/"],
  ])("%s, with a forged x-pathname", async (_name, render, role, to) => {
    await become(w, role);
    request.headers = new Headers({ "x-pathname": "/agendar/qualquer", "next-action": "forjada" });
    try {
      expect(await landing(render)).toBe(to);
    } finally {
      request.headers = new Headers();
    }
  });
});

describe("every page file calls the guard of its own route", () => {
  const pages = pageFiles();
  const layouts = layoutFiles();

  test("every page is under a row of lib/routes.ts (or is an unguarded public page)", () => {
    expect(pages.length).toBeGreaterThan(15);
    for (const p of pages) {
      const row = routeFor(p.route.replace(/\/\[[^\]]+\]/g, "/x"));
      expect(row, `${p.file}: no row in lib/routes.ts`).not.toBeNull();
    }
  });

  test.each(pages.map((p) => [p.file, p] as const))("%s", (_file, p) => {
    const row = routeFor(p.route.replace(/\/\[[^\]]+\]/g, "/x"))!;
    if (row.guard === "public") return;
    // A guarded page checks its own exact path itself (not only through its layout), except the
    // admin area's catch-all, which only sends to /admin (whose page guards) and shows nothing.
    if (p.route === "/admin/[...rest]") {
      expect(p.source).toMatch(/redirect\("\/admin"\)/);
      expect(layouts.find((l) => l.route === "/admin")!.source).toMatch(/guardLayout\("\/admin"\)/);
      return;
    }
    const call = new RegExp(`(requireBusinessPage|requirePage|guardPage)\\("${p.route.replace(/[/[\].]/g, "\\$&")}"\\)`);
    expect(p.source, `${p.file} must call its guard with "${p.route}"`).toMatch(call);
    // Business pages take the business from the guard (never from the cookie or the URL).
    if (row.guard === "staff" || row.guard === "owner") expect(p.source, p.file).toMatch(/requireBusinessPage\(/);
  });
});

/**
 * Every route handler goes through the one wrapper (lib/core/http/define-route.ts): this walks every
 * route.ts under app/ and fails for an exported HTTP method that defineRoute did not make, or one
 * named otherwise than "METHOD /path" (its log's and the authorization table's name). The one
 * exception is listed with its reason. A route's declared level never lets in a caller its row of
 * the authorization table (authz-table.ts) refuses; and error answers (jsonError, tooMany,
 * Retry-After) are built only by the wrapper's module and the listed exception.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { denial, PERMISSIONS, type Caller, type Level } from "@/lib/auth/permissions";
import { sourceFiles } from "../source-files";
import type { Role } from "./authz-world";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const ROOT = path.resolve(__dirname, "../..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Route files that answer by other means, and why. */
const EXCEPTIONS: Record<string, string> = {
  // defineRead (lib/core/actions/define-read.ts) makes each live read's answer with the action
  // pipeline's own checks (resolveContext); issue 51 item 4 reworks that pipeline.
  "app/api/live/[resource]/route.ts": "the live reads: defineRead answers each read",
};

const routeFiles = sourceFiles(path.join(ROOT, "app"), (f) => /[/\\]route\.tsx?$/.test(f)).map((f) => path.relative(ROOT, f).split(path.sep).join("/"));

/** "/agenda/ical/[token]" for app/agenda/ical/[token]/route.ts (route groups left out). */
const pathOf = (file: string) => "/" + path.dirname(file).split("/").slice(1).filter((p) => !/^\(.*\)$/.test(p)).join("/");

type Marked = { route?: { name: string; level: string } };

async function methodsOf(file: string): Promise<[string, Marked][]> {
  const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
  return METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Marked]);
}

describe("every route handler goes through defineRoute", () => {
  test("there are route files, and every exception is one of them", () => {
    expect(routeFiles.length).toBeGreaterThan(10);
    for (const file of Object.keys(EXCEPTIONS)) expect(routeFiles, file).toContain(file);
  });

  test.each(routeFiles.filter((f) => !(f in EXCEPTIONS)).map((f) => [f]))("%s", async (file) => {
    const methods = await methodsOf(file);
    expect(methods.length, `${file} exports no HTTP method`).toBeGreaterThan(0);
    for (const [method, fn] of methods) {
      expect(fn.route, `${method} of ${file} is not made by defineRoute`).toBeDefined();
      expect(fn.route!.name, file).toBe(`${method} ${pathOf(file)}`);
      expect(Object.keys(PERMISSIONS), `${method} ${pathOf(file)}: its level`).toContain(fn.route!.level);
    }
  });

  test("the exceptions are still exceptions (a wrapped one leaves the list)", async () => {
    for (const file of Object.keys(EXCEPTIONS)) {
      for (const [method, fn] of await methodsOf(file)) expect(fn.route, `${method} of ${file}`).toBeUndefined();
    }
  });
});

describe("a route's level agrees with its row of the authorization table", () => {
  // Each caller as it stands toward business A, whose ids the table's rows use (as authz-matrix.int.test.ts).
  const callers: Record<Role, Caller> = {
    anonymous: { signedIn: false, isAdmin: false, businessRole: null },
    client: { signedIn: true, isAdmin: false, businessRole: null },
    employee: { signedIn: true, isAdmin: false, businessRole: "employee" },
    stranger: { signedIn: true, isAdmin: false, businessRole: null },
    owner: { signedIn: true, isAdmin: false, businessRole: "owner" },
    admin: { signedIn: true, isAdmin: true, businessRole: null },
  };

  test("a row may narrow its route's level (a photo only for its business's members), never open it", async () => {
    const { ROWS_BY_NAME } = await import("./authz-table");
    for (const file of routeFiles.filter((f) => !(f in EXCEPTIONS))) {
      for (const [, fn] of await methodsOf(file)) {
        const { name, level } = fn.route!;
        const row = ROWS_BY_NAME.get(name);
        expect(row, `${name}: no row in authz-table.ts`).toBeDefined();
        const permitted = (Object.keys(callers) as Role[]).filter((r) => !denial(level as Level, callers[r], "call"));
        for (const role of row!.allow) expect(permitted, `${name} (${level}) allows ${role}`).toContain(role);
        if (level === "staff" || level === "owner" || level === "admin") expect(row!.allow, name).toEqual(permitted);
      }
    }
  });
});

describe("error answers are built in one place", () => {
  test("jsonError, tooMany and Retry-After only in lib/core/http and the listed exceptions", () => {
    const allowed = (f: string) => f.startsWith("lib/core/http/") || f === "lib/core/actions/define-read.ts" || f in EXCEPTIONS;
    const files = ["app", "lib", "components"].flatMap((d) => sourceFiles(path.join(ROOT, d), (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)));
    const offenders = files
      .map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
      .filter((f) => !allowed(f) && /\b(jsonError|tooMany)\(|Retry-After/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});

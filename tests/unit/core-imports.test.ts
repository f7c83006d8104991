/**
 * lib/core is plumbing (the pipelines, the cache, realtime, jobs, http, time…) and imports no
 * feature: what it needs of one (the caller, the permission rule, the audit writer, the user's
 * access for the realtime stream) it receives from outside (lib/pipeline.ts, app/api/realtime).
 * This reads every file under lib/core, tests included, and fails for a module it names that is
 * neither lib/core's own, the database's (db/) nor a package.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { sourceFiles } from "../source-files";

const ROOT = path.resolve(__dirname, "../..");
const CORE = path.join(ROOT, "lib/core");

/** Every module a source names: static imports and re-exports, side-effect imports, import(), require() and vi.mock(). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\b(?:import|require|vi\.mock|vi\.doMock)\s*\(\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** The modules `source` (the file `file`) names outside lib/core and db/: each is a feature, or the app's. */
function outsideCore(source: string, file: string): string[] {
  return specifiers(source).filter((spec) => {
    let target: string;
    if (spec.startsWith("@/")) target = path.join(ROOT, spec.slice(2));
    else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
    else return false; // a package
    const rel = path.relative(ROOT, target).split(path.sep).join("/");
    return !(rel === "lib/core" || rel.startsWith("lib/core/") || rel === "db" || rel.startsWith("db/"));
  });
}

describe("lib/core imports no feature", () => {
  const files = sourceFiles(CORE, (f) => /\.(ts|tsx|mts|js|mjs)$/.test(f));

  test("there are core files", () => expect(files.length).toBeGreaterThan(50));

  test("the check catches a feature named in any form, and nothing else", () => {
    const file = path.join(CORE, "actions/define-action.ts");
    const source = `import "server-only";
import { z } from "zod";
import { db } from "@/db";
import { appointments } from "@/db/schema";
import { fail } from "./result";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { getAuthContext } from "@/lib/auth/context";
import type { AuditEntry } from "@/lib/audit/record";
export { ACCESS } from "@/lib/auth/permissions";
import {
  dayOf,
} from "../../appointments/queries";
const later = () => import("@/lib/routes");
const old = require("@/components/ui/button");
import "@/lib/live-reads";
vi.mock("@/lib/auth/claims", () => ({}));`;
    expect(outsideCore(source, file)).toEqual([
      "@/lib/auth/context",
      "@/lib/audit/record",
      "@/lib/auth/permissions",
      "../../appointments/queries",
      "@/lib/live-reads",
      "@/lib/routes",
      "@/components/ui/button",
      "@/lib/auth/claims",
    ]);
  });

  test.each(files.map((f) => [path.relative(ROOT, f), f]))("%s", (_name, file) => {
    expect(outsideCore(fs.readFileSync(file, "utf8"), file)).toEqual([]);
  });
});

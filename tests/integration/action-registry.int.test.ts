/**
 * Every server action goes through the one pipeline (lib/core/actions/define-action.ts): this walks
 * every `"use server"` module of the app and fails for an exported function that was not made by
 * defineAction. (The authorization matrix of the reliability suite walks the same registry.)
 *
 * And every component sends a business's write through the one write hook
 * (components/live/use-write.ts), which applies the write's own answer: this reads every component's
 * source and fails for a write action named anywhere but in `useWrite(…)`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import type { Pipeline } from "@/lib/core/actions/define-action";
import { sourceFiles } from "../source-files";
import { actionImports, usesOutsideHook } from "../write-hook-scan";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const ROOT = path.resolve(__dirname, "../..");

function serverModules(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", ".git", ".data"].includes(entry.name) || entry.name.startsWith(".next")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) serverModules(full, out);
    else if (/\.tsx?$/.test(entry.name) && /^\s*["']use server["'];/.test(fs.readFileSync(full, "utf8"))) out.push(full);
  }
  return out;
}

const modules = [...serverModules(path.join(ROOT, "lib")), ...serverModules(path.join(ROOT, "app")), ...serverModules(path.join(ROOT, "components"))];

describe("every server action goes through the pipeline", () => {
  test("there are server action modules", () => expect(modules.length).toBeGreaterThan(3));
  test.each(modules.map((m) => [path.relative(ROOT, m), m]))("%s", async (_name, file) => {
    const mod = (await import(file)) as Record<string, unknown>;
    const outside = Object.entries(mod)
      .filter(([, v]) => typeof v === "function" && !(v as { pipeline?: unknown }).pipeline)
      .map(([k]) => k);
    expect(outside).toEqual([]);
  });
});

/** A component's source as a writer of bypasses would have it: what the check must catch. */
const BYPASS = `"use client";
import { useWrite } from "@/components/live/use-write";
import { gridMoveAction, moveAppointmentAction as move, seriesPreviewAction } from "@/lib/appointments/actions";
// gridMoveAction in a comment is no call.
export function Grid() {
  const send = useWrite(move);
  const preview = () => seriesPreviewAction({ businessId: "b" });
  return async () => (await gridMoveAction({ businessId: "b" })).ok && send({}) && preview;
}`;

describe("every business write from a component goes through useWrite", () => {
  const files = ["components", "app"].flatMap((d) =>
    sourceFiles(path.join(ROOT, d), (f) => {
      if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f)) return false;
      const source = fs.readFileSync(f, "utf8");
      return !/^\s*["']use server["'];/.test(source) && /from\s+["'][^"']*\/actions["']/.test(source);
    }),
  );
  const pipelineOf = async (module: string, from: string, name: string) => {
    const file = module.startsWith("@/") ? path.join(ROOT, module.slice(2)) : path.resolve(path.dirname(from), module);
    return ((await import(file)) as Record<string, { pipeline?: Pipeline } | undefined>)[name]?.pipeline;
  };
  /** Each write of `source` named outside the hook, as "name: line". */
  const bypasses = async (source: string, file: string) => {
    const { named, whole } = actionImports(source);
    const out = whole.map((m) => `${m}: imported whole (import the actions by name)`);
    for (const { module, imported, local } of named) {
      const pipeline = await pipelineOf(module, file, imported);
      if (!pipeline?.writes) continue;
      for (const line of usesOutsideHook(source, local)) out.push(`${imported}: ${line}`);
    }
    return out;
  };

  test("the check catches a write called without the hook, and only that", async () => {
    expect(await bypasses(BYPASS, path.join(ROOT, "components/appointments/x.tsx"))).toEqual([
      "gridMoveAction: return async () => (await gridMoveAction({ businessId: \"b\" })).ok && send({}) && preview;",
    ]);
  });

  test("components call business writes", async () => {
    let writes = 0;
    for (const file of files) {
      for (const { module, imported } of actionImports(fs.readFileSync(file, "utf8")).named) if ((await pipelineOf(module, file, imported))?.writes) writes += 1;
    }
    expect(writes).toBeGreaterThan(30);
  });

  test.each(files.map((f) => [path.relative(ROOT, f), f]))("%s", async (_name, file) => {
    expect(await bypasses(fs.readFileSync(file, "utf8"), file)).toEqual([]);
  });
});

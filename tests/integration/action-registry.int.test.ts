/**
 * Every server action goes through the one pipeline (lib/core/actions/define-action.ts): this walks
 * every `"use server"` module of the app and fails for an exported function that was not made by
 * defineAction. (The authorization matrix of the reliability suite walks the same registry.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";

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

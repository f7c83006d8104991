/** The project's source files under `dir` that `keep` accepts, builds, data and dependencies aside (for tests that read the source). */
import fs from "node:fs";
import path from "node:path";

const SKIP = ["node_modules", ".git", ".data"];

export function sourceFiles(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.includes(entry.name) || entry.name.startsWith(".next")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

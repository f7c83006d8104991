import "server-only";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

/**
 * The scripts each page of the build needs before it can show, by URL path ("/clients"): the entry
 * chunks Next lists for the page in its client reference manifest
 * (`<distDir>/server/app/…/page_client-reference-manifest.js`), route groups left out of the path.
 *
 * Next discovers a page's code only when the page's server render arrives, so a click on a link
 * whose page was never shown waits for the render and then for the code, one after the other. The
 * shell loads its menu's pages' code when the browser is idle (components/shell/route-code-preloader.tsx).
 *
 * The manifest is Next's own file, not an API: if a Next version changes its place or shape, this
 * finds nothing and the pages load their code on the click, as before (e2e/route-code.spec.ts fails
 * so that it is noticed).
 */
type Manifest = { entryJSFiles?: Record<string, string[]> };

let cached: { dir: string; byPath: Map<string, string[]> } | null = null;

function readManifests(appDir: string): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  const walk = (dir: string, segments: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(dir, e.name), [...segments, e.name]);
      else if (e.name === "page_client-reference-manifest.js") {
        const sandbox: { __RSC_MANIFEST?: Record<string, Manifest> } = {};
        try {
          vm.runInNewContext(fs.readFileSync(path.join(dir, e.name), "utf8"), sandbox, { timeout: 1000 });
        } catch {
          continue;
        }
        const manifest = sandbox.__RSC_MANIFEST?.[`/${[...segments, "page"].join("/")}`];
        const files = Object.values(manifest?.entryJSFiles ?? {}).flat();
        const urlPath = `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
        byPath.set(urlPath, [...new Set(files)].map((f) => `/_next/${f}`));
      }
    }
  };
  walk(appDir, []);
  return byPath;
}

/** The scripts of each of `paths` that the build lists, one list per path it has a page for. */
export function routeScripts(paths: readonly string[], distDir = process.env.NEXT_DIST_DIR ?? ".next"): string[][] {
  // `next dev` compiles pages on demand; what a production build left in the same folder is not its code.
  if (process.env.NODE_ENV !== "production") return [];
  const dir = path.resolve(distDir, "server", "app");
  if (cached?.dir !== dir) cached = { dir, byPath: readManifests(dir) };
  const byPath = cached.byPath;
  return paths.map((p) => byPath.get(p) ?? []).filter((s) => s.length > 0);
}

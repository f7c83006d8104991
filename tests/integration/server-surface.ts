/**
 * Everything a browser (or anyone) can call on the server, found by walking the source: the server
 * actions (every function exported by a "use server" module, each made by defineAction) and the
 * route handlers (every HTTP method exported by an app/api/**\/route.ts). The authorization matrix
 * and the bad-input suite fail when something here has no row in their table.
 */
import fs from "node:fs";
import path from "node:path";
import { sourceFiles } from "../source-files";
import { LIVE_READS } from "@/lib/live-reads";

const ROOT = path.resolve(__dirname, "../..");

export type ServerAction = ((input: never) => Promise<unknown>) & { pipeline: { name: string; level: string } };

/** Every server action by its pipeline name, with the module that exports it. */
export async function serverActions(): Promise<Map<string, { fn: ServerAction; file: string; exportName: string }>> {
  const files = ["lib", "app", "components"].flatMap((d) =>
    sourceFiles(path.join(ROOT, d), (f) => /\.tsx?$/.test(f) && /^\s*["']use server["'];/.test(fs.readFileSync(f, "utf8"))),
  );
  const out = new Map<string, { fn: ServerAction; file: string; exportName: string }>();
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [exportName, v] of Object.entries(mod)) {
      if (typeof v !== "function") continue;
      const pipeline = (v as { pipeline?: { name: string } }).pipeline;
      // A function outside the pipeline is the action-registry test's failure; here it is listed by its export name.
      out.set(pipeline?.name ?? `${path.relative(ROOT, file)}#${exportName}`, { fn: v as ServerAction, file: path.relative(ROOT, file), exportName });
    }
  }
  return out;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Every route handler as "METHOD /api/path/[param]", with its function. */
const LIVE_ROUTE = "/api/live/[resource]";

export async function routeHandlers(): Promise<Map<string, (...args: never[]) => Promise<Response>>> {
  const files = sourceFiles(path.join(ROOT, "app"), (f) => /[/\\]route\.tsx?$/.test(f));
  const out = new Map<string, (...args: never[]) => Promise<Response>>();
  for (const file of files) {
    const route = "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).filter((p) => !/^\(.*\)$/.test(p)).join("/");
    const mod = (await import(file)) as Record<string, unknown>;
    for (const m of METHODS) {
      if (typeof mod[m] !== "function") continue;
      // The live reads' one route answers each read by name: each is a surface of its own.
      const names = route === LIVE_ROUTE ? Object.keys(LIVE_READS).map((r) => `${m} /api/live/${r}`) : [`${m} ${route}`];
      for (const n of names) out.set(n, mod[m] as (...args: never[]) => Promise<Response>);
    }
  }
  return out;
}

/** Every page file under app/ with the route it serves ("/clients", "/agendar/[slug]"). */
export function pageFiles(): { file: string; route: string; source: string }[] {
  return sourceFiles(path.join(ROOT, "app"), (f) => /[/\\]page\.tsx?$/.test(f)).map((file) => {
    const route = "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).filter((p) => p && !/^\(.*\)$/.test(p)).join("/");
    return { file: path.relative(ROOT, file), route: route === "/" ? "/" : route.replace(/\/$/, ""), source: fs.readFileSync(file, "utf8") };
  });
}

/** The layouts that guard every page under them. */
export function layoutFiles(): { file: string; route: string; source: string }[] {
  return sourceFiles(path.join(ROOT, "app"), (f) => /[/\\]layout\.tsx?$/.test(f)).map((file) => {
    const route = "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).filter((p) => p && !/^\(.*\)$/.test(p)).join("/");
    return { file: path.relative(ROOT, file), route, source: fs.readFileSync(file, "utf8") };
  });
}

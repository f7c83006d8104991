/**
 * Next.js answers a method other than GET or HEAD on a file it serves as is (public/, /_next/static/)
 * with a 500. scripts/serve.ts answers 405 instead (issue 50, item 6: no 500 for a bad request),
 * naming the methods that work. The server lists public/ once when it starts; the check is a string
 * test and a set lookup, made only for the other methods.
 */
import fs from "node:fs";
import path from "node:path";

export const METHOD_NOT_ALLOWED = { status: 405, message: "Método não permitido para este arquivo." } as const;

/** Every file under public/, as the path it is served at ("/logo.svg"). */
export function publicFilePaths(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string, at: string) => {
    for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      if (e.isDirectory()) walk(path.join(d, e.name), `${at}/${e.name}`);
      else out.add(`${at}/${e.name}`);
    }
  };
  walk(dir, "");
  return out;
}

/** True when the request asks a static file for something other than reading it. */
export function staticFileMethodRefused(method: string | undefined, url: string | undefined, publicFiles: ReadonlySet<string>): boolean {
  if (method === "GET" || method === "HEAD") return false;
  const pathname = (url ?? "/").split("?")[0];
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a malformed escape: compared as sent */
  }
  return pathname.startsWith("/_next/static/") || publicFiles.has(decoded);
}

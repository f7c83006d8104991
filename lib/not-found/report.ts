/**
 * POST /api/not-found (sent by the 404 page): a public endpoint that writes to the server log,
 * so it takes little (a small body), not often (NOT_FOUND_LOG per address, counted by its route,
 * app/api/not-found/route.ts) and logs nothing a reader of the log could be fooled by (control
 * characters, e.g. fake line breaks, are removed). Its answers have no body: the page sends a
 * beacon and reads nothing.
 */
import { z } from "zod";
import { boundedText } from "@/lib/core/http/bounded-body";

export const MAX_BODY_BYTES = 2048;
export const MAX_LOGGED_PATH = 300;

const body = z.object({ path: z.string() });

/** The path as it may go into the log: no control or invisible formatting characters, bounded length. */
export function loggablePath(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, "").slice(0, MAX_LOGGED_PATH);
}

export async function handleNotFoundReport(req: Request, log: (line: string) => void = console.warn): Promise<Response> {
  const text = await boundedText(req, MAX_BODY_BYTES);
  if (text === null) return new Response(null, { status: 413 });
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: nothing to log */
  }
  const parsed = body.safeParse(json);
  if (parsed.success) log(`404: rota inexistente acessada: ${JSON.stringify(loggablePath(parsed.data.path))}`);
  return new Response(null, { status: 204 });
}

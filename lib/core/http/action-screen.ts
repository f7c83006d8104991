/**
 * The production server's screen of a server action's request (scripts/serve.ts), before Next
 * reads it: the checks of lib/core/http/action-body.ts on the headers, then on the body, which is
 * read here (it is at most ACTION_BODY_LIMIT_BYTES: the length was checked first) and handed to Next
 * in a request of its own that replays it. Only requests Next reads as actions come here (a POST
 * with Next-Action, or a multipart POST to a page); every other request goes to Next untouched.
 *
 * Cost (measured on the shared 2-core dev machine): a booking's 650-byte text body takes ~0.1 ms in
 * all (the check itself 0.014 ms; the rest is reading it and the replayed request), against the
 * several ms Next spends on the action; a multipart with a 2 MB photo 2–3 ms (busboy, the parser
 * Next then runs again). Requests that are not actions (pages, /api, files) cost nothing more.
 */
import http from "node:http";
import { createRequire } from "node:module";
import {
  ACTION_BODY_LIMIT_BYTES, REFUSALS, replyProblem, textReplyProblem, type BodyRefusal, type ReplyParts,
} from "./action-body";

type BusboyFileInfo = { filename?: string };
type Busboy = NodeJS.WritableStream & {
  on(event: "field", fn: (name: string, value: string, info: { valueTruncated: boolean; nameTruncated: boolean }) => void): Busboy;
  on(event: "file", fn: (name: string, stream: NodeJS.ReadableStream, info: BusboyFileInfo) => void): Busboy;
  on(event: "error" | "close" | "finish", fn: (e?: unknown) => void): Busboy;
};
// The multipart parser Next reads actions with (next/dist/compiled/busboy), with its options: what
// passes here parses there.
const busboy = createRequire(import.meta.url)("next/dist/compiled/busboy") as (opts: object) => Busboy;

/** The body, or null when the client went away (or sent more than it declared, which Node's parser never lets through). */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.destroy();
        resolve(null);
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks, size)));
    req.on("error", () => resolve(null));
    req.on("aborted", () => resolve(null));
  });
}

/**
 * A multipart body's parts, parsed as Next parses it, or null when busboy refuses it (no boundary,
 * truncated, malformed headers). `prefix`: the reply's field prefix ("" for a script's call,
 * "$ACTION_<n>:" for a form's bound arguments).
 */
function multipartFields(headers: http.IncomingHttpHeaders, body: Buffer): Promise<{ fields: Map<string, string>; files: Set<string>; order: string[] } | null> {
  return new Promise((resolve) => {
    let parser: Busboy;
    try {
      parser = busboy({ headers, defParamCharset: "utf8", limits: { fieldSize: ACTION_BODY_LIMIT_BYTES } });
    } catch {
      resolve(null);
      return;
    }
    const fields = new Map<string, string>();
    const files = new Set<string>();
    const order: string[] = [];
    let bad = false;
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) bad = true;
      fields.set(name, value);
      order.push(name);
    });
    parser.on("file", (name, stream) => {
      files.add(name);
      order.push(name);
      // A truncated file part errs too: handled here (unhandled, it would end the process).
      stream.on("error", () => resolve(null));
      stream.resume();
    });
    parser.on("error", () => resolve(null));
    parser.on("close", () => resolve(bad ? null : { fields, files, order }));
    parser.end(body);
  });
}

/** The reply whose fields start with `prefix`: its numbered JSON parts, its files, and their order in the body. */
function replyParts({ fields, files, order }: { fields: Map<string, string>; files: Set<string>; order: string[] }, prefix: string): ReplyParts {
  const idOf = (name: string) => {
    const id = name.slice(prefix.length);
    return name.startsWith(prefix) && /^\d+$/.test(id) ? String(Number(id)) : null;
  };
  const json = new Map<string, string>();
  for (const [name, value] of fields) {
    const id = idOf(name);
    if (id !== null) json.set(id, value);
  }
  const own = new Set([...files].flatMap((f) => idOf(f) ?? []));
  return { json, files: own, order: order.flatMap((n) => idOf(n) ?? []) };
}

/**
 * Why the body would make Next fail, or null. A script's call ("fetch"): a text body is its reply's
 * root; a multipart one holds the reply's parts. A form sent before the scripts ran ("form"): a
 * well-formed multipart, and the reply of each action it binds ($ACTION_REF_<n>, parts
 * "$ACTION_<n>:<id>") decodes.
 */
async function bodyProblem(req: http.IncomingMessage, kind: "fetch" | "form", body: Buffer): Promise<string | null> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return kind === "fetch" ? textReplyProblem(body.toString("utf8")) : null;
  const parsed = await multipartFields(req.headers, body);
  if (!parsed) return "multipart";
  if (kind === "fetch") return replyProblem(replyParts(parsed, ""));
  // A form names its action ($ACTION_ID_<id>, or $ACTION_REF_<n> with bound arguments); Next answers
  // a multipart POST that names none with its own 400 in English, and logs it.
  const names = [...parsed.fields.keys(), ...parsed.files];
  if (!names.some((n) => n.startsWith("$ACTION_ID_") || n.startsWith("$ACTION_REF_"))) return "sem ação";
  for (const name of parsed.fields.keys()) {
    if (!name.startsWith("$ACTION_REF_")) continue;
    const problem = replyProblem(replyParts(parsed, `$ACTION_${name.slice("$ACTION_REF_".length)}:`));
    if (problem) return problem;
  }
  return null;
}

/**
 * A request that replays `body` to Next in place of the one already read: the same socket, method,
 * URL and headers. Destroying it (Next does when it stops reading early) never closes the socket:
 * the answer still goes out on it.
 */
function replay(req: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.complete = true;
  copy._destroy = (err, cb) => cb(err);
  if (body.length) copy.push(body);
  copy.push(null);
  return copy;
}

export type Screened = { refused: BodyRefusal } | { request: http.IncomingMessage } | { gone: true };

/**
 * Reads the body of an action's request whose headers passed (origin, length) and screens it:
 * a refusal (400), the request to hand to Next, or `gone` when the client left. A form with a
 * URL-encoded body is not read: Next does not read it either (it answers 404 to such a call).
 */
export async function screenActionBody(req: http.IncomingMessage, kind: "fetch" | "form"): Promise<Screened> {
  if (req.headers["content-type"] === "application/x-www-form-urlencoded") return { request: req };
  const body = await readBody(req, ACTION_BODY_LIMIT_BYTES);
  if (!body) return { gone: true };
  if (await bodyProblem(req, kind, body)) return { refused: REFUSALS.malformed };
  return { request: replay(req, body) };
}

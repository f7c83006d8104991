/**
 * What the production server (scripts/serve.ts) checks in a server action's request before Next
 * reads it. Next.js answers every request it cannot decode with a 500 and logs its stack: a body over
 * the limit, a body that is not the JSON its client sends, JSON nested thousands deep (its decoder
 * recurses until the stack overflows), a truncated multipart, another site's Origin (issue 50, item
 * 6). These answer 400, 403, 411 or 413 here, with a short Portuguese text. Pure: next.config.ts,
 * the server and the tests read it; lib/core/http/action-screen.ts reads the body.
 */

/**
 * The largest server-action request body (a professional's photo, 2 MB, plus its form). Next
 * enforces it while reading the body, but answers an oversize body with a 500; the server answers
 * 413 from the declared length before Next reads anything.
 */
export const ACTION_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/**
 * The deepest JSON an action's body may hold. The deepest input the app sends is 'Restrições'
 * (arguments → week → day → breaks → break: 5 levels); React's decoder overflowed the stack at
 * 5,000.
 */
export const ACTION_JSON_MAX_DEPTH = 64;

/**
 * React's decoder counts the slots of arrays nested in arrays (each array's length + 1, and the
 * characters of the strings in them) and refuses a reply over a million ("Maximum array nesting
 * exceeded"): a 2 MB body of zeros reaches it. The app's largest array is a professional's services
 * (1,000 at most).
 */
export const ACTION_ARRAY_SLOTS_MAX = 1_000_000;

export type BodyRefusal = { status: 400 | 403 | 411 | 413; message: string };

export const REFUSALS = {
  noLength: { status: 411, message: "Informe o tamanho da requisição." },
  tooLarge: { status: 413, message: "O envio é maior que o permitido (3 MB)." },
  malformed: { status: 400, message: "Envio inválido: os dados chegaram incompletos ou mal formados." },
  foreignOrigin: { status: 403, message: "Envio recusado: ele não veio de uma página deste site." },
} as const satisfies Record<string, BodyRefusal>;

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Next's own test (server-action-request-meta.js): a multipart POST may be a form sent before the page's scripts ran. */
const isMultipart = (headers: Headers) => (header(headers, "content-type") ?? "").startsWith("multipart/form-data");

/**
 * Whether Next reads the request as a server action, by its own rule: a POST with the Next-Action
 * header ("fetch": the page's script calls it), or a multipart POST to a page ("form": a form sent
 * before the scripts ran; Next decodes it to find out). Route handlers (/api/…) read their own
 * bodies, with their own limits. null: not an action; the request goes to Next untouched.
 */
export function actionRequestKind(method: string | undefined, url: string | undefined, headers: Headers): "fetch" | "form" | null {
  if (method !== "POST" || (url ?? "/").startsWith("/api/")) return null;
  if (typeof headers["next-action"] === "string") return "fetch";
  return isMultipart(headers) ? "form" : null;
}

/**
 * Why a server action's request is refused before its body is read, or null. Browsers always declare
 * the length of an action's body; a chunked one (no length) could only be measured by reading it, so
 * it is refused as HTTP allows (411).
 */
export function actionBodyRefusal(headers: Headers, limit = ACTION_BODY_LIMIT_BYTES): BodyRefusal | null {
  if (!headers["next-action"] && !isMultipart(headers)) return null;
  const declared = header(headers, "content-length");
  if (declared === undefined) return headers["transfer-encoding"] ? REFUSALS.noLength : null;
  const bytes = Number(declared);
  if (!Number.isFinite(bytes) || bytes < 0) return REFUSALS.noLength;
  return bytes > limit ? REFUSALS.tooLarge : null;
}

/**
 * Next's check against cross-site posts (action-handler.js), made first: an Origin must name the
 * host the request came to (X-Forwarded-Host's first value, else Host). Next refuses the same
 * requests, with a 500 and a logged error; a malformed Origin made it throw. No Origin passes, as in
 * Next (a hand-made request carries nobody's cookies; browsers always send one with a POST).
 * next.config.ts sets no serverActions.allowedOrigins; one set there must be allowed here too.
 */
export function originRefusal(headers: Headers): BodyRefusal | null {
  const origin = header(headers, "origin");
  if (origin === undefined) return null;
  let originHost: string;
  if (origin === "null") originHost = "null";
  else {
    try {
      originHost = new URL(origin).host;
    } catch {
      return REFUSALS.foreignOrigin;
    }
  }
  const forwarded = header(headers, "x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || header(headers, "host");
  return host && originHost === host ? null : REFUSALS.foreignOrigin;
}

/** The deepest nesting of `[` and `{` in a JSON text (outside its strings), stopping once over `max`. */
export function jsonDepth(text: string, max = ACTION_JSON_MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/**
 * The strings of a reply (React's encoding of an action's arguments) that this app's forms send:
 * plain JSON, where a string starting with "$" is one of
 *   "$$…" (a text that began with "$"), "$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0",
 *   "$n…" (a BigInt, at most 300 digits: React's limit), "$D…" (a Date), "$T" (a value the
 *   browser kept), "$K<id>" (a FormData), "$B<id>" (a file, a part of the multipart body), or
 *   "$<id>[:key…]" (another JSON part, or a path inside one: React's outlined and repeated objects),
 *   "$@<id>" (a promise: a form's bound arguments, sent before the page's scripts ran).
 * React also encodes Maps, Sets, iterators, streams, typed arrays and server functions; no action
 * of this app takes one, so their strings are refused with the rest.
 */
const SCALAR = /^\$(?:\$|u|N|I|-|D|T$)/;
const BIG_INT = /^\$n-?\d{1,299}$/;
const FORM_DATA = /^\$K[0-9a-f]+$/;
const FILE = /^\$B([0-9a-f]+)$/;
const PART = /^\$(@?)([0-9a-f]+)((?::[^:]*)*)$/;

/**
 * The parts of a reply: its JSON parts by id (decimal, as the multipart names them), the ids of its
 * files, and every part's place in the body (Next decodes a multipart as it streams in: a part can
 * name only what came before it, or itself, except a promise's part, which may come later).
 */
export type ReplyParts = { json: ReadonlyMap<string, string>; files: ReadonlySet<string>; order: readonly string[] };

/**
 * Why React's decoder would fail on this reply (and Next answer 500), or null: no root part ("0"), a
 * part that is not JSON or nested deeper than the limit, or a "$…" string that names a part, a file
 * or a key the reply does not have, or a kind of value no action here takes.
 */
export function replyProblem({ json, files, order }: ReplyParts): string | null {
  if (!json.has("0")) return "sem raiz";
  const parsed = new Map<string, unknown>();
  for (const [id, text] of json) {
    if (jsonDepth(text) > ACTION_JSON_MAX_DEPTH) return "aninhamento";
    try {
      parsed.set(id, JSON.parse(text));
    } catch {
      return "json";
    }
  }
  const place = new Map(order.map((id, i) => [id, i]));
  const before = (id: string, from: string) => id === from || (place.get(id) ?? Infinity) < (place.get(from) ?? -1);
  const resolves = (id: string, path: string[]) => {
    if (!parsed.has(id)) return false;
    let at = parsed.get(id);
    for (const key of path) {
      if (at === null || typeof at !== "object" || !Object.prototype.hasOwnProperty.call(at, key)) return false;
      at = (at as Record<string, unknown>)[key];
    }
    return true;
  };
  let slots = 0;
  const stack: { v: unknown; inArray: boolean; part: string }[] = [...parsed].map(([part, v]) => ({ v, inArray: true, part }));
  while (stack.length) {
    const { v, inArray, part: from } = stack.pop()!;
    if (typeof v === "string" && inArray) slots += v.length;
    if (Array.isArray(v)) slots += v.length + 1;
    if (slots > ACTION_ARRAY_SLOTS_MAX) return "arranjo";
    if (typeof v === "string") {
      if (!v.startsWith("$") || SCALAR.test(v) || BIG_INT.test(v) || FORM_DATA.test(v)) continue;
      const file = FILE.exec(v);
      if (file && files.has(String(parseInt(file[1], 16))) && before(String(parseInt(file[1], 16)), from)) continue;
      const ref = PART.exec(v);
      const id = ref && String(parseInt(ref[2], 16));
      if (ref && id && (ref[1] ? parsed.has(id) : before(id, from) && resolves(id, ref[3] ? ref[3].slice(1).split(":") : []))) continue;
      return "referência";
    }
    if (v !== null && typeof v === "object") for (const x of Object.values(v)) stack.push({ v: x, inArray: Array.isArray(v), part: from });
  }
  return null;
}

/** A text body (the browser sends one when the arguments need no other part): the reply's root alone. */
export function textReplyProblem(text: string): string | null {
  return replyProblem({ json: new Map([["0", text]]), files: new Set(), order: ["0"] });
}

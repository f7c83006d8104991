/**
 * React's own reply encoder and decoder (the ones Next.js bundles), for the bad-input suite
 * (tests/integration/bad-input.int.test.ts): the server's screen of an action's body
 * (lib/core/http/action-body.ts, action-screen.ts) must let through everything the browser's
 * encoder sends, and refuse everything the server's decoder fails on. They need different module
 * conditions (the decoder runs only under "react-server"), so each runs in a process of its own:
 *
 *   node tests/support/react-reply.mjs encode                              < values.json
 *   node --conditions=react-server tests/support/react-reply.mjs decode    < bodies.json
 *
 * encode: a JSON array of values; the strings "<undefined>", "<NaN>", "<-0>", "<date>", "<bigint>",
 *   "<blob>", "<promise>" and "<shared>" (one object used twice) become those values. Out: one body each,
 *   { contentType, base64 } (text, or the multipart the browser would post).
 * decode: a JSON array of { contentType, base64 }. Out: "ok", "error: …" or "hang" for each,
 *   decoded as Next.js decodes an action's body (a text, or a multipart through busboy).
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const MODE = process.argv[2];
const input = JSON.parse(fs.readFileSync(0, "utf8"));
/** A CommonJS module of Next's compiled folder. */
const compiled = async (name) => (await import(`next/dist/compiled/${name}`)).default;

async function encode(values) {
  const { encodeReply, createTemporaryReferenceSet } = await compiled("react-server-dom-turbopack/client.browser.js");
  const shared = { compartilhado: true };
  const revive = (v) => {
    if (v === "<undefined>") return undefined;
    if (v === "<NaN>") return NaN;
    if (v === "<-0>") return -0;
    if (v === "<date>") return new Date(Date.UTC(2031, 0, 2, 3, 4, 5));
    if (v === "<bigint>") return 12345678901234567890n;
    if (v === "<blob>") return new Blob(["foto"], { type: "image/png" });
    if (v === "<shared>") return shared;
    if (v === "<promise>") return Promise.resolve(["valor"]);
    if (Array.isArray(v)) return v.map(revive);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
    return v;
  };
  const out = [];
  for (const value of values) {
    const reply = await encodeReply(revive(value), { temporaryReferences: createTemporaryReferenceSet() });
    if (typeof reply === "string") out.push({ contentType: "text/plain;charset=UTF-8", base64: Buffer.from(reply).toString("base64") });
    else {
      const res = new Response(reply);
      out.push({ contentType: res.headers.get("content-type"), base64: Buffer.from(await res.arrayBuffer()).toString("base64") });
    }
  }
  return out;
}

async function decode(bodies) {
  const { decodeReply, decodeReplyFromBusboy, createTemporaryReferenceSet } = await compiled("react-server-dom-turbopack/server.node.js");
  const busboy = await compiled("busboy/index.js");
  const one = async ({ contentType, base64 }) => {
    const body = Buffer.from(base64, "base64");
    const temporaryReferences = createTemporaryReferenceSet();
    if (!contentType.startsWith("multipart/form-data")) return decodeReply(body.toString("utf-8"), {}, { temporaryReferences });
    const bb = busboy({ defParamCharset: "utf8", headers: { "content-type": contentType }, limits: { fieldSize: 3 * 1024 * 1024 } });
    const [, args] = await Promise.all([pipeline(Readable.from([body]), bb), decodeReplyFromBusboy(bb, {}, { temporaryReferences })]);
    return args;
  };
  const out = [];
  for (const b of bodies) {
    const hang = new Promise((resolve) => setTimeout(() => resolve("hang"), 1000).unref());
    out.push(
      await Promise.race([
        (async () => {
          try {
            await one(b);
            return "ok";
          } catch (e) {
            return `error: ${e instanceof Error ? e.message : String(e)}`;
          }
        })(),
        hang,
      ]),
    );
  }
  return out;
}

(MODE === "encode" ? encode(input) : decode(input)).then(
  (out) => process.stdout.write(JSON.stringify(out)),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

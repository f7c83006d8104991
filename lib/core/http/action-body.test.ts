import { describe, expect, test } from "vitest";
import {
  ACTION_ARRAY_SLOTS_MAX, ACTION_BODY_LIMIT_BYTES, actionBodyRefusal, actionRequestKind, jsonDepth, originRefusal, replyProblem, textReplyProblem,
} from "./action-body";

describe("actionBodyRefusal", () => {
  const action = { "next-action": "abc123" };
  const form = { "content-type": "multipart/form-data; boundary=x" };
  test.each([
    [{ ...action, "content-length": String(ACTION_BODY_LIMIT_BYTES) }, null],
    [{ ...action, "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) }, 413],
    [{ ...action, "content-length": "99999999999" }, 413],
    [{ ...action, "content-length": "abc" }, 411],
    [{ ...action, "transfer-encoding": "chunked" }, 411],
    [{ ...action }, null],
    // A multipart POST to a page is read by Next as a form's action: the same limit.
    [{ ...form, "content-length": String(5 * 1024 * 1024) }, 413],
    [{ ...form, "transfer-encoding": "chunked" }, 411],
    [{ ...form, "content-length": "100" }, null],
    // Not an action: pages and route handlers read their own bodies.
    [{ "content-length": String(ACTION_BODY_LIMIT_BYTES * 10) }, null],
  ])("%o → %s", (headers, status) => expect(actionBodyRefusal(headers)?.status ?? null).toBe(status));
});

describe("actionRequestKind: what Next reads as a server action", () => {
  test.each([
    ["POST", "/agendar/x", { "next-action": "7f00" }, "fetch"],
    ["POST", "/auth", { "content-type": "multipart/form-data; boundary=x" }, "form"],
    ["POST", "/auth", { "content-type": "application/json" }, null],
    ["POST", "/auth", { "content-type": "application/x-www-form-urlencoded" }, null],
    ["GET", "/agendar/x", { "next-action": "7f00" }, null],
    // Route handlers read their own bodies.
    ["POST", "/api/conversations", { "next-action": "7f00", "content-type": "multipart/form-data; boundary=x" }, null],
  ] as const)("%s %s %o → %s", (method, url, headers, kind) => expect(actionRequestKind(method, url, headers)).toBe(kind));
});

describe("originRefusal: Next's check against other sites, answered 403 instead of 500", () => {
  test.each([
    [{ host: "agenda.exemplo.com.br", origin: "https://agenda.exemplo.com.br" }, null],
    [{ host: "localhost:3000", origin: "http://localhost:3000" }, null],
    // No Origin: let through, as Next does (a hand-made request carries nobody's cookies).
    [{ host: "localhost:3000" }, null],
    // Behind a proxy that names the public host.
    [{ host: "127.0.0.1:3501", "x-forwarded-host": "agenda.exemplo.com.br, outro", origin: "https://agenda.exemplo.com.br" }, null],
    [{ host: "localhost:3000", origin: "https://evil.example" }, 403],
    [{ host: "localhost:3000", origin: "http://localhost.evil.example" }, 403],
    [{ host: "localhost:3000", origin: "http://localhost:3001" }, 403],
    [{ host: "localhost:3000", origin: "null" }, 403],
    [{ host: "localhost:3000", origin: "evil" }, 403],
    [{ host: "localhost:3000", origin: "http://[::1" }, 403],
    [{ origin: "http://localhost:3000" }, 403],
  ])("%o → %s", (headers, status) => expect(originRefusal(headers)?.status ?? null).toBe(status));
});

describe("the reply React decodes (a body with Next-Action)", () => {
  test("depth: counted outside strings, stopping past the limit", () => {
    expect(jsonDepth('[{"a":[1]}]')).toBe(3);
    expect(jsonDepth('["[[[[", "{\\"[["]')).toBe(1);
    expect(jsonDepth("[".repeat(5000) + "]".repeat(5000))).toBe(65);
  });

  test.each([
    '[{"businessId":"x","name":"Ana"}]',
    '[{"name":"$$5,00 de desconto","a":"$undefined","b":"$NaN","c":"$Infinity","d":"$-Infinity","e":"$-0","f":"$n12345","g":"$D2031-01-01T00:00:00.000Z","h":"$T"}]',
    // A repeated object: a path inside the root.
    '[{"a":{"b":1},"c":"$0:0:a"}]',
    "[" + "[".repeat(60) + "]".repeat(60) + "]",
    JSON.stringify([{ offers: Array.from({ length: 1000 }, (_, i) => ({ serviceId: `s${i}`, offered: true, price: "10,00" })) }]),
  ])("decodes: %s", (body) => expect(textReplyProblem(body)).toBeNull());

  test.each([
    ['[{"slug":', "json"],
    ["not json", "json"],
    ["", "json"],
    ["[".repeat(5000) + "]".repeat(5000), "aninhamento"],
    ['{"a":'.repeat(100) + "1" + "}".repeat(100), "aninhamento"],
    // Names a part a text body never has: React waits for it ("Connection closed.").
    ['["$1"]', "referência"],
    ['["$Q1"]', "referência"],
    ['["$@1"]', "referência"],
    ['["$h1"]', "referência"],
    ['["$B1"]', "referência"],
    ['["$A1"]', "referência"],
    ['["$0:x"]', "referência"],
    ['["$nx"]', "referência"],
    ['["$n' + "9".repeat(400) + '"]', "referência"],
    ["[" + "0,".repeat(ACTION_ARRAY_SLOTS_MAX) + "0]", "arranjo"],
  ])("refused: %s → %s", (body, why) => expect(textReplyProblem(body.slice(0, 100_000_000))).toBe(why));

  test("a multipart reply: its parts and files may be named; a missing root or part is refused", () => {
    // In the body's order: the files and outlined parts first, the root last, as the browser's encoder writes them.
    const parts = (json: Record<string, string>, files: string[] = [], order = [...files, ...Object.keys(json).filter((k) => k !== "0"), "0"]) => ({
      json: new Map(Object.entries(json)), files: new Set(files), order,
    });
    expect(replyProblem(parts({ "0": '[{"photo":"$B1","more":"$2"}]', "2": '{"x":1}' }, ["1"]))).toBeNull();
    expect(replyProblem(parts({ "0": '["$K1"]' }))).toBeNull();
    expect(replyProblem(parts({ "1": "[]" }))).toBe("sem raiz");
    expect(replyProblem(parts({ "0": '["$B1"]' }))).toBe("referência");
    expect(replyProblem(parts({ "0": '["$3"]', "2": "{}" }))).toBe("referência");
    expect(replyProblem(parts({ "0": '["$a"]', "10": "{}" }))).toBeNull();
    expect(replyProblem(parts({ "0": "[]", "1": "{" }))).toBe("json");
    // A form's bound action: its id and a promise of its arguments.
    expect(replyProblem(parts({ "0": '{"id":"7f00","bound":"$@1"}', "1": '["x"]' }))).toBeNull();
    // Decoded as it streams in: a part names only parts before it (a promise's part may come after).
    expect(replyProblem(parts({ "0": '["$1"]', "1": "{}" }, [], ["0", "1"]))).toBe("referência");
    expect(replyProblem(parts({ "0": '["$B1"]' }, ["1"], ["0", "1"]))).toBe("referência");
    expect(replyProblem(parts({ "0": '["$@1"]', "1": "{}" }, [], ["0", "1"]))).toBeNull();
  });
});

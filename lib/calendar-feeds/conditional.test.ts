import { describe, expect, test } from "vitest";
import { contentEtag, contentHash, httpDate, notModified } from "./conditional";

const changed = new Date("2031-03-03T14:00:00.750Z");
const h = (init: Record<string, string>) => new Headers(init);

describe("conditional GET", () => {
  test("the ETag is the body's hash, strong and quoted; the stored hash is it without quotes", () => {
    const etag = contentEtag("BEGIN:VCALENDAR");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(contentEtag("BEGIN:VCALENDAR")).toBe(etag);
    expect(contentEtag("BEGIN:VCALENDAR ")).not.toBe(etag);
    expect(`"${contentHash(etag)}"`).toBe(etag);
  });

  test("Last-Modified in whole seconds", () => {
    expect(httpDate(changed)).toBe("Mon, 03 Mar 2031 14:00:00 GMT");
  });

  test("If-None-Match: the same tag (weak too, in a list, or *) is not modified; another tag is, whatever If-Modified-Since says", () => {
    const etag = contentEtag("x");
    expect(notModified(h({ "if-none-match": etag }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-none-match": `W/${etag}` }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-none-match": `"other", ${etag}` }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-none-match": "*" }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-none-match": '"other"', "if-modified-since": httpDate(changed) }), etag, changed)).toBe(false);
  });

  test("If-Modified-Since alone: not modified from the change's second on", () => {
    const etag = contentEtag("x");
    expect(notModified(h({ "if-modified-since": httpDate(changed) }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-modified-since": "Mon, 03 Mar 2031 14:00:01 GMT" }), etag, changed)).toBe(true);
    expect(notModified(h({ "if-modified-since": "Mon, 03 Mar 2031 13:59:59 GMT" }), etag, changed)).toBe(false);
    expect(notModified(h({ "if-modified-since": "ontem" }), etag, changed)).toBe(false);
    expect(notModified(h({}), etag, changed)).toBe(false);
  });
});

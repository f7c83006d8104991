import { describe, expect, it } from "vitest";
import { encodeCursor, parseCursor, requestCursor } from "./cursor";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";

describe("the stream's cursor as an SSE id", () => {
  it("round-trips per business", () => {
    const cursor = { [A]: 0, [B]: 9_007_199_254 };
    expect(encodeCursor(cursor)).toBe(`${A}:0,${B}:9007199254`);
    expect(parseCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(parseCursor(encodeCursor({}))).toEqual({});
  });

  it("leaves out what is not a business and a seq", () => {
    expect(parseCursor(null)).toEqual({});
    expect(parseCursor(`${A}:5,not-a-uuid:3,${B}:-1,${B}:x,${A.toUpperCase()}:7,:,,`)).toEqual({ [A]: 7 });
    expect(parseCursor(`${A}:1234567890123456`)).toEqual({});
  });

  it("resumes a request from Last-Event-ID, else from ?after=", () => {
    const url = `http://localhost/api/realtime?after=${encodeURIComponent(`${A}:3`)}`;
    expect(requestCursor(new Request(url))).toEqual({ [A]: 3 });
    expect(requestCursor(new Request(url, { headers: { "Last-Event-ID": `${A}:8,${B}:2` } }))).toEqual({ [A]: 8, [B]: 2 });
    expect(requestCursor(new Request("http://localhost/api/realtime"))).toEqual({});
  });

  it("keeps at most 500 businesses of an id", () => {
    const many = Array.from({ length: 600 }, (_, i) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000:${i}`).join(",");
    expect(Object.keys(parseCursor(many))).toHaveLength(500);
  });
});

import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, test, vi } from "vitest";
import { decodeSession } from "./session-decode";

const SECRET = "session-decode-test-secret-0123456789abcdef";

afterEach(() => {
  vi.useRealTimers();
});

describe("decodeSession (next-auth's decode, remembered per cookie)", () => {
  test("decodes a session cookie, and the same text again without decrypting it again", async () => {
    const token = await encode({ token: { uid: "u1", sv: 3 }, secret: SECRET, maxAge: 60 });
    const first = await decodeSession({ token, secret: SECRET });
    expect(first).toMatchObject({ uid: "u1", sv: 3 });
    const again = await decodeSession({ token, secret: SECRET });
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
  });

  test("a cookie decoded once is still refused under another secret", async () => {
    const token = await encode({ token: { uid: "u2" }, secret: SECRET, maxAge: 60 });
    await decodeSession({ token, secret: SECRET });
    await expect(decodeSession({ token, secret: `${SECRET}-other` })).rejects.toThrow();
  });

  test("a changed cookie is refused", async () => {
    const token = await encode({ token: { uid: "u3" }, secret: SECRET, maxAge: 60 });
    await decodeSession({ token, secret: SECRET });
    const parts = token.split(".");
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith("AA") ? "BB" : "AA");
    await expect(decodeSession({ token: parts.join("."), secret: SECRET })).rejects.toThrow();
  });

  test("a remembered cookie past its expiry is not served from memory", async () => {
    const token = await encode({ token: { uid: "u4" }, secret: SECRET, maxAge: 60 });
    expect(await decodeSession({ token, secret: SECRET })).toMatchObject({ uid: "u4" });
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    await expect(decodeSession({ token, secret: SECRET })).rejects.toThrow(/exp/);
  });

  test("no cookie, no session", async () => {
    expect(await decodeSession({ token: undefined, secret: SECRET })).toBeNull();
  });
});

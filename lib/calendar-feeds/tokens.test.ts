import { describe, expect, test } from "vitest";
import { feedPath, hashFeedToken, isFeedTokenShaped, newFeedToken } from "./tokens";

describe("feed tokens", () => {
  test("256 random bits, base64url; only the SHA-256 (hex) is stored", () => {
    const a = newFeedToken();
    const b = newFeedToken();
    expect(a.token).not.toBe(b.token);
    expect(Buffer.from(a.token, "base64url")).toHaveLength(32);
    expect(isFeedTokenShaped(a.token)).toBe(true);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(hashFeedToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });

  test.each(["", "abc", "x".repeat(44), "a".repeat(42) + "=", "a".repeat(42) + "/", "../../etc/passwd"])("%j is not looked up", (t) => {
    expect(isFeedTokenShaped(t)).toBe(false);
  });

  test("the path", () => {
    expect(feedPath("abc_-")).toBe("/agenda/ical/abc_-");
  });
});

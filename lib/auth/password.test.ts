import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  test("a hash verifies the password it was made from", async () => {
    const hashed = await hashPassword("agenda123");
    expect(await verifyPassword(hashed, "agenda123")).toBe(true);
  });

  test("a wrong password does not verify", async () => {
    const hashed = await hashPassword("agenda123");
    expect(await verifyPassword(hashed, "agenda124")).toBe(false);
    expect(await verifyPassword(hashed, "")).toBe(false);
  });

  test("hashes are argon2id with m=19456, t=2, p=1 and a fresh salt each time", async () => {
    const a = await hashPassword("agenda123");
    const b = await hashPassword("agenda123");
    expect(a.startsWith("$argon2id$")).toBe(true);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  test("a malformed or missing hash is a mismatch, not an exception", async () => {
    expect(await verifyPassword("not-a-hash", "agenda123")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$broken", "agenda123")).toBe(false);
    expect(await verifyPassword("", "agenda123")).toBe(false);
    expect(await verifyPassword(null, "agenda123")).toBe(false);
  });
});

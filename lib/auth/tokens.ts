import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: what goes into an e-mailed link. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this SHA-256 (hex) of a token is stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

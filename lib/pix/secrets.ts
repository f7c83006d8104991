import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/core/config/app-url";

/**
 * The PSP's credentials at rest (business_pix.psp_secrets): AES-256-GCM under a key derived from
 * AUTH_SECRET (HKDF, its own label), so a copy of the database alone doesn't give a bank's client
 * secret or certificate away. Changing AUTH_SECRET makes them unreadable: the owner enters them again
 * (the settings card says so when `openSecrets` returns null).
 */
export type PspSecrets = {
  clientSecret: string;
  /** PEM, when the PSP asks for mTLS. */
  certificate: string | null;
  privateKey: string | null;
  /** The shared secret the PSP's webhook is signed with (HMAC-SHA256 of the body). */
  webhookSecret: string;
};

function key(): Buffer {
  const secret = authSecret();
  if (!secret) throw new Error("AUTH_SECRET não está definida.");
  return Buffer.from(hkdfSync("sha256", secret, "agenda", "pix psp secrets v1", 32));
}

export function sealSecrets(s: PspSecrets): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(s), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The secrets, or null when they were sealed under another AUTH_SECRET (or tampered with). */
export function openSecrets(sealed: string): PspSecrets | null {
  const [v, iv, tag, body] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8")) as PspSecrets;
  } catch {
    return null;
  }
}

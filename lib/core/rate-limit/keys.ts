import { createHash } from "node:crypto";

/** The stored key for the parts of a subject (e.g. an e-mail and an address): a short hash, never the text. */
export function subjectKey(...parts: string[]): string {
  return createHash("sha256").update(parts.map((p) => p.trim().toLowerCase()).join("\n"), "utf8").digest("hex").slice(0, 40);
}

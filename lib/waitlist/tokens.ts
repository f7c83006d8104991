import { createHash, randomBytes } from "node:crypto";
import { appUrl } from "@/lib/core/config/app-url";

/** An offer's 'Quero este horário' link: 256 random bits; only the SHA-256 is stored (waitlist_offers). */
export function newOfferToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOfferToken(token) };
}

export function hashOfferToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The offer's page: /agendar/lista-de-espera/{token}. */
export function offerPath(token: string): string {
  return `/agendar/lista-de-espera/${encodeURIComponent(token)}`;
}

/** As sent: from APP_URL, never from a request's Host. */
export function offerUrl(token: string): string {
  return `${appUrl()}${offerPath(token)}`;
}

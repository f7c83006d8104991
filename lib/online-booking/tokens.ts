import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { appUrl } from "@/lib/core/config/app-url";

/** The private link of one booking: 256 random bits; only the SHA-256 is stored (online_booking_tokens). */
export function newBookingToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashBookingToken(token) };
}

export function hashBookingToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The link's path: /agendar/reserva/{token}. */
export function bookingPath(token: string): string {
  return `/agendar/reserva/${encodeURIComponent(token)}`;
}

/** The link as e-mailed: built from APP_URL, never from the request's Host. */
export function bookingUrl(token: string): string {
  return `${appUrl()}${bookingPath(token)}`;
}

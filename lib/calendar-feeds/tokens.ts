import { hashToken, newToken } from "@/lib/auth/tokens";
import { appUrl } from "@/lib/core/config/app-url";

/**
 * The secret of a calendar feed's address: 256 random bits (base64url, 43 characters), the same
 * helpers as the reset and API-key tokens; only the SHA-256 is stored (professional_calendar_feeds).
 */
export function newFeedToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

export const hashFeedToken = hashToken;

/** What newFeedToken makes: anything else is not looked up at all. */
export function isFeedTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The feed's path: /agenda/ical/{token}. */
export function feedPath(token: string): string {
  return `/agenda/ical/${encodeURIComponent(token)}`;
}

/** The address as shown to subscribe: from APP_URL, never from a request's Host. */
export function feedUrl(token: string): string {
  return `${appUrl()}${feedPath(token)}`;
}

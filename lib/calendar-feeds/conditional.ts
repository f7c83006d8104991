/**
 * The feed's conditional GET (RFC 9110 §13): a strong ETag from the body's hash and Last-Modified in
 * whole seconds, and whether a request's validators still match (then 304). Pure.
 */
import { createHash } from "node:crypto";

/** The ETag of a body: its SHA-256, quoted (strong: the same bytes, always). */
export function contentEtag(body: string): string {
  return `"${createHash("sha256").update(body, "utf8").digest("base64url")}"`;
}

/** The hash kept with the feed (professional_calendar_feeds.content_hash): the ETag without quotes. */
export function contentHash(etag: string): string {
  return etag.slice(1, -1);
}

/** An HTTP date ("Tue, 04 Mar 2031 13:00:00 GMT"); the milliseconds an HTTP date can't say are dropped. */
export function httpDate(d: Date): string {
  return new Date(Math.floor(d.getTime() / 1000) * 1000).toUTCString();
}

/**
 * Whether the client's copy is current. If-None-Match decides when sent (weak comparison, `*` too);
 * only without it does If-Modified-Since count: not modified when Last-Modified (in whole seconds)
 * is not after it. A date that doesn't parse counts as absent.
 */
export function notModified(headers: Headers, etag: string, lastModified: Date): boolean {
  const match = headers.get("if-none-match");
  if (match !== null) {
    return match.split(",").some((t) => {
      const tag = t.trim();
      return tag === "*" || tag.replace(/^W\//, "") === etag;
    });
  }
  const since = headers.get("if-modified-since");
  if (!since) return false;
  const t = Date.parse(since);
  if (Number.isNaN(t)) return false;
  return Math.floor(lastModified.getTime() / 1000) * 1000 <= t;
}

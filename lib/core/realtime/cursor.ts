/**
 * Where a reader of the change log stands: per business, the last seq it has (0: none yet). Per
 * business because seq order is commit order only within one business (migration 0021): a single
 * number would let a later commit of one business hide an earlier-numbered one of another.
 */
export type Cursor = Record<string, number>;

/** Beyond this many businesses an id is not ours: the rest start at the current end. */
const MAX_ENTRIES = 500;
const ENTRY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,15})$/i;

/** `uuid:seq,uuid:seq`: the SSE `id:` of the stream, and its `?after=`. */
export function encodeCursor(cursor: Cursor): string {
  return Object.entries(cursor)
    .map(([b, s]) => `${b}:${s}`)
    .join(",");
}

/** What an id names; entries that are not a business and a seq are left out. */
export function parseCursor(text: string | null | undefined): Cursor {
  const cursor: Cursor = {};
  for (const part of (text ?? "").split(",").slice(0, MAX_ENTRIES)) {
    const m = ENTRY.exec(part.trim());
    if (m) cursor[m[1].toLowerCase()] = Number(m[2]);
  }
  return cursor;
}

/**
 * Where a request to /api/realtime resumes: the Last-Event-ID header of an EventSource that
 * reconnects by itself, else `?after=` (the page's render cursor, or the last id the page got when
 * it opens a new EventSource after a drop).
 */
export function requestCursor(req: Request): Cursor {
  return parseCursor(req.headers.get("last-event-id") || new URL(req.url).searchParams.get("after"));
}

/**
 * The change-log seqs this tab's own writes made (an action's `seqs`, lib/actions/result.ts). The
 * write's answer has already updated the screen, so the stream's echo of it is recognised here and
 * costs nothing (components/live/live-cache.ts). Other tabs and devices don't know them and read.
 */
const own = new Set<number>();
/** Echoes come within a second; the oldest seqs beyond this many are forgotten. */
const KEEP = 500;

export function noteOwnChanges<R extends { ok: boolean; seqs?: number[] }>(result: R): R {
  if (result.ok) for (const s of result.seqs ?? []) own.add(s);
  for (const s of own) {
    if (own.size <= KEEP) break;
    own.delete(s);
  }
  return result;
}

/** Whether `seq` is one of this tab's writes. */
export function isOwnChange(seq: number | null): boolean {
  return seq !== null && own.has(seq);
}

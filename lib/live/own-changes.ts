/**
 * The change-log seqs this tab's own writes made (an action's `seqs`, lib/actions/result.ts). The
 * write's answer has already updated the screen, so the stream's echo of it is recognised here and
 * costs nothing (components/live/live-cache.tsx). Other tabs and devices don't know them and read.
 */
const own = new Set<number>();

export function noteOwnChanges(result: { ok: boolean; seqs?: number[] }): void {
  if (result.ok) for (const s of result.seqs ?? []) own.add(s);
}

/** Whether `seq` is one of this tab's writes; each is recognised once. */
export function isOwnChange(seq: number | null): boolean {
  return seq !== null && own.delete(seq);
}

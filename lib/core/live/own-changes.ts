/**
 * This tab's own writes and the change-log seqs they made (an action's `seqs`, lib/core/actions/result.ts).
 * The write's answer updates the screen itself, so the stream's echo of it is recognised here and
 * costs nothing (components/live/live-cache.ts). The echo may come before the answer does: while a
 * write is out, the stream's changes wait for it. Other tabs and devices don't know the seqs and read.
 */
const own = new Set<number>();
/** Echoes come within a second; the oldest seqs beyond this many are forgotten. */
const KEEP = 500;
let inFlight = 0;
const settled = new Set<() => void>();

/** Sends a write whose answer the screen puts into its cache: `ownWrite(createAppointmentAction(…))`. */
export async function ownWrite<R extends { ok: boolean; seqs?: number[] }>(write: Promise<R>): Promise<R> {
  inFlight += 1;
  try {
    const result = await write;
    if (result.ok) for (const s of result.seqs ?? []) own.add(s);
    for (const s of own) {
      if (own.size <= KEEP) break;
      own.delete(s);
    }
    return result;
  } finally {
    inFlight -= 1;
    if (!inFlight) for (const fn of [...settled]) fn();
  }
}

/** Runs `fn` once no write of this tab is out (at once when none is). */
export function whenWritesSettle(fn: () => void): void {
  if (!inFlight) return fn();
  const once = () => {
    settled.delete(once);
    fn();
  };
  settled.add(once);
}

/** Whether `seq` is one of this tab's writes. */
export function isOwnChange(seq: number | null): boolean {
  return seq !== null && own.has(seq);
}

import type { ChangeEvent } from "@/lib/core/realtime/events";

/**
 * This tab's own writes and the change-log seqs they made (a business write's `changes`,
 * lib/core/actions/result.ts). The write hook applies a write's changes itself
 * (components/live/use-write.ts), so the stream's echo of them is recognised here and costs nothing
 * (components/live/live-cache.ts). The echo may come before the answer does: while a write is out,
 * the stream's changes wait for it. Other tabs and devices don't know the seqs and read.
 */
const own = new Set<number>();
/** Echoes come within a second; the oldest seqs beyond this many are forgotten. */
const KEEP = 500;
let inFlight = 0;
const settled = new Set<() => void>();

/** Sends a write of this tab (through useWrite): the changes it answers are this tab's own. */
export async function sendWrite<R extends { ok: boolean; changes?: ChangeEvent[] }>(write: Promise<R>): Promise<R> {
  inFlight += 1;
  try {
    const result = await write;
    if (result.ok) for (const c of result.changes ?? []) if (c.seq !== null) own.add(c.seq);
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

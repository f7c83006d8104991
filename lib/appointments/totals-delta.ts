import type { MonthSummary, StalePending } from "./queries";
import { STATUS } from "./status";

/** Where an appointment counts: its day and status; null when it does not exist (before a booking, after a deletion). */
export type Placed = { date: string; statusId: number } | null;

/**
 * The agenda's kept totals after a write this tab made, without reading them again: the per-day
 * counts and the month cards move as the database's kept counts (migrations 0014, 0016) do.
 */
export function adjustCounts(counts: Readonly<Record<string, number>>, before: Placed, after: Placed): Record<string, number> {
  if (before?.date === after?.date) return counts as Record<string, number>;
  const next = { ...counts };
  if (before && before.date in next) next[before.date] = Math.max(0, next[before.date] - 1);
  if (after) next[after.date] = (next[after.date] ?? 0) + 1;
  return next;
}

const KEYS = { [STATUS.confirmado]: "confirmed", [STATUS.pendente]: "pending", [STATUS.cancelado]: "cancelled" } as const;

export function adjustSummary(summary: MonthSummary, before: Placed, after: Placed): MonthSummary {
  const next = { ...summary };
  const add = (p: Placed, n: 1 | -1) => {
    if (!p || !p.date.startsWith(summary.month)) return;
    next.total += n;
    const key = KEYS[p.statusId as keyof typeof KEYS];
    if (key) next[key] += n;
  };
  add(before, -1);
  add(after, 1);
  return next;
}

/** 'Pendentes antigos' after this tab changed appointment `id`: out of the list once it is no longer pendente. */
export function adjustStale(stale: StalePending, id: string, after: Placed): StalePending {
  if (!stale.first.some((a) => a.id === id) || after?.statusId === STATUS.pendente) return stale;
  return { count: Math.max(0, stale.count - 1), first: stale.first.filter((a) => a.id !== id) };
}

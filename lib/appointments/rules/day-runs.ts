import { addDays } from "@/lib/core/time/business-date";

/**
 * Days (YYYY-MM-DD) grouped into runs of consecutive days, each at most `maxDays` long, in order:
 * what the agenda reads again, one range per run, when it catches up after a dropped live stream.
 */
export function dayRuns(days: Iterable<string>, maxDays: number): { from: string; to: string }[] {
  const sorted = [...new Set(days)].sort();
  const runs: { from: string; to: string }[] = [];
  let length = 0;
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day && length < maxDays) {
      last.to = day;
      length += 1;
    } else {
      runs.push({ from: day, to: day });
      length = 1;
    }
  }
  return runs;
}

/**
 * How the benchmark judges a page (issue 37): by its p95 over its own SQL floor measured in the same
 * run, which does not move with the day's machine as milliseconds do. A page may take 3× its floor,
 * a write 2×. Each figure is the median of a few runs, kept with the spread of their p95.
 */
import type { Stats } from "./http";

export const RATIO_LIMIT = { page: 3, write: 2 } as const;
const WRITE_SCENARIOS = new Set(["booking", "move", "close"]);

export const ratioLimitOf = (name: string) => (WRITE_SCENARIOS.has(name) ? RATIO_LIMIT.write : RATIO_LIMIT.page);

/** The run whose p95 is the median (all its figures, so they come from one run), with every run's p95 and their spread. */
export function medianRun<T extends Stats>(runs: T[]): T & { runs_p95_ms: number[]; spread_p95_ms: number } {
  if (!runs.length) throw new Error("medianRun: nenhuma execução");
  const byP95 = [...runs].sort((a, b) => a.p95_ms - b.p95_ms);
  const median = byP95[Math.floor((byP95.length - 1) / 2)];
  const p95s = runs.map((r) => r.p95_ms);
  return { ...median, runs_p95_ms: p95s, spread_p95_ms: Math.round((Math.max(...p95s) - Math.min(...p95s)) * 10) / 10 };
}

/** p95 ÷ floor p95, one decimal; null without a floor. */
export function ratioToFloor(p95: number, floor: number | null | undefined): number | null {
  if (floor == null || !(floor > 0) || !Number.isFinite(p95)) return null;
  return Math.round((p95 / floor) * 10) / 10;
}

export type Judged = { name: string; ratio_to_floor: number | null };

/** The scenarios over their limit (those without a floor are not judged by ratio). */
export function misses(results: Judged[]): { name: string; ratio: number; limit: number }[] {
  return results
    .filter((r) => r.ratio_to_floor !== null && r.ratio_to_floor > ratioLimitOf(r.name))
    .map((r) => ({ name: r.name, ratio: r.ratio_to_floor!, limit: ratioLimitOf(r.name) }));
}

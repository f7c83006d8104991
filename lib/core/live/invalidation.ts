import type { ChangeEvent } from "@/lib/core/realtime/events";
import type { LiveKey } from "./keys";

/**
 * What makes a live read stale, as the read declares it (lib/<feature>/reads.ts, `live`). Plain data:
 * the server writes every read's rule into the page (lib/live-reads.ts LIVE_RULES, the shell's
 * LiveRulesData), and the browser's one cache matches the stream's changes against them.
 */
export type LiveRule = {
  /** The tables whose changes this read shows: at least one, each written to the change log (its trigger, migration 0021). */
  tables: readonly [string, ...string[]];
  /**
   * When a change names its days (an appointment's, before and after): "date", the read is stale
   * only if its `date` parameter is one of them; "from-to", only if one lies between its `from` and `to`.
   */
  days?: "date" | "from-to";
  /** Tables whose new rows don't change what the read shows (a new client is on no card yet). */
  notInserts?: readonly string[];
};

/** Every live read's rule, by the read's name; a read once (`live: false`) has none. */
export type LiveRules = Readonly<Record<string, LiveRule>>;

/** The id of the page's data element that carries the rules (components/live/live-rules.tsx). */
export const LIVE_RULES_ID = "live-rules";

/** Whether `event` makes the read cached under `key` stale, by the reads' `rules`. */
export function invalidates(event: ChangeEvent, [businessId, read, params]: LiveKey, rules: LiveRules): boolean {
  if (event.businessId !== businessId || !Object.hasOwn(rules, read)) return false;
  const rule = rules[read];
  if (!rule.tables.includes(event.table)) return false;
  if (event.op === "INSERT" && rule.notInserts?.includes(event.table)) return false;
  if (!rule.days || !event.days) return true;
  return rule.days === "date" ? event.days.includes(params.date) : event.days.some((d) => d >= params.from && d <= params.to);
}

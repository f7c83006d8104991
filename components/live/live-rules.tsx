import { LIVE_RULES_ID, type LiveRules } from "@/lib/core/live/invalidation";

/**
 * The live reads' rules (which tables each shows), as the server derived them from the reads'
 * declarations (lib/live-reads.ts LIVE_RULES), written into the page as data by the shell: no
 * script of the first load carries them; the cache's code, loaded at the first change or write,
 * reads them from here (components/live/live-cache.ts). A data block: never executed.
 */
export function LiveRulesData({ rules }: { rules: LiveRules }) {
  return <script id={LIVE_RULES_ID} type="application/json" dangerouslySetInnerHTML={{ __html: JSON.stringify(rules).replace(/</g, "\\u003c") }} />;
}

/**
 * How long a page fetched ahead of a click (the sidebar's full prefetch when a link is pointed at
 * or focused: components/shell/use-prefetch-on-intent.ts) may still be shown, in seconds. Next's
 * client router keeps such a page for `experimental.staleTimes.static` (next.config.ts), at least 30
 * and 300 by default; a navigation without a prefetch always renders afresh. Whatever its age, a
 * live screen shown from such a page carries its render cursor: when the shell's stream has
 * delivered changes after it, the screen reads everything again (lib/core/realtime/registry.ts), so no
 * replay window has to cover this age.
 */
export const PREFETCHED_PAGE_MAX_AGE_S = 30;

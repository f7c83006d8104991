import type { LIVE_READS } from "./reads";

/**
 * The keys of the one client cache (SWR): [businessId, read, params]. A read is one of
 * lib/core/live/reads.ts; its data is what that read's `run` returns, as JSON.
 */
export type LiveRead = keyof typeof LIVE_READS;
export type LiveParams = Readonly<Record<string, string>>;
export type LiveKey<N extends LiveRead = LiveRead> = readonly [businessId: string, read: N, params: LiveParams];
export type LiveData<N extends LiveRead> = Awaited<ReturnType<(typeof LIVE_READS)[N]["run"]>>;

export function liveKey<N extends LiveRead>(businessId: string, read: N, params: LiveParams = {}): LiveKey<N> {
  return [businessId, read, params] as const;
}

/** The GET that answers a key (app/api/live/[read]/route.ts). */
export function liveUrl([businessId, read, params]: LiveKey): string {
  return `/api/live/${read}?${new URLSearchParams({ businessId, ...params })}`;
}

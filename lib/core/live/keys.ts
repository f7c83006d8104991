/**
 * Every live read's data, by the read's name. Empty here (lib/core names no feature): lib/live-reads.ts,
 * the registry derived from each feature's reads.ts, fills it in (a module augmentation), so a key's
 * read name is checked and its data typed wherever the cache is used.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LiveReads {}

/**
 * The keys of the one client cache: [businessId, read, params]. A read is one declared in a feature's
 * reads.ts (lib/core/actions/define-read.ts); its data is what that read's `run` returns, as JSON.
 */
export type LiveRead = keyof LiveReads & string;
export type LiveParams = Readonly<Record<string, string>>;
export type LiveKey<N extends LiveRead = LiveRead> = readonly [businessId: string, read: N, params: LiveParams];
export type LiveData<N extends LiveRead> = LiveReads[N];

export function liveKey<N extends LiveRead>(businessId: string, read: N, params: LiveParams = {}): LiveKey<N> {
  return [businessId, read, params] as const;
}

/** The GET that answers a key (app/api/live/[resource]/route.ts). */
export function liveUrl([businessId, read, params]: LiveKey): string {
  return `/api/live/${read}?${new URLSearchParams({ businessId, ...params })}`;
}

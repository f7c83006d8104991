"use client";

import { useEffect } from "react";
import useSWR, { unstable_serialize, useSWRConfig } from "swr";
import { useRealtimeCatchUp } from "@/components/shell/use-realtime";
import type { JsonError } from "@/lib/http/responses";
import { liveUrl, type LiveData, type LiveKey, type LiveRead } from "@/lib/live/keys";
import type { Cursor } from "@/lib/realtime/cursor";

/** A live read that failed: the answer's error shape (lib/http/responses.ts), for the screen's toast. */
export class LiveReadError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonError,
  ) {
    super(body.error);
  }
}

const OFFLINE: JsonError = { error: "Erro de conexão", description: "Verifique sua conexão e tente novamente." };

/** The fetcher of the one cache: GET /api/live/{read} for the key. */
export async function readLive<N extends LiveRead>(key: LiveKey<N>): Promise<LiveData<N>> {
  let res: Response;
  try {
    res = await fetch(liveUrl(key), { headers: { Accept: "application/json" } });
  } catch {
    throw new LiveReadError(0, OFFLINE);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new LiveReadError(res.status, (body as JsonError | null)?.error ? (body as JsonError) : OFFLINE);
  return body as LiveData<N>;
}

/**
 * One live read of a screen, in the one client cache (SWR) under `key` (null: not now). `initial`:
 * what the page's server render read. It is fresher than anything kept from an earlier visit, so
 * it seeds the cache; a key leaves the cache when its screen goes, and is read again only when the
 * stream says it changed (components/live/live-cache.ts) or, with `cursor` (the page's render
 * cursor), when the stream got past the render before the screen subscribed.
 */
export function useLive<N extends LiveRead>(key: LiveKey<N> | null, initial?: LiveData<N>, cursor?: Cursor, onError?: (e: LiveReadError) => void) {
  const { cache } = useSWRConfig();
  const id = key ? unstable_serialize(key) : "";
  // Before the hook reads the cache, so the first render shows the server's data from the cache.
  // Only in the browser: on the server the cache is one map for every request.
  if (key && initial !== undefined && typeof window !== "undefined" && cache.get(id)?.data === undefined) {
    cache.set(id, { ...cache.get(id), data: initial });
  }
  const swr = useSWR<LiveData<N>, LiveReadError, LiveKey<N> | null>(key, readLive, {
    fallbackData: initial,
    revalidateOnMount: initial === undefined ? undefined : false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
    onError,
  });
  useEffect(() => () => void (id && cache.delete(id)), [cache, id]);
  const { mutate } = swr;
  useRealtimeCatchUp(() => void mutate(), cursor);
  return swr;
}

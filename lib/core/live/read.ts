import type { JsonError } from "@/lib/core/http/responses";
import { liveUrl, type LiveData, type LiveKey, type LiveRead } from "./keys";
import { LiveReadError, OFFLINE } from "./store";

/** GET /api/live/{read} for the key. */
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


/**
 * The client's address for rate limits, from a configured number of trusted proxy hops.
 *
 * Next.js 16 gives route handlers, server actions and next-auth's authorize() only the request's
 * headers, never its socket; and `next start` keeps a client-sent X-Forwarded-For as it is (it
 * only fills the header in when absent). So our production server (scripts/serve.ts) writes the
 * socket's address into PEER_HEADER on every request, overwriting whatever the client sent, and
 * marks this process so the header is believed. Without that server (plain `next start`,
 * `next dev`) the peer is unknown: with 0 hops every client then shares one bucket, and
 * X-Forwarded-For is still never believed.
 *
 * TRUSTED_PROXY_HOPS = N (default 0): the N proxies in front of the app each append the address
 * they received the request from to X-Forwarded-For. With 0 the socket's address is the client;
 * with N ≥ 1 the client is the Nth address from the right of [X-Forwarded-For…, socket].
 */
import { isIP } from "node:net";

export const PEER_HEADER = "x-agenda-peer-address";
export const UNKNOWN_ADDRESS = "desconhecido";

const TRUSTED = Symbol.for("agenda.peerHeaderTrusted");
type Flagged = { [TRUSTED]?: boolean };

/** Called by scripts/serve.ts, which sets PEER_HEADER from the socket on every request. */
export function markPeerHeaderTrusted(): void {
  (globalThis as Flagged)[TRUSTED] = true;
}

export function peerHeaderTrusted(): boolean {
  return (globalThis as Flagged)[TRUSTED] === true;
}

/** TRUSTED_PROXY_HOPS as a whole number ≥ 0; anything else counts as 0 (trust no proxy). */
export function trustedProxyHops(value = process.env.TRUSTED_PROXY_HOPS): number {
  const n = Number((value ?? "").trim() || "0");
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** One address as text: IPv4-mapped IPv6 shown as IPv4; a non-address is kept short. */
export function normaliseAddress(value: string | null | undefined): string | null {
  const v = (value ?? "").trim().replace(/^\[|\]$/g, "");
  if (!v) return null;
  const mapped = v.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1];
  return isIP(v) ? v.toLowerCase() : v.slice(0, 64);
}

/** The pure rule: the peer (socket) and X-Forwarded-For, read through `hops` trusted proxies. */
export function resolveClientAddress(input: { peer: string | null; forwardedFor: string | null; hops: number }): string {
  const peer = normaliseAddress(input.peer);
  if (input.hops <= 0) return peer ?? UNKNOWN_ADDRESS;
  const chain = (input.forwardedFor ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (peer) chain.push(peer);
  // Without our server the socket is not in the chain: the last proxy's entry is the last element.
  const fromRight = peer ? input.hops : input.hops - 1;
  const picked = chain[chain.length - 1 - fromRight] ?? chain[0];
  return normaliseAddress(picked) ?? UNKNOWN_ADDRESS;
}

type HeaderSource = { get(name: string): string | null | undefined };

let warned = false;

/** The client address of a request, from its headers (see the rules above). */
export function clientAddressFrom(headers: HeaderSource, hops = trustedProxyHops()): string {
  const peer = peerHeaderTrusted() ? (headers.get(PEER_HEADER) ?? null) : null;
  if (!peer && hops === 0 && !warned) {
    warned = true;
    console.warn("[agenda] endereço do cliente desconhecido: inicie com `npm start` (scripts/serve.ts) ou defina TRUSTED_PROXY_HOPS.");
  }
  return resolveClientAddress({ peer, forwardedFor: headers.get("x-forwarded-for") ?? null, hops });
}

/** Header lookup over next-auth's plain header object (authorize's `req.headers`). */
export function headerObject(obj: Record<string, string | string[] | undefined> | undefined): HeaderSource {
  return {
    get(name) {
      const v = obj?.[name.toLowerCase()];
      return Array.isArray(v) ? v.join(", ") : (v ?? null);
    },
  };
}

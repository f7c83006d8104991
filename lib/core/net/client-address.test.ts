import { afterEach, describe, expect, test } from "vitest";
import {
  clientAddressFrom, markPeerHeaderTrusted, normaliseAddress, PEER_HEADER, resolveClientAddress, trustedProxyHops, UNKNOWN_ADDRESS,
} from "./client-address";

const TRUSTED = Symbol.for("agenda.peerHeaderTrusted");
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[TRUSTED];
});

describe("resolveClientAddress", () => {
  test("0 hops: the socket's address; X-Forwarded-For is never believed", () => {
    expect(resolveClientAddress({ peer: "198.51.100.4", forwardedFor: "203.0.113.9", hops: 0 })).toBe("198.51.100.4");
    expect(resolveClientAddress({ peer: null, forwardedFor: "203.0.113.9", hops: 0 })).toBe(UNKNOWN_ADDRESS);
  });

  test("N hops: the Nth address from the right of [X-Forwarded-For…, socket]", () => {
    // client 203.0.113.9 → proxy 10.0.0.1 → app; the client forged '6.6.6.6' in front.
    expect(resolveClientAddress({ peer: "10.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9", hops: 1 })).toBe("203.0.113.9");
    // client → cdn (appends client) → lb 10.0.0.2 (appends cdn 172.16.0.5) → app.
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.9, 172.16.0.5", hops: 2 })).toBe("203.0.113.9");
    // Fewer entries than hops: the leftmost one.
    expect(resolveClientAddress({ peer: "10.0.0.1", forwardedFor: null, hops: 3 })).toBe("10.0.0.1");
  });

  test("N hops without the socket (plain next start): the Nth entry from the right of X-Forwarded-For", () => {
    expect(resolveClientAddress({ peer: null, forwardedFor: "6.6.6.6, 203.0.113.9", hops: 1 })).toBe("203.0.113.9");
    expect(resolveClientAddress({ peer: null, forwardedFor: "6.6.6.6, 203.0.113.9, 172.16.0.5", hops: 2 })).toBe("203.0.113.9");
    expect(resolveClientAddress({ peer: null, forwardedFor: null, hops: 1 })).toBe(UNKNOWN_ADDRESS);
  });

  test("IPv4-mapped IPv6 reads as IPv4", () => {
    expect(normaliseAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normaliseAddress("[::1]")).toBe("::1");
    expect(normaliseAddress("")).toBeNull();
  });
});

describe("trustedProxyHops", () => {
  test.each([
    [undefined, 0], ["", 0], ["0", 0], ["1", 1], [" 2 ", 2], ["-1", 0], ["1.5", 0], ["abc", 0], ["99", 0],
  ])("%o → %i", (value, hops) => expect(trustedProxyHops(value)).toBe(hops));
});

describe("clientAddressFrom", () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  test("the peer header counts only when our server marked the process (else a client could send it)", () => {
    const h = headers({ [PEER_HEADER]: "198.51.100.4", "x-forwarded-for": "203.0.113.9" });
    expect(clientAddressFrom(h, 0)).toBe(UNKNOWN_ADDRESS);
    markPeerHeaderTrusted();
    expect(clientAddressFrom(h, 0)).toBe("198.51.100.4");
    expect(clientAddressFrom(h, 1)).toBe("203.0.113.9");
  });
});

import { describe, expect, test, vi } from "vitest";
import { POST } from "@/app/api/not-found/route";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { handleNotFoundReport, MAX_BODY_BYTES, MAX_LOGGED_PATH } from "@/lib/not-found/report";
import { NOT_FOUND_LOG } from "@/lib/core/rate-limit/policies";

// As scripts/serve.ts does: the peer header says the caller's address.
markPeerHeaderTrusted();

function report(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/not-found", { method: "POST", body, headers: { "content-type": "text/plain", ...headers } });
}

describe("/api/not-found", () => {
  test("logs the path without control characters, bounded in length", async () => {
    const lines: string[] = [];
    const res = await handleNotFoundReport(report(JSON.stringify({ path: "/x\r\n404: rota falsa\u001b[31m" + "a".repeat(1000) })), (l) => lines.push(l));
    expect(res.status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n\u001b]/);
    expect(lines[0]).toContain('"/x404: rota falsa[31maaa');
    expect(JSON.parse(lines[0].replace("404: rota inexistente acessada: ", ""))).toHaveLength(MAX_LOGGED_PATH);
  });

  test("a body over the limit is refused unread (413), declared or not", async () => {
    const lines: string[] = [];
    const big = JSON.stringify({ path: "/" + "b".repeat(MAX_BODY_BYTES) });
    expect((await handleNotFoundReport(report(big), (l) => lines.push(l))).status).toBe(413);
    const undeclared = new Request("http://localhost/api/not-found", {
      method: "POST",
      body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } }),
      duplex: "half",
    } as RequestInit);
    expect((await handleNotFoundReport(undeclared, (l) => lines.push(l))).status).toBe(413);
    expect(lines).toHaveLength(0);
  });

  test(`at most ${NOT_FOUND_LOG.address.points} reports a minute from one address (429 after, no body)`, async () => {
    // Counted by the route (defineRoute's rate limit), before the body is read.
    const from = (address: string, path: string) => POST(report(JSON.stringify({ path }), { [PEER_HEADER]: address }));
    const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (let i = 0; i < NOT_FOUND_LOG.address.points; i++) expect((await from(address, `/p${i}`)).status).toBe(204);
      const refused = await from(address, "/mais");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toBe("");
      expect(logged.mock.calls.filter(([l]) => String(l).startsWith("404: "))).toHaveLength(NOT_FOUND_LOG.address.points);
      // Another address is not affected.
      expect((await from(`10.78.0.${Math.floor(Math.random() * 250)}`, "/y")).status).toBe(204);
    } finally {
      logged.mockRestore();
    }
  });

  test("junk is accepted quietly and logs nothing", async () => {
    const lines: string[] = [];
    expect((await handleNotFoundReport(report("não é json"), (l) => lines.push(l))).status).toBe(204);
    expect((await handleNotFoundReport(report(JSON.stringify({ path: 42 })), (l) => lines.push(l))).status).toBe(204);
    expect(lines).toHaveLength(0);
  });
});

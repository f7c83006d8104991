import { afterEach, describe, expect, it, vi } from "vitest";
import { liveKey } from "./keys";
import { liveKeys, liveState, revalidateLive, revalidateWhere, seedLive, setLive, subscribeLive } from "./store";

const B = "00000000-0000-4000-8000-00000000000b";

/** The network as a queue of answers the test releases one by one. */
function network() {
  const waiting: ((body: unknown) => void)[] = [];
  const urls: string[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    urls.push(url);
    return new Promise((resolve) => waiting.push((body) => resolve(new Response(JSON.stringify(body), { status: 200 }))));
  });
  return {
    urls,
    answer: async (i: number, body: unknown) => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(i));
      waiting[i](body);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the live cache", () => {
  it("a read that lands after a newer one, or after a write, is dropped", async () => {
    const net = network();
    const key = liveKey(B, "business-hours");
    const off = subscribeLive(key, () => {});
    const first = revalidateLive(key);
    const second = revalidateLive(key);
    await net.answer(1, { v: "newer" });
    await second;
    await net.answer(0, { v: "older" });
    await first;
    expect(liveState(key).data).toEqual({ v: "newer" });
    const third = revalidateLive(key);
    setLive(key, { v: "written" });
    await net.answer(2, { v: "read before the write" });
    await third;
    expect(liveState(key)).toEqual({ data: { v: "written" }, error: undefined, loading: false });
    off();
  });

  it("an entry leaves with its last reader; the page's render seeds only what no reader holds", () => {
    const key = liveKey(B, "dashboard");
    seedLive(key, { n: 1 });
    const a = subscribeLive(key, () => {});
    const b = subscribeLive(key, () => {});
    seedLive(key, { n: 2 });
    expect(liveState(key).data).toEqual({ n: 1 });
    a();
    expect(liveKeys(() => true)).toContainEqual(key);
    b();
    expect(liveState(key).data).toBeUndefined();
  });

  it("a change reads again only the keys on screen it matches", async () => {
    const net = network();
    const shown = liveKey(B, "appointments.day", { date: "2026-12-01" });
    const other = liveKey(B, "appointments.day", { date: "2026-12-02" });
    const off = [subscribeLive(shown, () => {}), subscribeLive(other, () => {})];
    seedLive(liveKey(B, "appointments.day", { date: "2026-12-03" }), { appointments: [] });
    revalidateWhere((k) => k[2].date !== "2026-12-02");
    await vi.waitFor(() => expect(net.urls.length).toBeGreaterThan(0));
    expect(net.urls).toEqual([`/api/live/appointments.day?businessId=${B}&date=2026-12-01`]);
    off.forEach((f) => f());
  });
});

import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses, users } from "@/db/schema";
import type { ChangeEvent } from "@/lib/realtime/events";
import { reconnectDelay } from "@/lib/realtime/events";
import { changesSince, stopListener, subscribe, subscriberCount } from "@/lib/realtime/listener";
import { changeStream, MAX_STREAMS_PER_USER, missedSince, RENDER_MARGIN_MS, takeStreamSlot } from "@/lib/realtime/stream";
import { createBusiness, createUser } from "./fixtures";


afterAll(async () => {
  await stopListener();
});

test("the LISTEN connection receives a NOTIFY for a businesses UPDATE", async () => {
  const business = await createBusiness();
  const seen: ChangeEvent[] = [];
  const unsubscribe = await subscribe((e) => seen.push(e));
  const second = await subscribe(() => {});
  expect(subscriberCount()).toBe(2);

  await db.update(businesses).set({ name: "Renomeado" }).where(eq(businesses.id, business.id));
  await vi.waitFor(() => expect(seen.some((e) => e.table === "businesses" && e.op === "UPDATE")).toBe(true), { timeout: 5000 });
  expect(seen.find((e) => e.op === "UPDATE")).toEqual({ table: "businesses", op: "UPDATE", id: business.id, businessId: business.id });

  unsubscribe();
  second();
  expect(subscriberCount()).toBe(0);
  await db.update(businesses).set({ name: "De novo" }).where(eq(businesses.id, business.id));
  await new Promise((r) => setTimeout(r, 300));
  expect(seen.filter((e) => e.op === "UPDATE")).toHaveLength(1);
});

test("reconnect delays are 1, 2, 5, then 10 seconds", () => {
  expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
});

async function readUntilClosed(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<{ closed: boolean; text: string }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"timeout">((r) => setTimeout(() => r("timeout"), Math.max(1, deadline - Date.now()))),
    ]);
    if (next === "timeout") break;
    if (next.done) return { closed: true, text };
    text += decoder.decode(next.value);
  }
  await reader.cancel().catch(() => {});
  return { closed: false, text };
}

describe("the change stream", () => {
  test("closes at the next heartbeat once the session ended (session version moved)", async () => {
    const user = await createUser();
    const closedWith: string[] = [];
    const stream = changeStream({
      userId: user.id, sessionVersion: user.sessionVersion, businessIds: [], signal: new AbortController().signal,
      heartbeatMs: 100, onClose: () => closedWith.push("closed"),
    });
    // Still open while the session holds: heartbeats arrive.
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": ping")) {
      const chunk = await reader.read();
      text += decoder.decode(chunk.value);
    }
    reader.releaseLock();
    await db.update(users).set({ sessionVersion: user.sessionVersion + 1 }).where(eq(users.id, user.id));
    expect((await readUntilClosed(stream, 3000)).closed).toBe(true);
    expect(closedWith).toEqual(["closed"]);
  });

  test("closes when the user is deleted", async () => {
    const user = await createUser();
    const stream = changeStream({ userId: user.id, sessionVersion: user.sessionVersion, businessIds: [], signal: new AbortController().signal, heartbeatMs: 100 });
    await db.delete(users).where(eq(users.id, user.id));
    expect((await readUntilClosed(stream, 3000)).closed).toBe(true);
  });

  test(`at most ${MAX_STREAMS_PER_USER} open streams per user; a closed one gives its slot back`, () => {
    const releases = Array.from({ length: MAX_STREAMS_PER_USER }, () => takeStreamSlot("u-slots"));
    expect(releases.every(Boolean)).toBe(true);
    expect(takeStreamSlot("u-slots")).toBeNull();
    expect(takeStreamSlot("u-other")).not.toBeNull();
    releases[0]!();
    releases[0]!();
    const again = takeStreamSlot("u-slots");
    expect(again).not.toBeNull();
    expect(takeStreamSlot("u-slots")).toBeNull();
  });
});

describe("what a page missed between its render and its stream", () => {
  const renamed = (id: string) => ({ table: "businesses", op: "UPDATE", id, businessId: id });

  test("the changes of the user's businesses since the render come with 'ready'; another business's do not", async () => {
    const user = await createUser();
    const mine = await createBusiness();
    const other = await createBusiness();
    // This instance has been listening for longer than the margin before the render.
    const listening = await subscribe(() => {});
    await new Promise((r) => setTimeout(r, RENDER_MARGIN_MS + 200));
    const renderedAt = Date.now();

    await db.update(businesses).set({ name: "Mudou antes do stream" }).where(eq(businesses.id, mine.id));
    await db.update(businesses).set({ name: "Outro negócio" }).where(eq(businesses.id, other.id));
    await vi.waitFor(() => expect(changesSince(renderedAt)?.map((e) => e.id)).toEqual(expect.arrayContaining([mine.id, other.id])), { timeout: 5000 });

    expect(missedSince(renderedAt, new Set([mine.id]))).toEqual({ changes: [renamed(mine.id)] });
    // The stream's first event says the same.
    const stream = changeStream({
      userId: user.id, sessionVersion: user.sessionVersion, businessIds: [mine.id], renderedAt, signal: new AbortController().signal,
    });
    const { text } = await readUntilClosed(stream, 500);
    const ready = /event: ready\ndata: (.*)\n/.exec(text);
    expect(JSON.parse(ready![1])).toEqual({ changes: [renamed(mine.id)] });
    // Without a render time, 'ready' carries nothing (a reconnection).
    const plain = await readUntilClosed(changeStream({ userId: user.id, sessionVersion: user.sessionVersion, businessIds: [mine.id], signal: new AbortController().signal }), 500);
    expect(plain.text).toContain("event: ready\ndata: {}\n");
    listening();
  });

  test("'missed' when the instance cannot list them: it started listening after the render", async () => {
    await stopListener();
    const renderedAt = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const listening = await subscribe(() => {});
    expect(changesSince(renderedAt - RENDER_MARGIN_MS)).toBeNull();
    expect(missedSince(renderedAt, new Set(["x"]))).toEqual({ missed: true });
    listening();
  });
});

import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses, userBusinessRoles, userSessions, users, type BusinessRole } from "@/db/schema";
import { updateBusiness } from "@/lib/admin/mutations";
import { businessInputSchema } from "@/lib/admin/schemas";
import { signOutAction } from "@/lib/auth/actions";
import { loadUserAccess, type UserAccess } from "@/lib/auth/claims";
import { endAllSessions, openSession } from "@/lib/auth/sessions";
import type { ChangeEvent } from "@/lib/realtime/events";
import { reconnectDelay } from "@/lib/realtime/events";
import { changesSince, stopListener, subscribe, subscriberCount } from "@/lib/realtime/listener";
import { accessAfter, changeStream, MAX_STREAMS_PER_USER, missedSince, RENDER_MARGIN_MS, takeStreamSlot } from "@/lib/realtime/stream";
import { removeMemberAction } from "@/lib/team/actions";
import { actAs } from "./act-as";
import { createBusiness, createUser } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

/** A signed-in user's stream, as /api/realtime opens it: their session, version and memberships now. */
async function streamOf(userId: string, opts: { sessionId?: string; heartbeatMs?: number; renderedAt?: number; onClose?: () => void } = {}) {
  const sessionId = opts.sessionId ?? (await openSession(userId));
  const access = (await loadUserAccess(userId, sessionId))!;
  return changeStream({
    userId, sessionId, sessionVersion: access.user.sessionVersion, memberships: access.memberships,
    renderedAt: opts.renderedAt, heartbeatMs: opts.heartbeatMs, onClose: opts.onClose, signal: new AbortController().signal,
  });
}


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
    const stream = await streamOf(user.id, { heartbeatMs: 100, onClose: () => closedWith.push("closed") });
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
    const stream = await streamOf(user.id, { heartbeatMs: 100 });
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
    const mine = await createBusiness(user.id);
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
    const stream = await streamOf(user.id, { renderedAt });
    const { text } = await readUntilClosed(stream, 500);
    const ready = /event: ready\ndata: (.*)\n/.exec(text);
    expect(JSON.parse(ready![1])).toEqual({ changes: [renamed(mine.id)] });
    // Without a render time, 'ready' carries nothing (a reconnection).
    const plain = await readUntilClosed(await streamOf(user.id), 500);
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

/** Reads a stream as it comes: the text so far, and whether it ended. */
function reading(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const seen = { text: "", closed: false };
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen.text += decoder.decode(value);
    }
    seen.closed = true;
  })().catch(() => {
    seen.closed = true;
  });
  return { seen, stop: () => reader.cancel().catch(() => {}) };
}

const updated = (businessId: string) => `"table":"businesses","op":"UPDATE","id":"${businessId}"`;
const count = (text: string, part: string) => text.split(part).length - 1;
/** Far below the heartbeat: what ends a stream within this did not wait for it. */
const AT_ONCE_MS = 5_000;

describe("an access change ends the user's streams at once (not at the heartbeat)", () => {
  test("a removed employee's stream closes; the business's change committed right after the removal is never sent", async () => {
    const owner = await createUser();
    const employee = await createUser();
    const shop = await createBusiness(owner.id);
    await db.insert(userBusinessRoles).values({ userId: employee.id, businessId: shop.id, role: "employee" });
    const stream = reading(await streamOf(employee.id));
    await vi.waitFor(() => expect(stream.seen.text).toContain("event: ready"), { timeout: AT_ONCE_MS });
    // While a member, the business's changes arrive.
    await db.update(businesses).set({ name: "Antes da remoção" }).where(eq(businesses.id, shop.id));
    await vi.waitFor(() => expect(stream.seen.text).toContain(updated(shop.id)), { timeout: AT_ONCE_MS });

    await actAs(owner.id);
    expect(await removeMemberAction({ businessId: shop.id, memberId: employee.id })).toEqual({ ok: true });
    await db.update(businesses).set({ name: "Depois da remoção" }).where(eq(businesses.id, shop.id));
    await vi.waitFor(() => expect(stream.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
    expect(count(stream.seen.text, updated(shop.id))).toBe(1);
  });

  test("so does a member's whose role changed (the admin names another owner): the old and the new owner's", async () => {
    const first = await createUser();
    const second = await createUser();
    const shop = await createBusiness(first.id);
    await db.insert(userBusinessRoles).values({ userId: second.id, businessId: shop.id, role: "employee" });
    const streams = [reading(await streamOf(first.id)), reading(await streamOf(second.id))];
    for (const s of streams) await vi.waitFor(() => expect(s.seen.text).toContain("event: ready"), { timeout: AT_ONCE_MS });

    const data = businessInputSchema.parse({ name: shop.name, ownerId: second.id });
    expect(await updateBusiness(shop.id, data)).toEqual({ ok: true });
    for (const s of streams) await vi.waitFor(() => expect(s.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
  });

  test("'Sair' closes the streams of that session; another session's stream goes on", async () => {
    const user = await createUser();
    const shop = await createBusiness(user.id);
    const [laptopSid, phoneSid] = [await openSession(user.id), await openSession(user.id)];
    const laptop = reading(await streamOf(user.id, { sessionId: laptopSid }));
    const phone = reading(await streamOf(user.id, { sessionId: phoneSid }));
    for (const s of [laptop, phone]) await vi.waitFor(() => expect(s.seen.text).toContain("event: ready"), { timeout: AT_ONCE_MS });

    await actAs(user.id, { sessionId: laptopSid });
    expect(await signOutAction({})).toEqual({ ok: true });
    await vi.waitFor(() => expect(laptop.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
    // The phone heard the same notification and is still live: a later change reaches it.
    await db.update(businesses).set({ name: "Depois da saída" }).where(eq(businesses.id, shop.id));
    await vi.waitFor(() => expect(phone.seen.text).toContain(updated(shop.id)), { timeout: AT_ONCE_MS });
    expect(phone.seen.closed).toBe(false);
    expect(laptop.seen.text).not.toContain(updated(shop.id));
    await phone.stop();
  });

  test("so do all of a user's streams when every session ends ('Sair de todos os dispositivos', a password reset)", async () => {
    const user = await createUser();
    const streams = [reading(await streamOf(user.id)), reading(await streamOf(user.id))];
    for (const s of streams) await vi.waitFor(() => expect(s.seen.text).toContain("event: ready"), { timeout: AT_ONCE_MS });
    expect(await endAllSessions(user.id)).toBe(true);
    for (const s of streams) await vi.waitFor(() => expect(s.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
  });

  test("a stream whose session ended before it listened closes without 'ready'", async () => {
    const user = await createUser();
    const sessionId = await openSession(user.id);
    await db.delete(userSessions).where(eq(userSessions.id, sessionId));
    const stream = reading(await streamOf(user.id, { sessionId }));
    await vi.waitFor(() => expect(stream.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
    expect(stream.seen.text).not.toContain("event: ready");
  });

  test("accessAfter: a lost session or business, or another role, ends the stream; a new business joins it", () => {
    const access = (sessionOpen: boolean, memberships: [string, BusinessRole][], sessionVersion = 1) => ({
      user: { sessionVersion } as UserAccess["user"],
      roles: [],
      memberships: memberships.map(([id, role]) => ({ id, role, name: id, description: null })),
      sessionOpen,
    });
    const held = new Map<string, BusinessRole>([["a", "employee"]]);
    const session = { sid: "00000000-0000-4000-8000-000000000001", sv: 1 };
    expect(accessAfter(held, access(true, [["a", "employee"], ["b", "owner"]]), session)).toEqual(new Map([["a", "employee"], ["b", "owner"]]));
    expect(accessAfter(held, access(true, [["b", "owner"]]), session)).toBeNull();
    expect(accessAfter(held, access(true, [["a", "owner"]]), session)).toBeNull();
    expect(accessAfter(held, access(false, [["a", "employee"]]), session)).toBeNull();
    expect(accessAfter(held, access(true, [["a", "employee"]], 2), session)).toBeNull();
    expect(accessAfter(held, null, session)).toBeNull();
    expect(accessAfter(held, access(true, [["a", "employee"]]), { sid: null, sv: 1 })).toBeNull();
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { db, sqlClient } from "@/db";
import { businessHours, businesses, clients, professionals, services, userBusinessRoles, userSessions, users, type BusinessRole } from "@/db/schema";
import { updateBusiness } from "@/lib/admin/mutations";
import { businessInputSchema } from "@/lib/admin/schemas";
import { signOutAction } from "@/lib/auth/actions";
import { loadUserAccess, sessionHolds, streamAccess, type UserAccess } from "@/lib/auth/claims";
import { getAuthContext } from "@/lib/auth/context";
import { endAllSessions, openSession } from "@/lib/auth/sessions";
import { MAX_CATCH_UP, pruneChanges } from "@/lib/core/realtime/changes";
import { parseCursor, type Cursor } from "@/lib/core/realtime/cursor";
import type { ChangeEvent } from "@/lib/core/realtime/events";
import { reconnectDelay } from "@/lib/core/realtime/events";
import { createListener, listener, type Listener } from "@/lib/core/realtime/listener";
import { accessAfter, changeStream, MAX_STREAMS_PER_USER, takeStreamSlot } from "@/lib/core/realtime/stream";
import { removeMemberAction } from "@/lib/team/actions";
import { actAs } from "./act-as";
import { addBusinessRole, createBusiness, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

/** A signed-in user's stream, as /api/realtime opens it: their session, version and memberships now. */
async function streamOf(
  userId: string,
  opts: { sessionId?: string; heartbeatMs?: number; after?: Cursor; listener?: Listener; onClose?: () => void } = {},
) {
  const sessionId = opts.sessionId ?? (await openSession(userId));
  const access = (await loadUserAccess(userId, sessionId))!;
  return changeStream({
    userId, readAccess: streamAccess(userId, { sid: sessionId, sv: access.user.sessionVersion }), memberships: access.memberships,
    after: opts.after, heartbeatMs: opts.heartbeatMs, onClose: opts.onClose, listener: opts.listener, signal: new AbortController().signal,
  });
}

/** Stand-ins for other app instances: their own LISTEN connections, closed at the end. */
const instances: Listener[] = [];
function instance(name = `agenda test ${uniq()}`): Listener {
  const l = createListener({ name });
  instances.push(l);
  return l;
}

afterAll(async () => {
  await listener.stop();
  for (const l of instances) await l.stop();
});

/** The change log's rows of a business, oldest first. */
async function logOf(businessId: string) {
  const rows = await db.execute<{ seq: string; entity: string; op: string; entity_id: string | null }>(
    sql`select seq::text, entity, op, entity_id::text from changes where business_id = ${businessId} order by changes.seq`,
  );
  return rows.map((r) => ({ seq: Number(r.seq), entity: r.entity, op: r.op, id: r.entity_id }));
}
const lastSeq = async (businessId: string) => (await logOf(businessId)).at(-1)?.seq ?? 0;

async function rename(businessId: string, name = `Salão ${uniq()}`): Promise<number> {
  await db.update(businesses).set({ name }).where(eq(businesses.id, businessId));
  return lastSeq(businessId);
}

test("the LISTEN connection hears each change with its change row's seq; an unsubscribed handler hears nothing more", async () => {
  const business = await createBusiness();
  const first: ChangeEvent[] = [];
  const second: ChangeEvent[] = [];
  const offFirst = await listener.subscribe((e) => first.push(e), () => {});
  const offSecond = await listener.subscribe((e) => second.push(e), () => {});
  expect(listener.subscriberCount()).toBe(2);

  const seq = await rename(business.id);
  await vi.waitFor(() => expect(first.some((e) => e.seq === seq)).toBe(true), { timeout: 5000 });
  expect(first.find((e) => e.seq === seq)).toEqual({ table: "businesses", op: "UPDATE", id: business.id, businessId: business.id, seq });

  offFirst();
  const again = await rename(business.id);
  await vi.waitFor(() => expect(second.some((e) => e.seq === again)).toBe(true), { timeout: 5000 });
  expect(first.some((e) => e.seq === again)).toBe(false);
  offSecond();
  expect(listener.subscriberCount()).toBe(0);
});

test("reconnect delays are 1, 2, 5, then 10 seconds", () => {
  expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
});

describe("the change log", () => {
  test("a write adds one row per changed row, at its commit, in its transaction; a rolled-back write adds none", async () => {
    const business = await createBusiness();
    const before = await logOf(business.id);
    expect(before.map((r) => [r.entity, r.op, r.id])).toEqual([["businesses", "INSERT", business.id]]);

    const hours = await db.transaction(async (tx) => {
      await tx.update(businesses).set({ name: `Renomeado ${uniq()}` }).where(eq(businesses.id, business.id));
      const rows = await tx.insert(businessHours).values([1, 2, 3].map((d) => ({ businessId: business.id, dayOfWeek: d }))).returning();
      // Written at commit (a deferred trigger): not yet, even inside the transaction.
      const [{ n }] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from changes where business_id = ${business.id}`);
      expect(n).toBe(1);
      return rows;
    });
    const after = (await logOf(business.id)).slice(1);
    expect(after.map((r) => [r.entity, r.op, r.id])).toEqual([
      ["businesses", "UPDATE", business.id],
      ...hours.map((h) => ["business_hours", "INSERT", h.id]),
    ]);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(businesses).set({ name: "Desfeito" }).where(eq(businesses.id, business.id));
        await tx.insert(businessHours).values({ businessId: business.id, dayOfWeek: 4 });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await logOf(business.id)).toHaveLength(before.length + after.length);
  });

  test("every audited table logs its writes: clients, services and professionals too", async () => {
    const business = await createBusiness();
    const start = await lastSeq(business.id);
    const [client] = await db.insert(clients).values({ businessId: business.id, name: `Cliente ${uniq()}` }).returning();
    const [service] = await db.insert(services).values({ businessId: business.id, name: `Serviço ${uniq()}`, durationMinutes: 30 }).returning();
    const [pro] = await db.insert(professionals).values({ businessId: business.id, name: `Profissional ${uniq()}` }).returning();
    await db.delete(clients).where(eq(clients.id, client.id));
    expect((await logOf(business.id)).filter((r) => r.seq > start).map((r) => [r.entity, r.op, r.id])).toEqual([
      ["clients", "INSERT", client.id],
      ["services", "INSERT", service.id],
      ["professionals", "INSERT", pro.id],
      ["clients", "DELETE", client.id],
    ]);
  });

  test("within a business, seq order is commit order: a reader that saw a seq never finds a lower one later", async () => {
    const business = await createBusiness();
    const client = sqlClient();
    const holidaySeqs = async () =>
      (await logOf(business.id)).filter((r) => r.entity === "business_holidays").map((r) => r.seq);
    const open = async (day: number) => {
      const tx = await client.reserve();
      await tx`begin`;
      await tx`insert into business_holidays (business_id, holiday_name, holiday_date)
        values (${business.id}, ${`Feriado ${day}`}, ${`2033-01-${String(day).padStart(2, "0")}`})`;
      return tx;
    };
    /** Every seq a reader saw must be a prefix of the final order: nothing lower appeared after it. */
    const expectPrefixes = (seen: number[][], final: number[]) => {
      for (const s of seen) expect(s).toEqual(final.filter((x) => x <= Math.max(0, ...s)));
    };

    // Two overlapping transactions: the first to write commits last, and gets the higher seq.
    const [early, late] = [await open(1), await open(2)];
    await late`commit`;
    await early`commit`;
    early.release();
    late.release();
    const [one, two] = await holidaySeqs();
    const dayOf = async (seq: number) =>
      (await db.execute<{ d: string }>(sql`select to_char(h.holiday_date, 'DD') as d from changes c
        join business_holidays h on h.id = c.entity_id where c.seq = ${seq}`))[0].d;
    expect([await dayOf(one), await dayOf(two)]).toEqual(["02", "01"]);

    // Six written in order and committed in another, a reader between every commit.
    const txs = [];
    for (let day = 3; day <= 8; day++) txs.push(await open(day));
    const seen: number[][] = [];
    for (const i of [4, 0, 5, 2, 1, 3]) {
      await txs[i]`commit`;
      txs[i].release();
      seen.push(await holidaySeqs());
    }
    // Six more committing all at once, read all the while.
    const burst = [];
    for (let day = 9; day <= 14; day++) burst.push(await open(day));
    let done = false;
    const reader = (async () => {
      while (!done) seen.push(await holidaySeqs());
    })();
    await Promise.all(burst.map(async (tx) => {
      await tx`commit`;
      tx.release();
    }));
    done = true;
    await reader;
    const final = await holidaySeqs();
    expect(final).toHaveLength(14);
    expectPrefixes(seen, final);
  });
});

type Message = { event: string; id?: string; data?: string };

/** Reads a stream as it comes: its messages so far, and whether it ended. */
function reading(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const seen = { text: "", closed: false, messages: [] as Message[] };
  void (async () => {
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value);
      seen.text += chunk;
      buffer += chunk;
      const parts = buffer.split("\n\n");
      buffer = parts.pop()!;
      for (const part of parts) {
        const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(part)?.[1];
        const event = field("event");
        if (event) seen.messages.push({ event, id: field("id"), data: field("data") });
      }
    }
    seen.closed = true;
  })().catch(() => {
    seen.closed = true;
  });
  const changes = () => seen.messages.filter((m) => m.event === "change").map((m) => JSON.parse(m.data!) as ChangeEvent);
  const ready = () => seen.messages.find((m) => m.event === "ready");
  return { seen, changes, ready, lastId: () => seen.messages.filter((m) => m.id).at(-1)?.id, stop: () => reader.cancel().catch(() => {}) };
}

/** Far below the heartbeat: what ends a stream within this did not wait for it. */
const AT_ONCE_MS = 5_000;

describe("a stream resumes from a cursor", () => {
  test("it first sends exactly the changes after it, of the user's current businesses only, on another instance too; then live ones, each once", async () => {
    const user = await createUser();
    const [shop, branch, left, other] = [await createBusiness(user.id), await createBusiness(user.id), await createBusiness(user.id), await createBusiness()];
    const rendered = (await loadUserAccess(user.id))!.cursor;
    expect(rendered).toEqual({ [shop.id]: await lastSeq(shop.id), [branch.id]: await lastSeq(branch.id), [left.id]: await lastSeq(left.id) });

    // Between the page's render and its stream.
    const a1 = await rename(shop.id);
    const first = reading(await streamOf(user.id, { after: rendered, listener: instance() }));
    await vi.waitFor(() => expect(first.ready()).toBeDefined(), { timeout: AT_ONCE_MS });
    expect(first.ready()!.data).toBe("{}");
    expect(first.changes().map((e) => e.seq)).toEqual([a1]);
    const a2 = await rename(shop.id);
    await vi.waitFor(() => expect(first.changes().map((e) => e.seq)).toEqual([a1, a2]), { timeout: AT_ONCE_MS });
    // Each change's id is the stream's cursor after it.
    const id = first.lastId()!;
    expect(parseCursor(id)).toEqual({ ...rendered, [shop.id]: a2 });
    await first.stop();

    // While no stream is open: the user's businesses change, another business changes, the user
    // leaves one and joins another that had changed before.
    const a3 = await rename(shop.id);
    const b1 = await rename(branch.id);
    await rename(other.id);
    await rename(left.id);
    await db.execute(sql`delete from user_business_roles where user_id = ${user.id} and business_id = ${left.id}`);
    const joined = await createBusiness();
    await rename(joined.id);
    await addBusinessRole(user.id, joined.id, "employee");

    // Another instance, resuming from the last id (as Last-Event-ID or ?after= brings it).
    const second = reading(await streamOf(user.id, { after: parseCursor(id), listener: instance() }));
    await vi.waitFor(() => expect(second.ready()).toBeDefined(), { timeout: AT_ONCE_MS });
    expect(second.ready()!.data).toBe("{}");
    expect(second.changes().map((e) => [e.businessId, e.seq])).toEqual([[shop.id, a3], [branch.id, b1]]);
    // The business it joined starts at its current end; the one it left is no longer named.
    const end = { [shop.id]: a3, [branch.id]: b1, [joined.id]: await lastSeq(joined.id) };
    expect(parseCursor(second.ready()!.id)).toEqual(end);

    // Live: another business's change and the left one's are never sent; the later changes of
    // the user's own businesses are the marker that they would have come by now.
    await rename(other.id);
    await rename(left.id);
    const live = [await rename(joined.id), await rename(shop.id)];
    await vi.waitFor(() => expect(second.changes().map((e) => e.seq)).toEqual([a3, b1, ...live]), { timeout: AT_ONCE_MS });
    expect(parseCursor(second.lastId())).toEqual({ ...end, [joined.id]: live[0], [shop.id]: live[1] });
    await second.stop();
  });

  test("the page's render cursor is read with its access, before its data: a change right after it still comes", async () => {
    const user = await createUser();
    const shop = await createBusiness(user.id);
    const before = await rename(shop.id);
    await actAs(user.id, { currentBusinessId: shop.id });
    const ctx = (await getAuthContext())!;
    expect(ctx.cursor).toEqual({ [shop.id]: before });
    // Committed after the cursor was read, maybe before the page read its data: delivered (twice
    // at worst, and the screens read again what a change names), never lost.
    const after = await rename(shop.id);
    const stream = reading(await streamOf(user.id, { after: ctx.cursor }));
    await vi.waitFor(() => expect(stream.ready()).toBeDefined(), { timeout: AT_ONCE_MS });
    expect(stream.changes().map((e) => e.seq)).toEqual([after]);
    await stream.stop();
  });

  test("a gap the log no longer holds, too many changes, or a cursor ahead of the log: 'ready' says missed", async () => {
    const user = await createUser();
    const shop = await createBusiness(user.id);
    const quiet = await createBusiness(user.id);
    const [x1, x2, x3] = [await rename(shop.id), await rename(shop.id), await rename(shop.id)];
    // A day old: pruned, each business's newest kept.
    await db.execute(sql`update changes set created_at = now() - interval '25 hours' where business_id in (${shop.id}, ${quiet.id})`);
    await pruneChanges();
    expect((await logOf(shop.id)).map((r) => r.seq)).toEqual([x3]);
    expect(await logOf(quiet.id)).toHaveLength(1);
    const quietEnd = await lastSeq(quiet.id);

    const open = async (after: Cursor) => {
      const s = reading(await streamOf(user.id, { after }));
      await vi.waitFor(() => expect(s.ready()).toBeDefined(), { timeout: AT_ONCE_MS });
      await s.stop();
      return { missed: s.ready()!.data === '{"missed":true}', changes: s.changes().map((e) => e.seq), id: parseCursor(s.ready()!.id) };
    };
    // Behind what was pruned: read everything again, from the current end on.
    expect(await open({ [shop.id]: x1, [quiet.id]: quietEnd })).toEqual({ missed: true, changes: [], id: { [shop.id]: x3, [quiet.id]: quietEnd } });
    // At the last pruned row: nothing lost.
    expect(await open({ [shop.id]: x2, [quiet.id]: quietEnd })).toEqual({ missed: false, changes: [x3], id: { [shop.id]: x3, [quiet.id]: quietEnd } });
    // Ahead of the log (a database restored from an older backup).
    expect((await open({ [shop.id]: x3 + 1_000, [quiet.id]: quietEnd })).missed).toBe(true);

    // More than can be caught up on.
    await db.execute(sql`insert into business_holidays (business_id, holiday_name, holiday_date)
      select ${shop.id}, 'Feriado', d from generate_series(date '2034-01-01', date '2034-01-01' + ${MAX_CATCH_UP}::int, interval '1 day') d`);
    expect(await open({ [shop.id]: x3, [quiet.id]: quietEnd })).toEqual({ missed: true, changes: [], id: { [shop.id]: await lastSeq(shop.id), [quiet.id]: quietEnd } });
  });

  test("when its instance's LISTEN connection is lost and back, the stream reads the log from its cursor instead of asking for a reload", async () => {
    const user = await createUser();
    const shop = await createBusiness(user.id);
    const name = `agenda test ${uniq()}`;
    const stream = reading(await streamOf(user.id, { after: (await loadUserAccess(user.id))!.cursor, listener: instance(name) }));
    await vi.waitFor(() => expect(stream.ready()).toBeDefined(), { timeout: AT_ONCE_MS });

    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`);
    // Committed while the connection is away: its notification is lost.
    const away = await rename(shop.id);
    await vi.waitFor(() => expect(stream.changes().map((e) => e.seq)).toEqual([away]), { timeout: 15_000 });
    const live = await rename(shop.id);
    await vi.waitFor(() => expect(stream.changes().map((e) => e.seq)).toEqual([away, live]), { timeout: AT_ONCE_MS });
    expect(stream.seen.messages.map((m) => m.event)).not.toContain("resync");
    expect(stream.seen.closed).toBe(false);
    await stream.stop();
  });

  test("accessAfter: a lost session or business, or another role, ends the stream; a new business joins it", () => {
    const access = (sessionOpen: boolean, memberships: [string, BusinessRole][], sessionVersion = 1): UserAccess => ({
      user: { sessionVersion } as UserAccess["user"],
      roles: [],
      memberships: memberships.map(([id, role]) => ({ id, role, name: id, description: null, grants: [], professionalId: null })),
      sessionOpen,
      cursor: {},
    });
    const held = new Map<string, BusinessRole>([["a", "employee"]]);
    const session = { sid: "00000000-0000-4000-8000-000000000001", sv: 1 };
    // What streamAccess answers the stream: the access while the session holds, else null.
    const after = (a: UserAccess | null, s: { sid: string | null; sv: number }) => accessAfter(held, sessionHolds(s, a) ? a : null);
    expect(after(access(true, [["a", "employee"], ["b", "owner"]]), session)).toEqual(new Map([["a", "employee"], ["b", "owner"]]));
    expect(after(access(true, [["b", "owner"]]), session)).toBeNull();
    expect(after(access(true, [["a", "owner"]]), session)).toBeNull();
    expect(after(access(false, [["a", "employee"]]), session)).toBeNull();
    expect(after(access(true, [["a", "employee"]], 2), session)).toBeNull();
    expect(after(null, session)).toBeNull();
    expect(after(access(true, [["a", "employee"]]), { sid: null, sv: 1 })).toBeNull();
  });
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

const updated = (businessId: string) => `"table":"businesses","op":"UPDATE","id":"${businessId}"`;
const count = (text: string, part: string) => text.split(part).length - 1;

describe("an access change ends the user's streams at once (not at the heartbeat)", () => {
  test("a removed employee's stream tells the page its access changed and closes; the business's change committed right after the removal is never sent", async () => {
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
    expect(stream.seen.messages.at(-1)?.event).toBe("access");
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

  test("'Sair' closes the streams of that session (without asking the page to read again); another session's stream goes on", async () => {
    const user = await createUser();
    const shop = await createBusiness(user.id);
    const [laptopSid, phoneSid] = [await openSession(user.id), await openSession(user.id)];
    const laptop = reading(await streamOf(user.id, { sessionId: laptopSid }));
    const phone = reading(await streamOf(user.id, { sessionId: phoneSid }));
    for (const s of [laptop, phone]) await vi.waitFor(() => expect(s.seen.text).toContain("event: ready"), { timeout: AT_ONCE_MS });

    await actAs(user.id, { sessionId: laptopSid });
    expect(await signOutAction({})).toEqual({ ok: true });
    await vi.waitFor(() => expect(laptop.seen.closed).toBe(true), { timeout: AT_ONCE_MS });
    expect(laptop.seen.text).not.toContain("event: access");
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
});

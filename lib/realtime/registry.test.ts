import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "./events";
import { createChangeRegistry, REPLAY_MAX } from "./registry";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const change = (table: string, id: string, seq: number, businessId = A): ChangeEvent => ({ table, op: "INSERT", id, businessId, seq });

describe("createChangeRegistry", () => {
  it("fans a change out to its table's handlers and to '*', not to other tables", () => {
    const r = createChangeRegistry({ [A]: 0 });
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(`appointments:${e.id}`));
    r.subscribe("*", (e) => heard.push(`*:${e.id}`));
    r.subscribe("clients", (e) => heard.push(`clients:${e.id}`));
    r.deliver(change("appointments", "a1", 1));
    expect(heard).toEqual(["appointments:a1", "*:a1"]);
  });

  it("gives a screen that subscribes later (a soft navigation) exactly the events after its page's render cursor", () => {
    // The stream started at the first page's cursor; the next page was rendered at A:11, B:20.
    const r = createChangeRegistry({ [A]: 10, [B]: 20 });
    r.deliver(change("appointments", "before-render", 11));
    r.deliver(change("appointments", "a1", 12));
    r.deliver(change("clients", "c1", 13));
    r.deliver(change("appointments", "b1", 21, B));
    const appointments: string[] = [];
    const all: string[] = [];
    const onlyA: string[] = [];
    r.subscribe("appointments", (e) => appointments.push(e.id!), { [A]: 11, [B]: 20 });
    r.subscribe("*", (e) => all.push(e.id!), { [A]: 11, [B]: 20 });
    // A page that knows business A only hears nothing of B.
    r.subscribe("*", (e) => onlyA.push(e.id!), { [A]: 11 });
    expect(appointments).toEqual(["a1", "b1"]);
    expect(all).toEqual(["a1", "c1", "b1"]);
    expect(onlyA).toEqual(["a1", "c1"]);
    // Replayed once, then live as usual; without a cursor, live only.
    const live: string[] = [];
    r.subscribe("appointments", (e) => live.push(e.id!));
    r.deliver(change("appointments", "a2", 14));
    expect(appointments).toEqual(["a1", "b1", "a2"]);
    expect(live).toEqual(["a2"]);
  });

  it("runs a screen's catch-up at once when the kept events do not reach back to its cursor, and only then", () => {
    const r = createChangeRegistry({ [A]: 10 });
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 10 });
    r.onCatchUp(() => reads++, { [A]: 15 });
    expect(reads).toBe(0);
    // Rendered before the stream's start: what came between is not here.
    r.onCatchUp(() => reads++, { [A]: 9 });
    expect(reads).toBe(1);
    // A business the stream does not name yet, then does (it joined at seq 30).
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 30 });
    expect(reads).toBe(2);
    r.extend({ [A]: 99, [B]: 30 });
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 30 });
    expect(reads).toBe(2);
  });

  it(`keeps the last ${REPLAY_MAX} events; a cursor behind what was dropped reads everything again`, () => {
    const r = createChangeRegistry({ [A]: 0 });
    for (let i = 1; i <= REPLAY_MAX + 10; i++) r.deliver(change("appointments", String(i), i));
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(e.id!), { [A]: 10 });
    expect(heard).toHaveLength(REPLAY_MAX);
    expect(heard[0]).toBe("11");
    expect(heard.at(-1)).toBe(String(REPLAY_MAX + 10));
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 10 });
    expect(reads).toBe(0);
    r.onCatchUp(() => reads++, { [A]: 9 });
    expect(reads).toBe(1);
  });

  it("stops calling a handler once unsubscribed, and one handler's error does not stop the others", () => {
    const r = createChangeRegistry({ [A]: 0 });
    const heard: string[] = [];
    const off = r.subscribe("appointments", (e) => heard.push(`first:${e.id}`));
    r.subscribe("appointments", () => {
      throw new Error("boom");
    });
    r.subscribe("*", (e) => heard.push(`*:${e.id}`));
    const quiet = console.error;
    console.error = () => {};
    try {
      r.deliver(change("appointments", "a1", 1));
      off();
      r.deliver(change("appointments", "a2", 2));
    } finally {
      console.error = quiet;
    }
    expect(heard).toEqual(["first:a1", "*:a1", "*:a2"]);
  });

  it("after missed changes, calls every catch-up handler and starts over from the stream's new cursor", () => {
    const r = createChangeRegistry({ [A]: 0 });
    r.deliver(change("appointments", "a1", 1));
    let n = 0;
    const off = r.onCatchUp(() => n++);
    r.onCatchUp(() => n++);
    r.catchUp({ [A]: 50 });
    off();
    r.catchUp({ [A]: 50 });
    expect(n).toBe(3);
    // What was kept before the gap is gone; a page rendered before it reads everything again.
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(e.id!), { [A]: 0 });
    expect(heard).toEqual([]);
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 0 });
    r.onCatchUp(() => reads++, { [A]: 50 });
    expect(reads).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "./events";
import { createChangeRegistry, REPLAY_MAX, REPLAY_MS } from "./registry";

const change = (table: string, id: string): ChangeEvent => ({ table, op: "INSERT", id, businessId: "b1" });

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("createChangeRegistry", () => {
  it("fans a change out to its table's handlers and to '*', not to other tables", () => {
    const r = createChangeRegistry();
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(`appointments:${e.id}`));
    r.subscribe("*", (e) => heard.push(`*:${e.id}`));
    r.subscribe("clients", (e) => heard.push(`clients:${e.id}`));
    r.deliver(change("appointments", "a1"));
    expect(heard).toEqual(["appointments:a1", "*:a1"]);
  });

  it("replays the recent changes to a screen that subscribes after them (a soft navigation)", () => {
    const c = clock();
    const r = createChangeRegistry(c.now);
    r.deliver(change("appointments", "old"));
    c.advance(REPLAY_MS + 1);
    r.deliver(change("appointments", "a1"));
    r.deliver(change("clients", "c1"));
    c.advance(REPLAY_MS - 1);
    const appointments: string[] = [];
    const all: string[] = [];
    r.subscribe("appointments", (e) => appointments.push(e.id!));
    r.subscribe("*", (e) => all.push(e.id!));
    expect(appointments).toEqual(["a1"]);
    expect(all).toEqual(["a1", "c1"]);
    // Replayed once, then live as usual.
    r.deliver(change("appointments", "a2"));
    expect(appointments).toEqual(["a1", "a2"]);
  });

  it("keeps at most REPLAY_MAX changes", () => {
    const r = createChangeRegistry(() => 0);
    for (let i = 0; i < REPLAY_MAX + 10; i++) r.deliver(change("appointments", String(i)));
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(e.id!));
    expect(heard).toHaveLength(REPLAY_MAX);
    expect(heard[0]).toBe("10");
    expect(heard.at(-1)).toBe(String(REPLAY_MAX + 9));
  });

  it("stops calling a handler once unsubscribed, and one handler's error does not stop the others", () => {
    const r = createChangeRegistry();
    const heard: string[] = [];
    const off = r.subscribe("appointments", (e) => heard.push(`first:${e.id}`));
    r.subscribe("appointments", () => {
      throw new Error("boom");
    });
    r.subscribe("*", (e) => heard.push(`*:${e.id}`));
    const quiet = console.error;
    console.error = () => {};
    try {
      r.deliver(change("appointments", "a1"));
      off();
      r.deliver(change("appointments", "a2"));
    } finally {
      console.error = quiet;
    }
    expect(heard).toEqual(["first:a1", "*:a1", "*:a2"]);
  });

  it("calls every catch-up handler when the stream is back", () => {
    const r = createChangeRegistry();
    let n = 0;
    const off = r.onCatchUp(() => n++);
    r.onCatchUp(() => n++);
    r.catchUp();
    off();
    r.catchUp();
    expect(n).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "./events";
import { createChangeRegistry } from "./registry";

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

  it("keeps no events: a screen that subscribes later hears only what comes after", () => {
    const r = createChangeRegistry({ [A]: 10 });
    r.deliver(change("appointments", "a1", 11));
    const heard: string[] = [];
    r.subscribe("appointments", (e) => heard.push(e.id!));
    r.deliver(change("appointments", "a2", 12));
    expect(heard).toEqual(["a2"]);
  });

  it("runs a screen's catch-up at once when the stream is past its page's render cursor, and only then", () => {
    // The stream started at the first page's cursor A:10, B:20.
    const r = createChangeRegistry({ [A]: 10, [B]: 20 });
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 20 });
    // A page rendered later than what the stream has delivered: the rest comes live.
    r.onCatchUp(() => reads++, { [A]: 15 });
    expect(reads).toBe(0);
    r.deliver(change("appointments", "a1", 11));
    // A page rendered at A:10 (prefetched before a1) missed a1 on the way: it reads everything again.
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 20 });
    expect(reads).toBe(1);
    r.onCatchUp(() => reads++, { [A]: 11, [B]: 20 });
    expect(reads).toBe(1);
    // Another business's change does not make a page of A behind.
    r.deliver(change("appointments", "b1", 21, B));
    r.onCatchUp(() => reads++, { [A]: 11 });
    expect(reads).toBe(1);
  });

  it("counts a business the stream does not name yet as behind, until the stream names it", () => {
    const r = createChangeRegistry({ [A]: 10 });
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 30 });
    expect(reads).toBe(1);
    r.extend({ [A]: 99, [B]: 30 });
    r.onCatchUp(() => reads++, { [A]: 10, [B]: 30 });
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

  it("after missed changes, calls every catch-up handler and goes on from the stream's new cursor", () => {
    const r = createChangeRegistry({ [A]: 0 });
    let n = 0;
    const off = r.onCatchUp(() => n++);
    r.onCatchUp(() => n++);
    r.catchUp({ [A]: 50 });
    off();
    r.catchUp({ [A]: 50 });
    expect(n).toBe(3);
    let reads = 0;
    r.onCatchUp(() => reads++, { [A]: 0 });
    r.onCatchUp(() => reads++, { [A]: 50 });
    expect(reads).toBe(1);
  });
});

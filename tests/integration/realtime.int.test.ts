import { eq } from "drizzle-orm";
import { afterAll, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses } from "@/db/schema";
import type { ChangeEvent } from "@/lib/realtime/events";
import { reconnectDelay } from "@/lib/realtime/events";
import { stopListener, subscribe, subscriberCount } from "@/lib/realtime/listener";
import { createBusiness } from "./fixtures";

vi.mock("server-only", () => ({}));

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

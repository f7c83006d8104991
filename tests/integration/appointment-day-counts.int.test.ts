/**
 * appointment_day_counts (migration 0014) is kept by a deferred trigger on appointments: after every
 * committed change it must equal the appointments counted per date and status from scratch. A seeded
 * random walk of inserts, moves, status changes, deletions and multi-step transactions checks that;
 * concurrent opposite moves must not deadlock; a business's deletion still commits; the agenda's and
 * the dashboard's figures read the kept counts.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, sqlClient } from "@/db";
import { appointments } from "@/db/schema";
import { deleteBusiness } from "@/lib/admin/mutations";
import { countsByDate, monthSummary } from "@/lib/appointments/queries";
import { createAppointment, createBusiness, createClient, createUser } from "./fixtures";
import { prng } from "./prng";

type Figures = Record<string, number>;

async function kept(businessId: string): Promise<Figures> {
  const rows = await db.execute<{ k: string; n: number }>(sql`
    select date::text || '/' || status_id as k, appointments as n from appointment_day_counts
     where business_id = ${businessId} and appointments <> 0 order by 1`);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

async function recomputed(businessId: string): Promise<Figures> {
  const rows = await db.execute<{ k: string; n: number }>(sql`
    select date::text || '/' || status_id as k, count(*)::int as n from appointments
     where business_id = ${businessId} group by date, status_id order by 1`);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

const dateOf = (day: number) => new Date(Date.UTC(2033, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

describe("appointments per day and status", () => {
  test("equal the recomputed counts after every insert, move, status change, deletion and multi-step transaction", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    // A client of its own per appointment: the client rule (no overlapping hour) never refuses a step.
    const newClient = async () => (await createClient(business.id)).id;
    const pick = prng(20261124);
    const live: string[] = [];
    const time = () => `${String(8 + pick(12)).padStart(2, "0")}:${pick(2) ? "00" : "30"}`;

    for (let step = 0; step < 250; step++) {
      const op = live.length ? pick(7) : 0;
      if (op <= 1) {
        const a = await createAppointment({ businessId: business.id, clientId: await newClient(), date: dateOf(pick(20)), time: time(), statusId: 1 + pick(4) });
        live.push(a.id);
      } else if (op === 2) {
        await db.update(appointments).set({ date: dateOf(pick(20)), time: time() }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 3) {
        await db.update(appointments).set({ statusId: 1 + pick(4) }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 4) {
        // Several changes in one transaction: counted once each, at commit.
        const id = live[pick(live.length)];
        const clientId = await newClient();
        await db.transaction(async (tx) => {
          await tx.update(appointments).set({ statusId: 1 + pick(4) }).where(eq(appointments.id, id));
          await tx.update(appointments).set({ date: dateOf(pick(20)), time: time() }).where(eq(appointments.id, id));
          const [gone] = await tx
            .insert(appointments)
            .values({ businessId: business.id, clientId, date: dateOf(pick(20)), time: time(), statusId: 1 })
            .returning({ id: appointments.id });
          await tx.delete(appointments).where(eq(appointments.id, gone.id));
        });
      } else if (op === 5) {
        // A rolled-back change leaves the counts as they were.
        await db
          .transaction(async (tx) => {
            await tx.update(appointments).set({ date: dateOf(50) }).where(eq(appointments.id, live[pick(live.length)]));
            throw new Error("desfeito");
          })
          .catch(() => undefined);
      } else {
        const [id] = live.splice(pick(live.length), 1);
        await db.delete(appointments).where(eq(appointments.id, id));
      }
      expect(await kept(business.id), `step ${step}`).toEqual(await recomputed(business.id));
    }
  });

  test("change only at commit: an open transaction's booking is not counted yet", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const client = await createClient(business.id);
    const open = await sqlClient().reserve();
    try {
      await open`begin`;
      await open`insert into appointments (business_id, client_id, date, time, status_id) values (${business.id}, ${client.id}, '2033-05-02', '09:00', 1)`;
      // Not even the booking's own transaction sees the row: it is written while committing.
      expect(await open`select * from appointment_day_counts where business_id = ${business.id}`).toHaveLength(0);
      await open`commit`;
      expect(await kept(business.id)).toEqual({ "2033-05-02/1": 1 });
    } finally {
      open.release();
    }
  });

  test("16 concurrent moves between two days in both directions commit without a deadlock", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const ids: { id: string; from: string; to: string }[] = [];
    for (let i = 0; i < 16; i++) {
      const client = await createClient(business.id);
      const from = i % 2 ? "2033-06-01" : "2033-06-02";
      const a = await createAppointment({ businessId: business.id, clientId: client.id, date: from, time: "10:00", statusId: 1 + (i % 3) });
      ids.push({ id: a.id, from, to: i % 2 ? "2033-06-02" : "2033-06-01" });
    }
    // Each transaction moves two appointments, one each way, then changes a status: each commit
    // touches both days' rows.
    await Promise.all(
      ids.map((a, i) =>
        db.transaction(async (tx) => {
          const other = ids[(i + 1) % ids.length];
          await tx.update(appointments).set({ date: a.to, time: `${String(8 + (i % 8)).padStart(2, "0")}:15` }).where(eq(appointments.id, a.id));
          await tx.update(appointments).set({ statusId: 1 + ((i + 1) % 4) }).where(eq(appointments.id, other.id));
        }),
      ),
    );
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
  });

  test("a business deleted with its appointments (the admin's deletion) commits, and its counts go with it", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const client = await createClient(business.id);
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2033-07-01", time: "09:00" });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2033-07-01", time: "10:00", statusId: 2 });
    expect(await kept(business.id)).toEqual({ "2033-07-01/1": 1, "2033-07-01/2": 1 });
    expect((await deleteBusiness(business.id)).ok).toBe(true);
    const [left] = await db.execute<{ n: number }>(sql`select count(*)::int as n from appointment_day_counts where business_id = ${business.id}`);
    expect(Number(left.n)).toBe(0);
  });

  test("the agenda's day counts and month cards read them", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const client = await createClient(business.id);
    const statuses = [1, 2, 2, 3, 4, 1];
    for (const [i, statusId] of statuses.entries()) {
      await createAppointment({ businessId: business.id, clientId: client.id, date: i < 4 ? "2033-08-10" : "2033-08-31", time: `${10 + i}:00`, statusId });
    }
    const cancelled = await createAppointment({ businessId: business.id, clientId: client.id, date: "2033-09-01", time: "10:00", statusId: 3 });
    expect(await countsByDate(business.id, "2033-08-01", "2033-09-30")).toEqual({ "2033-08-10": 4, "2033-08-31": 2, "2033-09-01": 1 });
    expect(await monthSummary(business.id, "2033-08-15")).toEqual({ month: "2033-08", total: 6, confirmed: 2, pending: 2, cancelled: 1 });
    await db.delete(appointments).where(eq(appointments.id, cancelled.id));
    // A day whose appointments all went is absent, as before the counts were kept.
    expect(await countsByDate(business.id, "2033-08-01", "2033-09-30")).toEqual({ "2033-08-10": 4, "2033-08-31": 2 });
  });
});

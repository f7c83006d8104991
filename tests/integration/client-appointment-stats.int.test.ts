/**
 * client_appointment_stats (migration 0012) is kept by triggers: after every change to appointments
 * it must equal each client's count and latest date computed from scratch. A seeded random walk of
 * inserts, moves, client changes and deletions over one business checks that, step by step; the
 * clients report then reads the same figures as before the table existed.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, sqlClient } from "@/db";
import { appointments, clients } from "@/db/schema";
import { clientsReportStats, topClients } from "@/lib/clients-report/queries";
import { createAppointment, createBusiness, createClient, createUser } from "./fixtures";
import { prng } from "./prng";

type Figures = Record<string, { n: number; last: string | null; noShows: number; cancelled: number }>;

async function kept(businessId: string): Promise<Figures> {
  const rows = await db.execute<{ client_id: string; n: number; last: string | null; no_shows: number; cancelled: number }>(sql`
    select client_id, appointments as n, last_date::text as last, no_shows, cancelled from client_appointment_stats where business_id = ${businessId} order by 1`);
  return Object.fromEntries(rows.map((r) => [r.client_id, { n: Number(r.n), last: r.last, noShows: Number(r.no_shows), cancelled: Number(r.cancelled) }]));
}

async function recomputed(businessId: string): Promise<Figures> {
  const rows = await db.execute<{ client_id: string; n: number; last: string | null; no_shows: number; cancelled: number }>(sql`
    select client_id, count(*)::int as n, max(date)::text as last, count(*) filter (where status_id = 5)::int as no_shows,
           count(*) filter (where status_id = 3)::int as cancelled
      from appointments where business_id = ${businessId} group by 1 order by 1`);
  return Object.fromEntries(rows.map((r) => [r.client_id, { n: Number(r.n), last: r.last, noShows: Number(r.no_shows), cancelled: Number(r.cancelled) }]));
}

const dateOf = (day: number) => new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

describe("clients' appointment counts", () => {
  test("equal the recomputed counts, latest dates, no-shows and cancellations after every insert, move, client change, status change and deletion", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const people = [await createClient(business.id), await createClient(business.id), await createClient(business.id)];
    const pick = prng(20261123);
    const live: string[] = [];
    let slot = 0;

    for (let step = 0; step < 200; step++) {
      const op = live.length ? pick(7) : 0;
      if (op <= 1) {
        // A new appointment of any status, each at a time of its own (the client rule refuses overlaps).
        slot++;
        const a = await createAppointment({ businessId: business.id, clientId: people[pick(3)].id, date: dateOf(pick(40)), time: `${String(slot % 24).padStart(2, "0")}:00`, statusId: 1 + pick(5) });
        live.push(a.id);
      } else if (op === 2) {
        // Moved to another day (often the latest one, or away from it).
        slot++;
        await db.update(appointments).set({ date: dateOf(pick(40) + 100 * pick(2)), time: `${String(slot % 24).padStart(2, "0")}:30` }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 3) {
        slot++;
        await db.update(appointments).set({ clientId: people[pick(3)].id, date: dateOf(200 + slot) }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 4) {
        // Marked 'Faltou' or 'Cancelado', or away from it (migrations 0026, 0034).
        await db.update(appointments).set({ statusId: 1 + pick(5) }).where(eq(appointments.id, live[pick(live.length)]));
      } else {
        const [id] = live.splice(pick(live.length), 1);
        await db.delete(appointments).where(eq(appointments.id, id));
      }
      expect(await kept(business.id), `step ${step}`).toEqual(await recomputed(business.id));
    }
  });

  test("a deletion of the latest appointment racing an earlier booking of the same client keeps the right latest date", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const client = await createClient(business.id);
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-01-10", time: "09:00" });
    const latest = await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-03-01", time: "09:00" });
    const booking = await sqlClient().reserve();
    const deleting = await sqlClient().reserve();
    try {
      // A cancelled booking (it takes no lock of its own before the row) dated between the two,
      // still uncommitted while the latest appointment is deleted elsewhere.
      await booking`begin`;
      await booking`insert into appointments (business_id, client_id, date, time, status_id) values (${business.id}, ${client.id}, '2032-02-01', '09:00', 3)`;
      const deletion = (async () => {
        await deleting`begin`;
        await deleting`delete from appointments where id = ${latest.id}`;
        await deleting`commit`;
      })();
      await new Promise((r) => setTimeout(r, 300));
      await booking`commit`;
      await deletion;
    } finally {
      booking.release();
      deleting.release();
    }
    expect(await kept(business.id)).toEqual({ [client.id]: { n: 2, last: "2032-02-01", noShows: 0, cancelled: 1 } });
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
  });

  test("the clients report reads them: totals, shares and the top 5 by count not cancelled, then latest date", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const [ana, bia, caio] = [await createClient(business.id, { name: "Ana" }), await createClient(business.id, { name: "Bia" }), await createClient(business.id, { name: "Caio" })];
    await createClient(business.id, { name: "Dora" });
    await createAppointment({ businessId: business.id, clientId: ana.id, date: "2032-01-01", time: "09:00" });
    await createAppointment({ businessId: business.id, clientId: ana.id, date: "2032-01-05", time: "09:00", statusId: 3 });
    await createAppointment({ businessId: business.id, clientId: bia.id, date: "2032-02-01", time: "09:00" });
    const moved = await createAppointment({ businessId: business.id, clientId: bia.id, date: "2031-12-01", time: "09:00" });
    await createAppointment({ businessId: business.id, clientId: caio.id, date: "2032-03-01", time: "09:00" });
    await db.update(appointments).set({ date: "2031-11-01" }).where(eq(appointments.id, moved.id));

    const stats = await clientsReportStats(business.id);
    expect(stats).toMatchObject({ totalClients: 4, totalAppointments: 5, withAppointments: 3, returning: 2, averageAppointments: 1.25 });
    // Ana's second is cancelled: she has one, as Caio, whose latest (March) is later than hers (January 5th).
    expect((await topClients(business.id)).map((c) => [c.name, c.appointmentCount, c.lastAppointment])).toEqual([
      ["Bia", 2, "2032-02-01"], ["Caio", 1, "2032-03-01"], ["Ana", 1, "2032-01-05"],
    ]);
    // A client deleted with their appointments takes their row along.
    await db.delete(appointments).where(eq(appointments.clientId, caio.id));
    await db.delete(clients).where(eq(clients.id, caio.id));
    expect(Object.keys(await kept(business.id))).toHaveLength(2);
  });

  test("the Top 5 counts no cancelled booking: a client of many cancellations ranks by the rest, one of only cancellations is not in it", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const book = async (clientId: string, n: number, statusId = 2, first = 1) => {
      for (let i = 0; i < n; i++) await createAppointment({ businessId: business.id, clientId, date: dateOf(first + i), time: "10:00", statusId });
    };
    const people: Record<string, string> = {};
    for (const name of ["Ana", "Bia", "Caio", "Dora", "Edu", "Fabi", "Gil"]) people[name] = (await createClient(business.id, { name })).id;
    await book(people.Ana, 6, 3); // six cancelled, none kept
    await book(people.Ana, 1, 2, 50);
    await book(people.Bia, 5, 4);
    await book(people.Caio, 4, 5); // 'Faltou' counts: booked and not cancelled
    await book(people.Dora, 3, 1);
    await book(people.Edu, 2, 2);
    await book(people.Fabi, 9, 3); // only cancellations
    await book(people.Gil, 2, 2, 10);
    // One of Bia's cancelled later: she drops to four, behind no one but still first.
    const [bias] = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, people.Bia)).limit(1);
    await db.update(appointments).set({ statusId: 3 }).where(eq(appointments.id, bias.id));

    const top = (await topClients(business.id)).map((c) => [c.name, c.appointmentCount]);
    expect(top).toEqual([["Bia", 4], ["Caio", 4], ["Dora", 3], ["Gil", 2], ["Edu", 2]]);
    expect(top.map(([n]) => n)).not.toContain("Fabi");
    expect(top.map(([n]) => n)).not.toContain("Ana");
  });
});

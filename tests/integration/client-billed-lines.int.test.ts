/**
 * The client page's kept figures (migration 0029): client_billed_lines (each client's billed lines by
 * professional and service) and client_appointment_stats.billed (billed appointments) are kept by
 * triggers. After every kind of change to appointments and their lines they must equal the figures
 * computed from scratch; a seeded random walk over three clients checks that step by step.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import { appointments, appointmentServices, professionals } from "@/db/schema";
import { clientProfile } from "@/lib/clients/queries";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";
import { prng } from "./prng";

type Figures = { lines: Record<string, number>; billed: Record<string, number> };

async function kept(businessId: string): Promise<Figures> {
  const lines = await db.execute<{ k: string; n: number }>(sql`
    select client_id || ':' || professional_id || ':' || service_id as k, lines as n from client_billed_lines
     where business_id = ${businessId} and lines <> 0 order by 1`);
  const billed = await db.execute<{ k: string; n: number }>(sql`
    select client_id::text as k, billed as n from client_appointment_stats where business_id = ${businessId} and billed <> 0 order by 1`);
  return { lines: Object.fromEntries(lines.map((r) => [r.k, Number(r.n)])), billed: Object.fromEntries(billed.map((r) => [r.k, Number(r.n)])) };
}

async function recomputed(businessId: string): Promise<Figures> {
  const lines = await db.execute<{ k: string; n: number }>(sql`
    select a.client_id || ':' || s.professional_id || ':' || s.service_id as k, count(*)::int as n
      from appointment_services s join appointments a on a.id = s.appointment_id
     where s.business_id = ${businessId} and a.status_id in (2, 4) and s.professional_id is not null
     group by 1 order by 1`);
  const billed = await db.execute<{ k: string; n: number }>(sql`
    select client_id::text as k, count(*)::int as n from appointments
     where business_id = ${businessId} and status_id in (2, 4) group by 1 order by 1`);
  return { lines: Object.fromEntries(lines.map((r) => [r.k, Number(r.n)])), billed: Object.fromEntries(billed.map((r) => [r.k, Number(r.n)])) };
}

const dateOf = (day: number) => new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

describe("clients' billed lines and visits", () => {
  test("equal the recomputed figures after every insert, status change, client change, line change, move and deletion", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const services = [await createService(business.id, 30), await createService(business.id, 20), await createService(business.id, null)];
    const pros = [await createProfessional(business.id), await createProfessional(business.id), await createProfessional(business.id)];
    const people = [await createClient(business.id), await createClient(business.id), await createClient(business.id)];
    const pick = prng(20261127);
    const live: string[] = [];
    let day = 0;

    for (let step = 0; step < 300; step++) {
      const op = live.length ? pick(9) : 0;
      if (op <= 1) {
        // A new appointment, any status, 0–3 lines (some without professional), on a day of its own.
        day++;
        const lines = Array.from({ length: pick(4) }, (_, i) => ({
          serviceId: services[(i + pick(3)) % 3].id,
          professionalId: pick(5) === 0 ? null : pros[i % 3].id,
        })).filter((l, i, all) => all.findIndex((x) => x.serviceId === l.serviceId) === i);
        const a = await createAppointment({ businessId: business.id, clientId: people[pick(3)].id, date: dateOf(day), time: "10:00", statusId: 1 + pick(5), services: lines });
        live.push(a.id);
      } else if (op <= 3) {
        await db.update(appointments).set({ statusId: 1 + pick(5) }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 4) {
        // Another client on a day of its own (the client rule refuses overlaps).
        day++;
        await db.update(appointments).set({ clientId: people[pick(3)].id, date: dateOf(day) }).where(eq(appointments.id, live[pick(live.length)]));
      } else if (op === 5) {
        // Replace the lines, as 'Gerenciar Serviços e Profissionais' does.
        const id = live[pick(live.length)];
        await db.transaction(async (tx) => {
          await tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, id));
          await tx.insert(appointmentServices).values({ appointmentId: id, serviceId: services[pick(3)].id, professionalId: pros[pick(3)].id, businessId: business.id });
        });
      } else if (op === 6) {
        const [line] = await db.select().from(appointmentServices).where(eq(appointmentServices.businessId, business.id)).limit(1);
        if (line) await db.update(appointmentServices).set({ professionalId: pick(4) === 0 ? null : pros[pick(3)].id }).where(eq(appointmentServices.id, line.id));
      } else if (op === 7) {
        day++;
        await db.update(appointments).set({ date: dateOf(day) }).where(eq(appointments.id, live[pick(live.length)]));
      } else {
        const [id] = live.splice(pick(live.length), 1);
        await db.delete(appointments).where(eq(appointments.id, id));
      }
      expect(await kept(business.id), `passo ${step}, operação ${op}`).toEqual(await recomputed(business.id));
    }
    expect(Object.keys((await kept(business.id)).lines).length).toBeGreaterThan(0);

    // A professional deleted: their lines lose the professional, and their counts go with them.
    await db.delete(professionals).where(eq(professionals.id, pros[0].id));
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
  });

  test("concurrent confirmations and cancellations of one client's appointments neither deadlock nor miscount", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const services = [await createService(business.id, 30), await createService(business.id, 20)];
    const pro = await createProfessional(business.id);
    const client = await createClient(business.id);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      // Lines in both orders, so unordered updates would take the client's rows in both orders.
      const lines = (i % 2 ? services : [...services].reverse()).map((s) => ({ serviceId: s.id, professionalId: pro.id }));
      ids.push((await createAppointment({ businessId: business.id, clientId: client.id, date: dateOf(i), time: "09:00", statusId: 2, services: lines })).id);
    }
    await Promise.all(ids.map((id, i) => db.update(appointments).set({ statusId: i % 3 === 0 ? 1 : 3 }).where(eq(appointments.id, id))));
    await Promise.all(ids.map((id, i) => db.update(appointments).set({ statusId: i % 2 ? 2 : 4 }).where(eq(appointments.id, id))));
    await Promise.all(ids.slice(0, 8).map((id) => db.update(appointments).set({ statusId: 5 }).where(eq(appointments.id, id))));
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
    expect((await kept(business.id)).billed).toEqual({ [client.id]: 8 });
  });

  test("the client page's totals from them: started billed visits at today's prices, the upcoming ones left out", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const [corte, barba] = [await createService(business.id, 30), await createService(business.id, 20)];
    const pro = await createProfessional(business.id);
    await db.execute(sql`insert into professional_services (professional_id, service_id, business_id, price)
      values (${pro.id}, ${corte.id}, ${business.id}, 50), (${pro.id}, ${barba.id}, ${business.id}, 30)`);
    const client = await createClient(business.id);
    const both = [{ serviceId: corte.id, professionalId: pro.id }, { serviceId: barba.id, professionalId: pro.id }];
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-03-01", time: "09:00", statusId: 4, services: both });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-03-08", time: "09:00", statusId: 2, services: [both[0]] });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-03-10", time: "09:00", statusId: 5, services: [both[0]] });
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2032-03-20", time: "09:00", statusId: 2, services: both });
    // 'Now' is 2032-03-15 in the business zone: the visit of the 20th has not started.
    const profile = await clientProfile(business.id, client.id, new Date("2032-03-15T15:00:00Z"));
    expect(profile?.totals).toEqual({ appointments: 4, visits: 2, spent: 130, lastVisit: "2032-03-08", noShows: 1 });
    // Today's prices: a new price counts for every visit.
    await db.execute(sql`update professional_services set price = 60 where service_id = ${corte.id}`);
    expect((await clientProfile(business.id, client.id, new Date("2032-03-15T15:00:00Z")))?.totals.spent).toBe(150);
  });
});

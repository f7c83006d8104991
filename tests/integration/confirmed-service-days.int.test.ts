/**
 * confirmed_service_days (migration 0010; since 0024 it counts confirmed and concluded, "billed") is kept by triggers: after every kind of change to
 * appointments and their services it must equal the count computed from scratch, day by day. A seeded random
 * walk of 300 changes over one business checks that, step by step.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import { appointments, appointmentServices, professionals } from "@/db/schema";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";
import { prng } from "./prng";

async function kept(businessId: string) {
  const rows = await db.execute<{ k: string; n: number }>(sql`
    select professional_id || ':' || service_id || ':' || date as k, confirmed as n from confirmed_service_days
     where business_id = ${businessId} and confirmed <> 0 order by 1`);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

async function recomputed(businessId: string) {
  const rows = await db.execute<{ k: string; n: number }>(sql`
    select s.professional_id || ':' || s.service_id || ':' || a.date as k, count(*)::int as n
      from appointment_services s join appointments a on a.id = s.appointment_id
     where s.business_id = ${businessId} and a.status_id in (2, 4) and s.professional_id is not null
     group by 1 order by 1`);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

/** confirmed_service_totals (migration 0013): the days summed per professional and service. */
async function totals(businessId: string) {
  const rows = await db.execute<{ k: string; n: number }>(sql`
    select professional_id || ':' || service_id as k, confirmed as n from confirmed_service_totals
     where business_id = ${businessId} and confirmed <> 0 order by 1`);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

function summed(days: Record<string, number>) {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(days)) {
    const pair = k.split(":").slice(0, 2).join(":");
    out[pair] = (out[pair] ?? 0) + n;
  }
  return Object.fromEntries(Object.entries(out).filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
}

describe("confirmed services per day", () => {
  test("equal the recomputed counts (and their totals per professional and service) after every insert, status change, move, line change and deletion", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const services = [await createService(business.id, 30), await createService(business.id, 20), await createService(business.id, null)];
    const pros = [await createProfessional(business.id), await createProfessional(business.id), await createProfessional(business.id)];
    const client = await createClient(business.id);
    const pick = prng(20261122);
    const live: string[] = [];
    let day = 0;

    for (let step = 0; step < 300; step++) {
      const op = live.length ? pick(8) : 0;
      if (op <= 1) {
        // A new appointment, any status, 0–3 lines (some without professional), on a day of its own.
        day++;
        const date = new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        const lines = Array.from({ length: pick(4) }, (_, i) => ({
          serviceId: services[(i + pick(3)) % 3].id,
          professionalId: pick(5) === 0 ? null : pros[i % 3].id,
        })).filter((l, i, all) => all.findIndex((x) => x.serviceId === l.serviceId) === i);
        const a = await createAppointment({ businessId: business.id, clientId: client.id, date, time: "10:00", statusId: 1 + pick(5), services: lines });
        live.push(a.id);
      } else if (op <= 3) {
        const id = live[pick(live.length)];
        await db.update(appointments).set({ statusId: 1 + pick(5) }).where(eq(appointments.id, id));
      } else if (op === 4) {
        // Replace the lines, as 'Gerenciar Serviços e Profissionais' does.
        const id = live[pick(live.length)];
        await db.transaction(async (tx) => {
          await tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, id));
          const svc = services[pick(3)];
          await tx.insert(appointmentServices).values({ appointmentId: id, serviceId: svc.id, professionalId: pros[pick(3)].id, businessId: business.id });
        });
      } else if (op === 5) {
        const [line] = await db.select().from(appointmentServices).where(eq(appointmentServices.businessId, business.id)).limit(1);
        if (line) await db.update(appointmentServices).set({ professionalId: pros[pick(3)].id }).where(eq(appointmentServices.id, line.id));
      } else if (op === 6) {
        // A move to a day of its own (the agenda's drag and drop).
        day++;
        const id = live[pick(live.length)];
        const date = new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        await db.update(appointments).set({ date }).where(eq(appointments.id, id));
      } else {
        const id = live.splice(pick(live.length), 1)[0];
        await db.delete(appointments).where(eq(appointments.id, id));
      }
      const expected = await recomputed(business.id);
      expect(await kept(business.id), `passo ${step}, operação ${op}`).toEqual(expected);
      expect(await totals(business.id), `totais, passo ${step}, operação ${op}`).toEqual(summed(expected));
    }
    expect(Object.keys(await kept(business.id)).length).toBeGreaterThan(0);
  });

  test("concurrent cancellations and confirmations of appointments sharing a professional's services neither deadlock nor miscount", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const services = [await createService(business.id, 30), await createService(business.id, 20)];
    const pro = await createProfessional(business.id);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const client = await createClient(business.id);
      // Lines in both orders, so a plan-ordered update would take the shared rows in both orders.
      const lines = (i % 2 ? services : [...services].reverse()).map((s) => ({ serviceId: s.id, professionalId: pro.id }));
      ids.push((await createAppointment({ businessId: business.id, clientId: client.id, date: `2033-01-${String(1 + i).padStart(2, "0")}`, time: "09:00", statusId: 2, services: lines })).id);
    }
    await Promise.all(ids.map((id, i) => db.update(appointments).set({ statusId: i % 3 === 0 ? 1 : 3 }).where(eq(appointments.id, id))));
    await Promise.all(ids.map((id) => db.update(appointments).set({ statusId: 2 }).where(eq(appointments.id, id))));
    await Promise.all(ids.slice(0, 8).map((id) => db.update(appointments).set({ statusId: 3 }).where(eq(appointments.id, id))));
    const expected = await recomputed(business.id);
    expect(await kept(business.id)).toEqual(expected);
    expect(await totals(business.id)).toEqual({ [`${pro.id}:${services[0].id}`]: 8, [`${pro.id}:${services[1].id}`]: 8 });
  });

  test("deleting a professional takes their counts away and leaves the others right", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const service = await createService(business.id, 30);
    const [ana, bia] = [await createProfessional(business.id), await createProfessional(business.id)];
    const client = await createClient(business.id);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: "2032-06-01", time: "09:00", statusId: 2,
      services: [{ serviceId: service.id, professionalId: ana.id }],
    });
    await createAppointment({
      businessId: business.id, clientId: client.id, date: "2032-06-02", time: "09:00", statusId: 2,
      services: [{ serviceId: service.id, professionalId: bia.id }],
    });
    await db.delete(professionals).where(eq(professionals.id, ana.id));
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
    expect(await kept(business.id)).toEqual({ [`${bia.id}:${service.id}:2032-06-02`]: 1 });
    expect(await totals(business.id)).toEqual({ [`${bia.id}:${service.id}`]: 1 });
  });
});

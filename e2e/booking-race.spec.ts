/**
 * Issue 38's race, small enough for CI: 120 booking attempts at once at 10 slots of a salon of its
 * own, half through the staff's action and half through the public page, each public one from an
 * address of its own. The full 1,000-attempt run through two instances is `npm run bench`'s
 * (bench/race.ts is the same code).
 */
import { actionIds, signIn } from "../bench/http";
import { race, type RaceSlot } from "../bench/race";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { expect, test } from "./fixtures";
import { createAccount, PASSWORD, sql, uid } from "./support";

test("120 attempts at 10 slots through both doors: exactly 10 appointments, every other attempt the conflict text, no 5xx, audit and kept counts exact", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const owner = await createAccount({ business: true });
  const [{ business_id: businessId }] = await sql()<{ business_id: string }[]>`select business_id from user_business_roles where user_id = ${owner.id}`;
  const slug = `corrida-${uid()}`;
  await sql()`update business_online_booking set enabled = true, slug = ${slug} where business_id = ${businessId}`;
  await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
    select ${businessId}, d, true, '08:00', '18:00' from generate_series(0, 6) d`;
  const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Corte', 30) returning id`;
  const pros = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'Ana'), (${businessId}, 'Bia') returning id`;
  for (const p of pros) await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${p.id}, ${service.id}, ${businessId}, 50)`;
  const clients = await sql()<{ id: string }[]>`insert into clients (business_id, name) select ${businessId}, 'Cliente ' || i from generate_series(1, 60) i returning id`;
  let date = addDays(todayInBusiness(), 3);
  while (nationalHolidayOn(date)) date = addDays(date, 1);
  const slots: RaceSlot[] = pros.flatMap((p) => ["09:00", "10:00", "11:00", "14:00", "15:00"].map((time) => ({ professionalId: p.id, serviceId: service.id, time })));

  // The public page offers every slot before the race (the salon is set up as a real one).
  // Through nginx, as clients come: it hands the attempts round robin to A and B and appends each
  // one's loopback source address (bench/race.ts), the address the instances count it under.
  const base = baseURL!.replace("localhost", "127.0.0.1");
  for (const p of pros) {
    const res = await fetch(`${base}/api/agendar/${slug}/horarios?date=${date}&services=${service.id}&professional=${p.id}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("14:00");
  }

  const ids = actionIds();
  const report = await race(
    {
      bases: [base], cookie: await signIn(base, owner.email, PASSWORD), businessId, slug,
      actions: { staff: ids.get("lib/appointments/actions.ts#createAppointmentAction")!, online: ids.get("lib/online-booking/actions.ts#bookOnlineAction")! },
      date, slots, clients: clients.map((c) => c.id), attempts: 120, concurrency: 24,
    },
    async () => Number((await sql()<{ n: string }[]>`select count(*) as n from appointments where business_id = ${businessId} and date = ${date}`)[0].n),
  );
  expect(report.unexpected).toEqual([]);
  expect(report.statuses).toEqual({ 200: 120 });
  expect(report.booked).toBe(10);
  const won = Object.entries(report.outcomes).filter(([k]) => k.endsWith(": ok")).reduce((n, [, v]) => n + v, 0);
  expect(won).toBe(10);
  // Both doors were in the race and lost some (none refused by a limit or a rule instead).
  expect(report.outcomes["staff: Conflito de agenda"]).toBeGreaterThan(0);
  expect(report.outcomes["online: Horário indisponível"]).toBeGreaterThan(0);
  // One appointment per slot, with its one line and block.
  const perSlot = await sql()<{ professional_id: string; time: string; n: string }[]>`
    select s.professional_id, to_char(a.time, 'HH24:MI') as time, count(*) as n
      from appointments a join appointment_services s on s.appointment_id = a.id
     where a.business_id = ${businessId} and a.date = ${date} group by 1, 2`;
  expect(perSlot.map((r) => `${r.professional_id}@${r.time}:${r.n}`).sort()).toEqual(slots.map((s) => `${s.professionalId}@${s.time}:1`).sort());
  const [blocks] = await sql()<{ n: string }[]>`select count(*) as n from appointment_professional_blocks where business_id = ${businessId}`;
  expect(Number(blocks.n)).toBe(10);
  // One audit row per booking, in its transaction; the kept counts equal a fresh count.
  const audits = await sql()<{ n: string }[]>`
    select count(*) as n from audit_logs l join appointments a on a.id = l.entity_id where a.business_id = ${businessId} group by a.id`;
  expect(audits.map((r) => Number(r.n))).toEqual(Array(10).fill(1));
  const [day] = await sql()<{ kept: string; fresh: string }[]>`
    select (select coalesce(sum(appointments), 0) from appointment_day_counts where business_id = ${businessId} and date = ${date}) as kept,
           (select count(*) from appointments where business_id = ${businessId} and date = ${date}) as fresh`;
  expect(Number(day.kept)).toBe(Number(day.fresh));
  const stats = await sql()<{ kept: string; fresh: string }[]>`
    select s.appointments as kept, (select count(*) from appointments a where a.client_id = s.client_id) as fresh
      from client_appointment_stats s where s.business_id = ${businessId}`;
  expect(stats).toHaveLength(10);
  for (const s of stats) expect(Number(s.kept)).toBe(Number(s.fresh));
});

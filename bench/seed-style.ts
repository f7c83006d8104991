/**
 * The same screens loaded the way the spec's original client did (spec section 7): whole tables
 * of the business fetched and joined in the browser, one query after another. Our speedup over
 * that design is seed_style_p95 / p95. Run sequentially a few times: each run is heavy.
 */
import type postgres from "postgres";
import { summarize } from "./http";

type Ctx = { sql: postgres.Sql; businessId: string; today: string };

const SEED_STYLE: Record<string, (c: Ctx) => Promise<unknown>> = {
  /** Every appointment of the business with client and status, then their services, services and professionals. */
  agenda: async ({ sql, businessId }) => {
    const appts = await sql`
      select a.*, c.id as c_id, c.name as c_name, c.phone, c.email, s.id as s_id, s.name as s_name, s.description as s_description
      from appointments a join clients c on c.id = a.client_id join appointment_status s on s.id = a.status_id
      where a.business_id = ${businessId} order by a.date, a.time`;
    const ids = appts.map((a) => a.id as string);
    const lines = await sql`select appointment_id, service_id, professional_id from appointment_services where appointment_id = any(${ids}::uuid[])`;
    const serviceIds = [...new Set(lines.map((l) => l.service_id as string))];
    const proIds = [...new Set(lines.map((l) => l.professional_id as string).filter(Boolean))];
    await sql`select id, name from services where id = any(${serviceIds}::uuid[])`;
    await sql`select id, name, avatar_url from professionals where id = any(${proIds}::uuid[])`;
  },
  /** All clients of the business ordered by name; the search ran in the browser. */
  clients: async ({ sql, businessId }) => {
    await sql`select id, name, phone, email from clients where business_id = ${businessId} order by name`;
  },
  /** Statuses, professionals, the day's appointments, their services, services, clients, hours and holidays. */
  allocation: async ({ sql, businessId, today }) => {
    await sql`select * from appointment_status`;
    await sql`select * from professionals where business_id = ${businessId} order by name`;
    const appts = await sql`select * from appointments where business_id = ${businessId} and date = ${today}`;
    const ids = appts.map((a) => a.id as string);
    await sql`select * from appointment_services where appointment_id = any(${ids}::uuid[])`;
    await sql`select * from services where business_id = ${businessId}`;
    await sql`select * from clients where business_id = ${businessId}`;
    await sql`select * from business_hours where business_id = ${businessId}`;
    await sql`select * from business_holidays where business_id = ${businessId}`;
  },
  /** The dashboard's dozen counts and lists (spec section 7, Dashboard). */
  dashboard: async ({ sql, businessId, today }) => {
    await sql`select count(*) from clients where business_id = ${businessId}`;
    await sql`select count(*) from services where business_id = ${businessId}`;
    await sql`select count(*) from appointments where business_id = ${businessId}`;
    await sql`select count(*) from conversations where business_id = ${businessId}`;
    await sql`select * from appointments where business_id = ${businessId} and date = ${today}`;
    await sql`select * from appointments where business_id = ${businessId} and date between ${today}::date and ${today}::date + 7`;
    await sql`select s.*, a.date, a.status_id, ps.price from appointment_services s join appointments a on a.id = s.appointment_id
      left join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id
      where s.business_id = ${businessId} and a.status_id = 2`;
    await sql`select s.*, ps.price from appointment_services s join appointments a on a.id = s.appointment_id
      left join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id
      where s.business_id = ${businessId} and a.status_id = 2 and a.date = ${today}`;
    await sql`select price from professional_services where business_id = ${businessId} and price is not null`;
    await sql`select * from professionals where business_id = ${businessId} and active`;
    await sql`select * from professional_weekly_schedules where business_id = ${businessId} and day_of_week = extract(dow from ${today}::date) and is_working`;
    const confirmed = await sql`select id from appointments where business_id = ${businessId} and date = ${today} and status_id = 2`;
    await sql`select s.service_id, sv.duration_minutes from appointment_services s join services sv on sv.id = s.service_id
      where s.appointment_id = any(${confirmed.map((a) => a.id as string)}::uuid[])`;
  },
  /** The 100 newest audit rows with their users, and the business's users for the filter. */
  audit: async ({ sql, businessId }) => {
    await sql`select l.*, u.full_name, u.email from audit_logs l left join users u on u.id = l.user_id
      where l.business_id = ${businessId} order by l.created_at desc limit 100`;
    await sql`select u.id, u.full_name, u.email from user_business_roles r join users u on u.id = r.user_id where r.business_id = ${businessId}`;
  },
};

export async function seedStyle(name: string, ctx: Ctx, runs = 5) {
  const run = SEED_STYLE[name];
  if (!run) return null;
  await run(ctx);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run(ctx);
    samples.push(performance.now() - t);
  }
  return summarize(samples, (performance.now() - started) / 1000);
}

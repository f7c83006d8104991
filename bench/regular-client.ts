/**
 * The client page's scenario (issue 35): a regular of the chain with 500 visits, one a day at
 * 12:15 (the lunch hour the generated slots leave free, so no block overlaps), with a barber, mostly
 * concluded, every tenth cancelled and every tenth a no-show. Added once to a bench database that
 * lacks it, through the triggers, so the kept per-client figures are the app's own.
 */
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { addDays } from "@/lib/core/time/business-date";

export const REGULAR_VISITS = 500;

export async function ensureRegularClient(sql: postgres.Sql, ids: { client: string; business: string; owner: string; barbers: string[]; barba: string }, today: string) {
  const [found] = await sql<{ n: number }[]>`select count(*)::int as n from appointments where client_id = ${ids.client}`;
  if (found.n >= REGULAR_VISITS) return;
  await sql.begin(async (tx) => {
    await tx`delete from appointments where client_id = ${ids.client}`;
    await tx`
      insert into clients (id, business_id, name, phone, email) values (${ids.client}, ${ids.business}, 'Cliente Fiel da Rede', '(65) 99999-0500', 'fiel@exemplo.com.br')
      on conflict (id) do nothing`;
    const visits = Array.from({ length: REGULAR_VISITS }, (_, k) => ({
      id: randomUUID(), business_id: ids.business, client_id: ids.client, date: addDays(today, -1 - k), time: "12:15",
      status_id: k % 10 === 3 ? 3 : k % 10 === 7 ? 5 : 4, source: "staff", user_id: ids.owner,
    }));
    await tx`insert into appointments ${tx(visits)}`;
    const lines = visits.map((v, k) => ({
      appointment_id: v.id, service_id: ids.barba, professional_id: ids.barbers[k % ids.barbers.length], business_id: ids.business, user_id: ids.owner,
    }));
    await tx`insert into appointment_services ${tx(lines)}`;
  });
}

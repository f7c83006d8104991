import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { clientSearchPage } from "@/lib/clients/search-page";
import { pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { averageTo2, wholePercent } from "@/lib/reports/figures";
import { asOwner } from "@/lib/reports/owner-access";
import { addDays } from "@/lib/core/time/business-date";
import { startOfBusinessDay, todayInBusiness } from "@/lib/core/time/business-time";
import { CLIENTS_REPORT_PAGE_SIZE, CLIENTS_REPORT_RECENT, CLIENTS_REPORT_TOP, NEW_CLIENT_DAYS } from "./schemas";

export type ClientReportRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  /** ISO instant the client was registered. */
  createdAt: string;
  appointmentCount: number;
  /** YYYY-MM-DD of the client's latest appointment (any status), null without one. */
  lastAppointment: string | null;
};

export type ClientsReportStats = {
  totalClients: number;
  totalAppointments: number;
  /** Appointments per client, two decimals (spec section 9). */
  averageAppointments: number;
  withAppointments: number;
  /** Whole percent of clients with at least one appointment. */
  withAppointmentsShare: number;
  returning: number;
  /** Whole percent of clients with two or more appointments. */
  returningShare: number;
  newClients: number;
  newClientsShare: number;
};

/**
 * Every figure from one aggregate over the business's clients and their appointment counts (all
 * statuses, as the spec's count is; kept per client by migration 0012's triggers). "New" is
 * registered on or after the start of the business day 29 days before today (30 days, today
 * included).
 */
export async function clientsReportStats(businessId: string, now: Date = new Date(), conn: Conn = db): Promise<ClientsReportStats> {
  const since = startOfBusinessDay(addDays(todayInBusiness(now), -(NEW_CLIENT_DAYS - 1)));
  // The clients' figures from client_appointment_stats alone (a client without appointments has no
  // row there), the two client counts from the clients' own indexes.
  const [row] = await conn.execute<{ clients: string; appointments: string; with_any: string; returning: string; recent: string }>(sql`
    select (select count(*) from clients where business_id = ${businessId}) as clients,
           coalesce(sum(a.appointments), 0) as appointments,
           count(*) filter (where a.appointments >= 1) as with_any,
           count(*) filter (where a.appointments >= 2) as returning,
           (select count(*) from clients where business_id = ${businessId} and created_at >= ${since.toISOString()}::timestamptz) as recent
    from client_appointment_stats a
    where a.business_id = ${businessId}`);
  const totalClients = Number(row.clients);
  const totalAppointments = Number(row.appointments);
  const withAppointments = Number(row.with_any);
  const returning = Number(row.returning);
  const newClients = Number(row.recent);
  return {
    totalClients,
    totalAppointments,
    averageAppointments: averageTo2(totalAppointments, totalClients),
    withAppointments,
    withAppointmentsShare: wholePercent(withAppointments, totalClients),
    returning,
    returningShare: wholePercent(returning, totalClients),
    newClients,
    newClientsShare: wholePercent(newClients, totalClients),
  };
}

type RawRow = {
  id: string; name: string; phone: string | null; email: string | null; created_at: string; n: string | null; last: string | null;
};

const toRow = (r: RawRow): ClientReportRow => ({
  id: r.id, name: r.name, phone: r.phone, email: r.email, createdAt: r.created_at,
  appointmentCount: Number(r.n ?? 0), lastAppointment: r.last,
});

const isoOf = (createdAt: SQL) => sql`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const createdIso = isoOf(sql`c.created_at`);

/**
 * The 5 clients with the most appointments not cancelled (ties: latest appointment first, then
 * name); only clients with one. The count shown is that one; the latest appointment is of any status.
 */
export async function topClients(businessId: string, conn: Conn = db): Promise<ClientReportRow[]> {
  // The 5th best count first, from the index (client_appointment_stats_top_idx, on the same
  // expression); then only the clients with at least that many are joined and tie-broken by name
  // (joining every client to sort them cost 250 ms on a chain).
  const rows = await conn.execute<RawRow>(sql`
    with cut as (
      select (appointments - cancelled) as kept from client_appointment_stats where business_id = ${businessId}
       order by (appointments - cancelled) desc offset ${CLIENTS_REPORT_TOP - 1} limit 1
    )
    select c.id, c.name, c.phone, c.email, ${createdIso} as created_at, (a.appointments - a.cancelled) as n, a.last_date::text as last
    from client_appointment_stats a
    -- Lateral, kept apart by offset 0: one lookup per candidate (a join hashed every client).
    join lateral (select * from clients c where c.id = a.client_id and c.business_id = ${businessId} offset 0) c on true
    where a.business_id = ${businessId} and (a.appointments - a.cancelled) >= greatest(coalesce((select kept from cut), 0), 1)
    order by (a.appointments - a.cancelled) desc, a.last_date desc, agenda_fold(c.name), c.id
    limit ${CLIENTS_REPORT_TOP}`);
  return rows.map(toRow);
}

/** The 5 clients registered last, with their counts. */
export async function recentClients(businessId: string, conn: Conn = db): Promise<ClientReportRow[]> {
  const rows = await conn.execute<RawRow>(sql`
    select c.id, c.name, c.phone, c.email, ${createdIso} as created_at, s.appointments as n, s.last_date::text as last
    from clients c
    left join client_appointment_stats s on s.client_id = c.id
    where c.business_id = ${businessId}
    order by c.created_at desc, c.id desc
    limit ${CLIENTS_REPORT_RECENT}`);
  return rows.map(toRow);
}

/**
 * One page of every client (alphabetical, accents ignored) with appointment count and latest
 * appointment date, searched like Clientes: name (accents and case ignored), phone digits, e-mail.
 * Counts and latest dates come from client_appointment_stats (migration 0012).
 */
export async function clientsReportList(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientReportRow>> {
  const w = pageWindow(page, CLIENTS_REPORT_PAGE_SIZE);
  const { rows, total } = await clientSearchPage<RawRow>(
    conn, businessId, q, w,
    sql`p.id, p.name, p.phone, p.email, ${isoOf(sql`p.created_at`)} as created_at, s.appointments as n, s.last_date::text as last`,
  );
  return paged(rows.map(toRow), total, w.page, CLIENTS_REPORT_PAGE_SIZE);
}

export type ClientsReport = {
  stats: ClientsReportStats;
  top: ClientReportRow[];
  recent: ClientReportRow[];
  list: Paged<ClientReportRow>;
};

/** The Relatório de Clientes page's data, for an owner of the business only. */
export function clientsReport(businessId: string, params: { q: string; page: number }): Promise<ClientsReport> {
  return asOwner(businessId, async () => {
    const [stats, top, recent, list] = await Promise.all([
      clientsReportStats(businessId),
      topClients(businessId),
      recentClients(businessId),
      clientsReportList(businessId, params.q, params.page),
    ]);
    return { stats, top, recent, list };
  });
}

import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { containsFolded, digitsOnly, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/data/list";
import { averageTo2, wholePercent } from "@/lib/reports/figures";
import { asOwner } from "@/lib/reports/owner-access";
import { addDays, startOfBusinessDay, todayInBusiness } from "@/lib/time/business-time";
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
 * statuses, as the spec's count is). "New" is registered on or after the start of the business day
 * 29 days before today (30 days, today included).
 */
export async function clientsReportStats(businessId: string, now: Date = new Date(), conn: Conn = db): Promise<ClientsReportStats> {
  const since = startOfBusinessDay(addDays(todayInBusiness(now), -(NEW_CLIENT_DAYS - 1)));
  const [row] = await conn.execute<{ clients: string; appointments: string; with_any: string; returning: string; recent: string }>(sql`
    select count(*) as clients,
           coalesce(sum(a.n), 0) as appointments,
           count(*) filter (where a.n >= 1) as with_any,
           count(*) filter (where a.n >= 2) as returning,
           count(*) filter (where c.created_at >= ${since.toISOString()}::timestamptz) as recent
    from clients c
    left join (
      select client_id, count(*) as n from appointments where business_id = ${businessId} group by client_id
    ) a on a.client_id = c.id
    where c.business_id = ${businessId}`);
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

const createdIso = sql`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The 5 clients with the most appointments (ties: latest appointment first, then name); only clients with one. */
export async function topClients(businessId: string, conn: Conn = db): Promise<ClientReportRow[]> {
  const rows = await conn.execute<RawRow>(sql`
    select c.id, c.name, c.phone, c.email, ${createdIso} as created_at, a.n, a.last::text as last
    from (
      select client_id, count(*) as n, max(date) as last from appointments where business_id = ${businessId} group by client_id
    ) a
    join clients c on c.id = a.client_id and c.business_id = ${businessId}
    order by a.n desc, a.last desc, agenda_fold(c.name), c.id
    limit ${CLIENTS_REPORT_TOP}`);
  return rows.map(toRow);
}

/** The 5 clients registered last, with their counts. */
export async function recentClients(businessId: string, conn: Conn = db): Promise<ClientReportRow[]> {
  const rows = await conn.execute<RawRow>(sql`
    select c.id, c.name, c.phone, c.email, ${createdIso} as created_at, s.n, s.last::text as last
    from clients c
    left join lateral (
      select count(*) as n, max(date) as last from appointments a where a.business_id = ${businessId} and a.client_id = c.id
    ) s on true
    where c.business_id = ${businessId}
    order by c.created_at desc, c.id desc
    limit ${CLIENTS_REPORT_RECENT}`);
  return rows.map(toRow);
}

/**
 * One page of every client (alphabetical, accents ignored) with appointment count and latest
 * appointment date, searched like Clientes: name (accents and case ignored), phone digits, e-mail.
 * Counts are computed for the page's rows only.
 */
export async function clientsReportList(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientReportRow>> {
  const w = pageWindow(page, CLIENTS_REPORT_PAGE_SIZE);
  const text = q.trim();
  const folded = likePattern(foldText(text));
  const digits = digitsOnly(text);
  const match = text
    ? sql`and (${containsFolded(sql`c.name`, folded)} or lower(c.email) like ${folded}${
        digits.length >= 3 ? sql` or agenda_digits(c.phone) like ${likePattern(digits)}` : sql``
      })`
    : sql``;
  const rows = await conn.execute<RawRow & { total: string }>(sql`
    with page as (
      select c.id, c.name, c.phone, c.email, ${createdIso} as created_at, count(*) over () as total
      from clients c
      where c.business_id = ${businessId} ${match}
      order by agenda_fold(c.name), c.name, c.id
      limit ${w.limit} offset ${w.offset}
    )
    select p.*, s.n, s.last::text as last
    from page p
    left join lateral (
      select count(*) as n, max(date) as last from appointments a where a.business_id = ${businessId} and a.client_id = p.id
    ) s on true
    order by agenda_fold(p.name), p.name, p.id`);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && w.page > 1) {
    const [c] = await conn.execute<{ n: string }>(sql`select count(*) as n from clients c where c.business_id = ${businessId} ${match}`);
    total = Number(c.n);
  }
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

import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { loadDayHours } from "@/lib/appointments/day-context";
import { availableMinutes, occupancyPercent } from "@/lib/appointments/rules/metrics";
import { addDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts, startOfBusinessDay } from "@/lib/core/time/business-time";
import { DEFAULT_DURATION_MINUTES } from "@/lib/core/time/overlap";
import { STATUS_SQL } from "@/lib/appointments/status-sql";
import { stalePending } from "@/lib/appointments/queries";
import { noShowPercent } from "./no-show";

/** Days in the dashboard's charts (today and the 29 before it). */
export const CHART_DAYS = 30;
/** Spec section 9: the upcoming window is today plus 7 days. */
export const UPCOMING_DAYS = 7;

export type DailyPoint = { date: string; appointments: number; confirmed: number; revenue: number };

export type DashboardStats = {
  today: string;
  /** When the figures were read (ISO instant). */
  generatedAt: string;
  /** How long the database took to answer them, in milliseconds. */
  elapsedMs: number;
  totals: { clients: number; services: number; appointments: number; conversations: number };
  todayAppointments: number;
  /** Appointments from today to today + 7 days, both included. */
  next7Days: number;
  todayByStatus: { pending: number; confirmed: number; cancelled: number; completed: number };
  revenue: { allTime: number; today: number };
  /** Mean of the professionals' prices that are set; null when none is. */
  averageServiceValue: number | null;
  occupancy: { percent: number; bookedMinutes: number; availableMinutes: number };
  /** The next appointment of today not cancelled, from now on. */
  nextAppointment: { time: string; clientName: string } | null;
  auditToday: number;
  /** The chart's 30 days: appointments marked 'Faltou', of those not cancelled. */
  noShows: { count: number; booked: number; percent: number };
  /** Appointments still pendente a day after their start ('Pendentes antigos' on the agenda). */
  stalePending: number;
  daily: DailyPoint[];
};

type StatsRow = {
  clients: string; services: string; appointments: string; conversations: string;
  today_total: string; today_pending: string; today_confirmed: string; today_cancelled: string; today_completed: string;
  next7: string; revenue_all: string; revenue_today: string; average_price: string | null; booked_minutes: string;
  next_time: string | null; next_client: string | null; audit_today: string; no_shows: string; booked_30: string;
};

// Revenue (spec section 9): each service of a confirmed appointment at its professional's price,
// priced at today's prices; and of a concluded one (migration 0024; docs/features/reports.md says why). All time from confirmed_service_totals (migration 0013, a row per
// professional and service); a day's from confirmed_service_days (migration 0010), summed per
// professional and service first so the price lookup runs once per pair. Every price join also
// names the business: without it the planner hashes the whole platform's prices (12,000 rows on the
// benchmark, 1.4 ms) to find the business's hundred.
const revenueOf = (businessId: string, dateFilter: SQL) => sql`
  select coalesce(sum(t.confirmed * ps.price), 0)
    from (select c.professional_id, c.service_id, sum(c.confirmed) as confirmed
            from confirmed_service_days c
           where c.business_id = ${businessId} ${dateFilter}
           group by c.professional_id, c.service_id) t
    join professional_services ps on ps.professional_id = t.professional_id and ps.service_id = t.service_id
     and ps.business_id = ${businessId}`;

/**
 * Every figure of the dashboard, aggregated in PostgreSQL in two statements (the cards, the 30 days
 * of the charts) plus the agenda's day context for today's capacity (bounded by the number of
 * professionals): the page costs the same whatever the size of the history. The all-time figures
 * and the per-day counts come from the tables the triggers keep (clients and conversations per
 * business, appointments per day and status, confirmed services per professional and service), not
 * from the history. 'Today' is
 * the business zone's date, passed in.
 */
export async function dashboardStats(businessId: string, today: string, now: Date = new Date(), conn: Conn = db): Promise<DashboardStats> {
  const started = performance.now();
  const upTo = addDays(today, UPCOMING_DAYS);
  const from = addDays(today, -(CHART_DAYS - 1));
  const nowTime = instantToBusinessParts(now).time;
  const todayStart = startOfBusinessDay(today);

  const [statsRows, dailyRows, day, stale] = await Promise.all([
    conn.execute<StatsRow>(sql`
      select
        coalesce(bt.clients, 0) as clients,
        (select count(*) from services where business_id = ${businessId}) as services,
        (select coalesce(sum(appointments), 0) from appointment_day_counts where business_id = ${businessId}) as appointments,
        coalesce(bt.conversations, 0) as conversations,
        t.total as today_total, t.pending as today_pending, t.confirmed as today_confirmed,
        t.cancelled as today_cancelled, t.completed as today_completed,
        (select coalesce(sum(appointments), 0) from appointment_day_counts
          where business_id = ${businessId} and date between ${today} and ${upTo}) as next7,
        (select coalesce(sum(kept.confirmed * ps.price), 0)
           from confirmed_service_totals kept
           join professional_services ps on ps.professional_id = kept.professional_id and ps.service_id = kept.service_id
            and ps.business_id = ${businessId}
          where kept.business_id = ${businessId}) as revenue_all,
        (${revenueOf(businessId, sql`and c.date = ${today}`)}) as revenue_today,
        (select round(avg(price), 2) from professional_services where business_id = ${businessId} and price is not null) as average_price,
        -- Each line's duration by the service's key: a join lets the planner hash every service
        -- of the platform, or walk the business's services through all their lines ever.
        (select coalesce(sum(coalesce((select sv.duration_minutes from services sv where sv.id = s.service_id), ${DEFAULT_DURATION_MINUTES})), 0)
           from appointments a
           join appointment_services s on s.business_id = a.business_id and s.appointment_id = a.id
          where a.business_id = ${businessId} and a.status_id = ${STATUS_SQL.confirmado} and a.date = ${today}) as booked_minutes,
        n.time as next_time, n.client_name as next_client,
        (select count(*) from audit_logs where business_id = ${businessId} and created_at >= ${todayStart.toISOString()}::timestamptz) as audit_today,
        ns.no_shows, ns.booked as booked_30
      from (
        select coalesce(sum(appointments), 0) as total,
               coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.pendente}), 0) as pending,
               coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.confirmado}), 0) as confirmed,
               coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.cancelado}), 0) as cancelled,
               coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.concluido}), 0) as completed
          from appointment_day_counts where business_id = ${businessId} and date = ${today}
      ) t
      left join lateral (
        select to_char(a.time, 'HH24:MI') as time, c.name as client_name
          from appointments a join clients c on c.id = a.client_id
         where a.business_id = ${businessId} and a.date = ${today} and a.time >= ${nowTime}::time and a.status_id in (${STATUS_SQL.pendente}, ${STATUS_SQL.confirmado})
         order by a.time, a.id limit 1
      ) n on true
      left join business_totals bt on bt.business_id = ${businessId}
      cross join (
        select coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.faltou}), 0) as no_shows,
               coalesce(sum(appointments) filter (where status_id <> ${STATUS_SQL.cancelado}), 0) as booked
          from appointment_day_counts where business_id = ${businessId} and date between ${from} and ${today}
      ) ns`),
    conn.execute<{ date: string; appointments: string; confirmed: string; revenue: string }>(sql`
      with days as (
        select d::date as date from generate_series(${from}::date, ${today}::date, interval '1 day') d
      ), counts as (
        select date, sum(appointments) as appointments,
               coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.confirmado}), 0) as confirmed
          from appointment_day_counts where business_id = ${businessId} and date between ${from} and ${today}
         group by date
      ), revenue as (
        -- The 30 days' rows first, by the (business, date) index, then their prices by hash: as a
        -- plain join the planner walked each of the chain's 120 prices through its days (3.8 ms
        -- against 1.5). 'offset 0' keeps the subquery apart.
        select c.date, sum(c.confirmed * ps.price) as revenue
          from (select * from confirmed_service_days
                 where business_id = ${businessId} and date between ${from} and ${today} offset 0) c
          join professional_services ps on ps.professional_id = c.professional_id and ps.service_id = c.service_id
           and ps.business_id = ${businessId}
         group by c.date
      )
      select days.date::text as date, coalesce(counts.appointments, 0) as appointments,
             coalesce(counts.confirmed, 0) as confirmed, coalesce(revenue.revenue, 0) as revenue
        from days left join counts using (date) left join revenue using (date)
       order by days.date`),
    // Today's capacity: each active professional's bookable minutes by the agenda's own day rules.
    loadDayHours(conn, businessId, today),
    stalePending(businessId, now, conn, 0),
  ]);

  const r = statsRows[0];
  const booked = Number(r.booked_minutes);
  const capacity = day.professionals.filter((p) => p.active).reduce((sum, p) => sum + availableMinutes(p.day, day.business), 0);
  return {
    today,
    generatedAt: now.toISOString(),
    elapsedMs: Math.round(performance.now() - started),
    totals: { clients: Number(r.clients), services: Number(r.services), appointments: Number(r.appointments), conversations: Number(r.conversations) },
    todayAppointments: Number(r.today_total),
    next7Days: Number(r.next7),
    todayByStatus: {
      pending: Number(r.today_pending),
      confirmed: Number(r.today_confirmed),
      cancelled: Number(r.today_cancelled),
      completed: Number(r.today_completed),
    },
    revenue: { allTime: Number(r.revenue_all), today: Number(r.revenue_today) },
    averageServiceValue: r.average_price === null ? null : Number(r.average_price),
    occupancy: { percent: occupancyPercent(booked, capacity), bookedMinutes: booked, availableMinutes: capacity },
    nextAppointment: r.next_time && r.next_client ? { time: r.next_time, clientName: r.next_client } : null,
    auditToday: Number(r.audit_today),
    noShows: { count: Number(r.no_shows), booked: Number(r.booked_30), percent: noShowPercent(Number(r.no_shows), Number(r.booked_30)) },
    stalePending: stale.count,
    daily: dailyRows.map((d) => ({ date: d.date, appointments: Number(d.appointments), confirmed: Number(d.confirmed), revenue: Number(d.revenue) })),
  };
}

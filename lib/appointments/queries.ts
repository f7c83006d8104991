import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { ALWAYS_SHOWN_DAYS, CARDS_PER_LOAD, daysToLoad } from "@/lib/appointments/rules/day-sections";
import type { BusinessCalendar } from "@/lib/appointments/rules/business-day";
import { addDays, monthRange, nextDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { waitlistCounts } from "@/lib/waitlist/queries";
import { loadBusinessCalendar } from "./day-context";
import { STATUS_SQL } from "./status-sql";
import { NO_LINKED_PROFESSIONAL, ONLY_LINKED_PROFESSIONAL, seesAppointment, type AgendaScope } from "./visibility";
import type { ComandaStatus } from "@/db/schema";

export type ListedLine = {
  id: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number | null;
  professionalId: string | null;
  professionalName: string | null;
  /** The assigned professional's price for the service (numeric as text), null when none. */
  price: string | null;
  /** 'Em seguida': starts when the line before it ends (lineOffsets); the lines come in their order. */
  afterPrevious?: boolean;
};

export type ListedAppointment = {
  id: string;
  date: string;
  /** HH:MM */
  time: string;
  statusId: number;
  source: "staff" | "online";
  /** Booked outside the business's hours on purpose ('Encaixe fora do horário'). */
  outsideHours: boolean;
  /** 'Repetir': the series it belongs to (null for a single appointment); the card and grid show a repeat icon. */
  seriesId: string | null;
  /** `noShows`: the client's appointments marked 'Faltou' (kept, migration 0026), shown on the card when any. */
  client: { id: string; name: string; phone: string | null; email: string | null; noShows: number };
  lines: ListedLine[];
  /** Its professionals whose time off covers their part of it (saved over the booking): 'Em folga' until moved. */
  onTimeOff?: string[];
  /** The visit's comanda, when one was opened (issue 53): the card's 'Comanda aberta' / 'Paga'. */
  comanda?: { id: string; status: ComandaStatus };
};

type Row = {
  id: string; date: string; time: string; status_id: number; source: "staff" | "online"; outside_hours: boolean; series_id: string | null;
  client_id: string; client_name: string; client_phone: string | null; client_email: string | null; client_no_shows: number | null;
  lines: ListedLine[] | null;
  time_off_names: string[] | null;
  comanda: { id: string; status: ComandaStatus } | null;
};

const toAppointment = (r: Row): ListedAppointment => ({
  id: r.id,
  date: r.date,
  time: r.time.slice(0, 5),
  statusId: r.status_id,
  source: r.source,
  outsideHours: r.outside_hours,
  seriesId: r.series_id,
  client: { id: r.client_id, name: r.client_name, phone: r.client_phone, email: r.client_email, noShows: r.client_no_shows ?? 0 },
  lines: r.lines ?? [],
  ...(r.time_off_names && { onTimeOff: r.time_off_names }),
  ...(r.comanda && { comanda: r.comanda }),
});

/**
 * The lines of appointment `a` with their service (`sv`), professional (`p`) and that professional's
 * price for it (`ps`): the FROM of every query that shows an appointment's services.
 */
export const LINES_OF_APPOINTMENT = sql`
  from appointment_services s
  join services sv on sv.id = s.service_id
  left join professionals p on p.id = s.professional_id
  left join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id
  where s.appointment_id = a.id`;

// One appointment with its client and its lines (service, professional, the professional's price),
// the lines aggregated per appointment so a whole day comes back in one query. The client is read
// per appointment by its key (lateral, offset 0 keeps it from being flattened): as a plain join
// the planner hashed the chain's 50,000 clients, in parallel workers, for a day of 273
// appointments (12 → 6 ms median). 'Em folga': the professionals' kept busy blocks (cancelled ones
// have none) against their time off, by its (professional_id, period) index.
const SELECT_APPOINTMENTS = sql`
  select a.id, a.date::text as date, a.time::text as time, a.status_id, a.source, a.outside_hours, a.series_id,
         c.id as client_id, c.name as client_name, c.phone as client_phone, c.email as client_email,
         (select st.no_shows from client_appointment_stats st where st.client_id = a.client_id) as client_no_shows,
         (select json_agg(json_build_object(
                   'id', s.id, 'serviceId', s.service_id, 'serviceName', sv.name, 'durationMinutes', sv.duration_minutes,
                   'professionalId', s.professional_id, 'professionalName', p.name, 'price', ps.price::text,
                   'afterPrevious', s.after_previous)
                 order by s.position, s.id)
            ${LINES_OF_APPOINTMENT}) as lines,
         (select array_agg(p.name order by p.name) from appointment_professional_blocks b join professionals p on p.id = b.professional_id
           where b.appointment_id = a.id
             and exists (select 1 from professional_time_off t where t.professional_id = b.professional_id and t.period && b.period)) as time_off_names,
         (select json_build_object('id', k.id, 'status', k.status) from comandas k where k.appointment_id = a.id) as comanda
    from appointments a
    cross join lateral (select c.id, c.name, c.phone, c.email from clients c where c.id = a.client_id offset 0) c`;

/**
 * The appointments of the business from `from` to `to` (YYYY-MM-DD, inclusive), by date and time;
 * the first `limit` of them when given; those the caller sees (`scope`, visibility.ts).
 */
export async function appointmentsBetween(
  businessId: string, from: string, to: string, conn: Conn = db, limit?: number, scope: AgendaScope = "all",
): Promise<ListedAppointment[]> {
  const rows = await conn.execute<Row>(sql`${SELECT_APPOINTMENTS}
     where a.business_id = ${businessId} and a.date between ${from} and ${to} and ${seesAppointment(scope)}
     order by a.date, a.time, a.created_at, a.id
     ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  return rows.map(toAppointment);
}

/**
 * A client's last past visit — started (business zone), neither cancelled nor a no-show (a past one
 * left 'Pendente' too: not every salon confirms): what 'Agendar novamente' books again, and what a
 * walk-in's Novo Agendamento starts with. Null when the client has none (or is not the business's).
 */
export async function lastVisitId(businessId: string, clientId: string, now: Date = new Date(), conn: Conn = db, scope: AgendaScope = "all"): Promise<string | null> {
  const { date: today, time } = instantToBusinessParts(now);
  const [r] = await conn.execute<{ id: string }>(sql`
    select a.id from appointments a
     where a.client_id = ${clientId} and a.business_id = ${businessId}
       and (a.date < ${today} or (a.date = ${today} and a.time <= ${time}::time))
       and a.status_id not in (${STATUS_SQL.cancelado}, ${STATUS_SQL.faltou}) and ${seesAppointment(scope)}
     order by a.date desc, a.time desc, a.id desc limit 1`);
  return r?.id ?? null;
}

/** One appointment of the business (null when the id is not one of its appointments, or one the caller doesn't see). */
export async function appointmentById(businessId: string, id: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<ListedAppointment | null> {
  const rows = await conn.execute<Row>(sql`${SELECT_APPOINTMENTS} where a.business_id = ${businessId} and a.id = ${id} and ${seesAppointment(scope)}`);
  return rows[0] ? toAppointment(rows[0]) : null;
}

/**
 * How many appointments each date from `from` to `to` has (dates without any are absent): from the
 * kept per-day counts (migration 0014), a few rows per day whatever the day's size.
 */
export async function countsByDate(businessId: string, from: string, to: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<Record<string, number>> {
  // One professional's: counted from their appointments (the kept counts are the business's).
  const rows = await conn.execute<{ date: string; n: string }>(scope === "all" ? sql`
    select date::text as date, sum(appointments) as n from appointment_day_counts
     where business_id = ${businessId} and date between ${from} and ${to}
     group by date having sum(appointments) > 0` : sql`
    select a.date::text as date, count(*) as n from appointments a
     where a.business_id = ${businessId} and a.date between ${from} and ${to} and ${seesAppointment(scope)}
     group by a.date`);
  return Object.fromEntries(rows.map((r) => [r.date, Number(r.n)]));
}

export type MonthSummary = { month: string; total: number; confirmed: number; pending: number; cancelled: number };

/** The four cards of the month of `today` (business zone): total, confirmados, pendentes, cancelados; from the kept per-day counts. */
export async function monthSummary(businessId: string, today: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<MonthSummary> {
  const { first, last } = monthRange(today);
  // One professional's: from their appointments, one per row (the kept counts are the business's).
  const rows = scope === "all"
    ? sql`(select status_id, appointments from appointment_day_counts where business_id = ${businessId} and date between ${first} and ${last})`
    : sql`(select a.status_id, 1 as appointments from appointments a
            where a.business_id = ${businessId} and a.date between ${first} and ${last} and ${seesAppointment(scope)})`;
  const [r] = await conn.execute<{ total: string; confirmed: string; pending: string; cancelled: string }>(sql`
    select coalesce(sum(appointments), 0) as total,
           coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.confirmado}), 0) as confirmed,
           coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.pendente}), 0) as pending,
           coalesce(sum(appointments) filter (where status_id = ${STATUS_SQL.cancelado}), 0) as cancelled
      from ${rows} counted`);
  return { month: today.slice(0, 7), total: Number(r.total), confirmed: Number(r.confirmed), pending: Number(r.pending), cancelled: Number(r.cancelled) };
}

/** What the agenda says of whose appointments the caller sees: nothing when all (visibility.ts). */
export async function agendaScopeNote(businessId: string, scope: AgendaScope, conn: Conn = db): Promise<string | null> {
  if (scope === "all") return null;
  if (!scope.professionalId) return NO_LINKED_PROFESSIONAL;
  const [p] = await conn.execute<{ name: string }>(sql`select name from professionals where id = ${scope.professionalId} and business_id = ${businessId}`);
  return p ? ONLY_LINKED_PROFESSIONAL(p.name) : NO_LINKED_PROFESSIONAL;
}

/** The business's booking window in days (how far ahead the agenda lists days with appointments). */
export async function bookingWindowDays(businessId: string, conn: Conn = db): Promise<number> {
  const [r] = await conn.execute<{ days: number }>(sql`select booking_window_days as days from businesses where id = ${businessId}`);
  return r?.days ?? 30;
}

export type AppointmentsInitial = {
  today: string;
  windowEnd: string;
  summary: MonthSummary;
  /** 'Pendentes antigos' (kept live with the month cards). */
  stale: StalePending;
  /** The appointments of `loadedDays` (today always; the next days while the cards stay few). */
  appointments: ListedAppointment[];
  loadedDays: string[];
  /**
   * A first day with more cards than one load (a busy chain's today): only its first
   * CARDS_PER_LOAD come with the page, and the section offers the rest ('Mostrar mais').
   */
  partialDay: string | null;
  /** Appointments per date from today to the window's end: the other sections load when they come into view. */
  counts: Record<string, number>;
  /** The hours and holidays from today to the window's end: each section's holiday, each card's hours mark. */
  calendar: BusinessCalendar;
  /** How many wait on each day's 'Lista de espera', from today to the window's end (the live read's first answer). */
  waitlist: Record<string, number>;
};

/**
 * What the agenda page renders first: bounded by days and by cards, never by the size of the
 * history — a salon's whole week, a busy chain's today.
 */
export async function appointmentsInitial(
  businessId: string, today: string, conn: Conn = db, now: Date = new Date(), scope: AgendaScope = "all",
): Promise<AppointmentsInitial> {
  const days = await bookingWindowDays(businessId, conn);
  const windowEnd = addDays(today, Math.max(days, ALWAYS_SHOWN_DAYS - 1));
  const [summary, stale, counts, calendar, waitlist] = await Promise.all([
    monthSummary(businessId, today, conn, scope), stalePending(businessId, now, conn, 5, scope), countsByDate(businessId, today, windowEnd, conn, scope),
    loadBusinessCalendar(conn, businessId, today, windowEnd), waitlistCounts(businessId, today, windowEnd, conn),
  ]);
  const loadedDays = daysToLoad(nextDays(today, ALWAYS_SHOWN_DAYS), counts);
  const last = loadedDays[loadedDays.length - 1];
  const partialDay = loadedDays.length === 1 && (counts[today] ?? 0) > CARDS_PER_LOAD ? today : null;
  const appointments = await appointmentsBetween(businessId, today, last, conn, partialDay ? CARDS_PER_LOAD : undefined, scope);
  return { today, windowEnd, summary, stale, appointments, loadedDays, partialDay, counts, calendar, waitlist };
}

/** How long a pendente may stay past its start before the agenda asks for a review ('Pendentes antigos'). */
export const STALE_PENDING_HOURS = 24;

export type StalePending = {
  count: number;
  /** The oldest few, for the agenda's list. */
  first: { id: string; date: string; time: string; clientName: string }[];
};

/**
 * 'Pendentes antigos': appointments still pendente more than a day after their start (business
 * zone), which should have become Confirmado, Concluído, Faltou or Cancelado. By the
 * (business, status, date) index, whatever the size of the history.
 */
export async function stalePending(businessId: string, now: Date = new Date(), conn: Conn = db, limit = 5, scope: AgendaScope = "all"): Promise<StalePending> {
  const cut = instantToBusinessParts(new Date(now.getTime() - STALE_PENDING_HOURS * 3_600_000));
  // One statement (it runs with every agenda load and every live re-read of the month cards): the
  // count of all, and the first `limit` named (a null row carries the count when there are none to name).
  const rows = await conn.execute<{ id: string | null; date: string; time: string; client_name: string; n: string }>(sql`
    with stale as (
      select a.id, a.date, a.time, a.client_id from appointments a
       where a.business_id = ${businessId} and a.status_id = ${STATUS_SQL.pendente} and ${seesAppointment(scope)}
         and (a.date < ${cut.date} or (a.date = ${cut.date} and a.time < ${cut.time}::time))
    ), first as (select * from stale order by date, time, id limit ${limit})
    select f.id, f.date::text as date, to_char(f.time, 'HH24:MI') as time, c.name as client_name, (select count(*) from stale) as n
      from (select (select count(*) from stale) as n) total
      left join first f on true
      left join clients c on c.id = f.client_id
     order by f.date, f.time, f.id`);
  const named = rows.filter((r) => r.id !== null);
  return { count: Number(rows[0]?.n ?? 0), first: named.map((r) => ({ id: r.id!, date: r.date, time: r.time, clientName: r.client_name })) };
}

/** 'Este e os seguintes', before it is confirmed: how many occurrences it would change, and how many of them are not cancelled. */
export type SeriesFrom = { total: number; active: number };

/** The appointment `id` and its series' later occurrences (by date, time, id, as the series' changes take them); zero when it is not the business's. */
export async function seriesFrom(businessId: string, id: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<SeriesFrom> {
  const [r] = await conn.execute<{ total: number; active: number }>(sql`
    select count(*)::int as total, (count(*) filter (where b.status_id <> ${STATUS_SQL.cancelado}))::int as active
      from appointments a
      join appointments b on b.business_id = a.business_id
                         and (b.id = a.id or (b.series_id = a.series_id and (b.date, b.time, b.id) > (a.date, a.time, a.id)))
     where a.id = ${id} and a.business_id = ${businessId} and ${seesAppointment(scope)} and ${seesAppointment(scope, sql`b.id`)}`);
  return { total: r?.total ?? 0, active: r?.active ?? 0 };
}

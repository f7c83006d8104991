import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { likePattern, pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { localPhoneDigits } from "@/lib/core/format/phone";
import { samePhone } from "./by-phone";
import { clientSearchPage } from "./search-page";
import { CLIENT_HISTORY_PAGE_SIZE, CLIENTS_PAGE_SIZE } from "./schemas";
import { lastVisitId, LINES_OF_APPOINTMENT } from "@/lib/appointments/queries";
import { STATUS_SQL } from "@/lib/appointments/status-sql";
import { onlyProfessional, seesAppointment, type AgendaScope } from "@/lib/appointments/visibility";
import { instantToBusinessParts } from "@/lib/core/time/business-time";

export type ClientRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  appointmentCount: number;
};

/** One page of the business's clients whose name, e-mail or phone contains `q` (clientSearchPage). */
export async function searchClients(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientRow>> {
  const w = pageWindow(page, CLIENTS_PAGE_SIZE);
  const { rows, total } = await clientSearchPage<{ id: string; name: string; phone: string | null; email: string | null; appointments: string }>(
    conn, businessId, q, w, sql`p.id, p.name, p.phone, p.email, coalesce(s.appointments, 0) as appointments`,
  );
  const items = rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, appointmentCount: Number(r.appointments) }));
  return paged(items, total, w.page, CLIENTS_PAGE_SIZE);
}

/** A client a new one would duplicate, and what they share. */
export type DuplicateClient = { id: string; name: string; phone: string | null; email: string | null; samePhone: boolean; sameEmail: boolean };

/** Fewer digits than a landline without its area code are no phone to tell people apart by. */
const PHONE_MIN_DIGITS = 8;

/**
 * The business's clients with this phone (the same local digits, with or without 55: the lookup by
 * phone of by-phone.ts) or this e-mail (case aside), the oldest first, at most 3: whom a new client
 * with them would duplicate ('Novo Cliente', 'Criar novo'). Both are matched through indexes: the
 * phone's digits (migration 0004), the e-mail through search_text's trigram index (0008).
 */
export async function duplicateClients(businessId: string, contact: { phone?: string | null; email?: string | null }, conn: Conn = db): Promise<DuplicateClient[]> {
  const local = localPhoneDigits(contact.phone ?? "");
  const email = (contact.email ?? "").trim().toLowerCase();
  if (local.length < PHONE_MIN_DIGITS && !email) return [];
  const phoneMatch = local.length >= PHONE_MIN_DIGITS ? samePhone(sql`c.phone`, local) : sql`false`;
  const emailMatch = email ? sql`(c.search_text like ${likePattern(email)} and lower(c.email) = ${email})` : sql`false`;
  const rows = await conn.execute<{ id: string; name: string; phone: string | null; email: string | null; same_phone: boolean; same_email: boolean }>(sql`
    select c.id, c.name, c.phone, c.email, ${phoneMatch} as same_phone, ${emailMatch} as same_email
      from clients c
     where c.business_id = ${businessId} and (${phoneMatch} or ${emailMatch})
     order by c.created_at, c.id
     limit 3`);
  return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, samePhone: r.same_phone, sameEmail: r.same_email }));
}

export type ClientVisit = {
  id: string;
  date: string;
  /** HH:MM */
  time: string;
  statusId: number;
  lines: { serviceId: string; serviceName: string; professionalId: string | null; professionalName: string | null; price: string | null }[];
  /** The lines' prices summed (today's prices, as the dashboard's revenue). */
  amount: number;
};

export type ClientProfile = {
  client: { id: string; name: string; phone: string | null; email: string | null; notes: string | null };
  totals: {
    /** Every appointment, any status (the kept count of migration 0012; `noShows` of 0026). */
    appointments: number;
    /** Confirmed or concluded appointments that have started. */
    visits: number;
    /** What those visits cost, at today's prices. */
    spent: number;
    lastVisit: string | null;
    noShows: number;
  };
  /** 'Próximos agendamentos': the ones not started yet, any status (a cancelled date too, marked), soonest first (the first 10). */
  upcoming: ClientVisit[];
  /**
   * The last past visit — started, neither cancelled nor a no-show (a past one left 'Pendente' too:
   * not every salon confirms) —, whose services and professionals 'Agendar novamente' books again;
   * never a booking still to come. Null without one.
   */
  lastVisitId: string | null;
};

type VisitRow = { id: string; date: string; time: string; status_id: number; lines: ClientVisit["lines"] | null; amount: string | null };
const toVisit = (r: VisitRow): ClientVisit => ({
  id: r.id, date: r.date, time: r.time.slice(0, 5), statusId: r.status_id, lines: r.lines ?? [], amount: Number(r.amount ?? 0),
});

// An appointment of the client with its lines (service, professional, price) and their sum. Read by
// appointments_client_idx: a client's own rows, whatever the size of the business.
const VISIT = sql`
  select a.id, a.date::text as date, a.time::text as time, a.status_id,
         (select json_agg(json_build_object('serviceId', s.service_id, 'serviceName', sv.name, 'professionalId', s.professional_id,
                                            'professionalName', p.name, 'price', ps.price::text) order by sv.name, s.id)
            ${LINES_OF_APPOINTMENT}) as lines,
         (select sum(ps.price) ${LINES_OF_APPOINTMENT}) as amount
    from appointments a`;

/** Started (business zone): before `today`, or today at `time` or earlier. */
const started = (today: string, time: string) => sql`(a.date < ${today} or (a.date = ${today} and a.time <= ${time}::time))`;
/** Not started yet, written so appointments_client_date_idx reads only from `today` on. */
const notStarted = (today: string, time: string) => sql`(a.date >= ${today} and (a.date > ${today} or a.time > ${time}::time))`;
const billed = sql`a.status_id in (${STATUS_SQL.confirmado}, ${STATUS_SQL.concluido})`;

/**
 * The client page: the client of the business (null when the id is none of its clients), their
 * totals and next appointments. `scope`: an employee who sees one professional's agenda sees the
 * appointments with them alone, and totals counted from those (lib/appointments/visibility.ts).
 */
export async function clientProfile(
  businessId: string, clientId: string, now: Date = new Date(), conn: Conn = db, scope: AgendaScope = "all",
): Promise<ClientProfile | null> {
  const { date: today, time } = instantToBusinessParts(now);
  const sees = seesAppointment(scope);
  const [[c], [t], upcoming, again] = await Promise.all([
    conn.execute<{ id: string; name: string; phone: string | null; email: string | null; notes: string | null; appointments: number | null; no_shows: number | null }>(sql`
      select c.id, c.name, c.phone, c.email, c.notes, s.appointments, s.no_shows
        from clients c left join client_appointment_stats s on s.client_id = c.id
       where c.id = ${clientId} and c.business_id = ${businessId}`),
    // From the kept figures (migration 0029): billed appointments and their lines by professional and
    // service, of every date, less the upcoming ones (few, from appointments_client_date_idx).
    conn.execute<{ visits: string; spent: string; last_visit: string | null; appointments?: string }>(scope !== "all" ? sql`
      with seen as (select a.id, a.date, a.time, a.status_id from appointments a where a.client_id = ${clientId} and a.business_id = ${businessId} and ${sees})
      select (select count(*) from seen a where ${billed} and ${started(today, time)}) as visits,
             coalesce((select sum(ps.price) from seen a join appointment_services s on s.appointment_id = a.id
                         join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id
                        where ${billed} and ${started(today, time)} and s.professional_id = ${onlyProfessional(scope) ?? null}), 0) as spent,
             (select a.date::text from seen a where ${billed} and ${started(today, time)} order by a.date desc, a.time desc limit 1) as last_visit,
             (select count(*) from seen) as appointments` : sql`
      with upcoming as (
        select a.id from appointments a
         where a.client_id = ${clientId} and a.business_id = ${businessId} and ${billed} and ${notStarted(today, time)}
      )
      select coalesce((select s.billed from client_appointment_stats s where s.client_id = ${clientId}), 0)
               - (select count(*) from upcoming) as visits,
             coalesce((select sum(k.lines * ps.price) from client_billed_lines k
                         join professional_services ps on ps.professional_id = k.professional_id and ps.service_id = k.service_id
                        where k.client_id = ${clientId} and k.business_id = ${businessId}), 0)
               - coalesce((select sum(ps.price) from upcoming u join appointment_services s on s.appointment_id = u.id
                             join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id), 0) as spent,
             (select a.date::text from appointments a
               where a.client_id = ${clientId} and a.business_id = ${businessId} and ${billed} and ${started(today, time)}
               order by a.date desc, a.time desc limit 1) as last_visit`),
    conn.execute<VisitRow>(sql`${VISIT}
      where a.client_id = ${clientId} and a.business_id = ${businessId} and ${notStarted(today, time)} and ${sees}
      order by a.date, a.time, a.id limit 10`),
    // What 'Agendar novamente' copies.
    lastVisitId(businessId, clientId, now, conn, scope),
  ]);
  if (!c) return null;
  return {
    client: { id: c.id, name: c.name, phone: c.phone, email: c.email, notes: c.notes },
    totals: { appointments: Number(t.appointments ?? c.appointments ?? 0), visits: Number(t.visits), spent: Number(t.spent), lastVisit: t.last_visit, noShows: Number(c.no_shows ?? 0) },
    upcoming: upcoming.map(toVisit),
    lastVisitId: again,
  };
}

/**
 * The client page's history: the client's appointments that have started (business zone), any
 * status, newest first, a page of CLIENT_HISTORY_PAGE_SIZE. The ones not started yet, a cancelled
 * date too, are the profile's `upcoming`: future and past apart.
 */
export async function clientHistory(
  businessId: string, clientId: string, page: number, now: Date = new Date(), conn: Conn = db, scope: AgendaScope = "all",
): Promise<Paged<ClientVisit>> {
  const { date: today, time } = instantToBusinessParts(now);
  const w = pageWindow(page, CLIENT_HISTORY_PAGE_SIZE);
  // One professional's agenda: the appointments with them alone (visibility.ts), counted as they are.
  const mine = sql`a.client_id = ${clientId} and a.business_id = ${businessId} and ${seesAppointment(scope)}`;
  // The count: all the client's appointments (kept) less the ones not started (few, from today on).
  const [rows, [n]] = await Promise.all([
    conn.execute<VisitRow>(sql`${VISIT} where ${mine} and ${started(today, time)} order by a.date desc, a.time desc, a.id desc limit ${w.limit} offset ${w.offset}`),
    conn.execute<{ n: string }>(scope !== "all" ? sql`select count(*) as n from appointments a where ${mine} and ${started(today, time)}` : sql`
      select coalesce((select s.appointments from client_appointment_stats s where s.client_id = ${clientId} and s.business_id = ${businessId}), 0)
             - (select count(*) from appointments a where ${mine} and ${notStarted(today, time)}) as n`),
  ]);
  return paged(rows.map(toVisit), Number(n.n), w.page, CLIENT_HISTORY_PAGE_SIZE);
}

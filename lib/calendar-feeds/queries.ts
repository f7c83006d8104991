import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { professionalSpans } from "@/lib/appointments/rules/appointment-lines";
import type { FeedAppointment, FeedOwner, FeedTimeOff } from "./ical";
import { hashFeedToken } from "./tokens";

/** What the dialog knows of a professional's link: when it was made (its address is never kept). */
export type FeedState = { createdAt: string };

/**
 * The dialog's state: `feed` null when the professional has no link; `professional` false when the
 * id is not a professional of this business (nothing else is said about it).
 */
export async function feedState(businessId: string, professionalId: string, conn: Conn = db): Promise<{ professional: boolean; feed: FeedState | null }> {
  const [row] = await conn.execute<{ created_at: string | null }>(sql`
    select to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from professionals p
      left join professional_calendar_feeds f on f.professional_id = p.id and f.business_id = p.business_id
     where p.id = ${professionalId} and p.business_id = ${businessId}`);
  if (!row) return { professional: false, feed: null };
  return { professional: true, feed: row.created_at ? { createdAt: row.created_at } : null };
}

export type FoundFeed = FeedOwner & {
  feedId: string;
  businessId: string;
  contentHash: string | null;
  /** When the served content last changed (null: never served yet). */
  contentChangedAt: Date | null;
};

/** The feed a token opens, by its hash only; null for an unknown or revoked one. */
export async function findFeed(token: string, conn: Conn = db): Promise<FoundFeed | null> {
  const [row] = await conn.execute<{
    id: string; business_id: string; professional_id: string; professional_name: string; business_name: string;
    content_hash: string | null; changed_ms: number | null;
  }>(sql`
    select f.id, f.business_id, f.professional_id, p.name as professional_name, b.name as business_name, f.content_hash,
           (extract(epoch from f.content_changed_at) * 1000)::float8 as changed_ms
      from professional_calendar_feeds f
      join professionals p on p.id = f.professional_id
      join businesses b on b.id = f.business_id
     where f.token_hash = ${hashFeedToken(token)}`);
  if (!row) return null;
  return {
    feedId: row.id, businessId: row.business_id, professionalId: row.professional_id, professionalName: row.professional_name,
    businessName: row.business_name, contentHash: row.content_hash, contentChangedAt: row.changed_ms === null ? null : new Date(Number(row.changed_ms)),
  };
}

/**
 * The professional's appointments from `from` to `to` (business dates, both included), cancelled
 * ones too: each with this professional's services only (another professional's part of the same
 * appointment is theirs), in the agenda's order. One statement.
 */
export async function feedAppointments(businessId: string, professionalId: string, from: string, to: string, conn: Conn = db): Promise<FeedAppointment[]> {
  const rows = await conn.execute<{
    id: string; date: string; time: string; status_id: number; revision: number; created_ms: number; updated_ms: number; client_name: string;
    services: { name: string; durationMinutes: number | null }[];
    lines: { professionalId: string | null; durationMinutes: number | null; afterPrevious: boolean }[];
  }>(sql`
    select a.id, a.date::text as date, to_char(a.time, 'HH24:MI') as time, a.status_id, a.revision,
           (extract(epoch from a.created_at) * 1000)::float8 as created_ms,
           (extract(epoch from a.updated_at) * 1000)::float8 as updated_ms,
           c.name as client_name,
           json_agg(json_build_object('name', sv.name, 'durationMinutes', sv.duration_minutes) order by sv.name, s.id) as services,
           (select json_agg(json_build_object('professionalId', l.professional_id, 'durationMinutes', lv.duration_minutes, 'afterPrevious', l.after_previous) order by l.position, l.id)
              from appointment_services l join services lv on lv.id = l.service_id where l.appointment_id = a.id) as lines
      from appointment_services s
      join appointments a on a.id = s.appointment_id and a.business_id = s.business_id
      join services sv on sv.id = s.service_id
      join clients c on c.id = a.client_id
     where s.professional_id = ${professionalId} and s.business_id = ${businessId}
       and a.date between ${from}::date and ${to}::date
     group by a.id, c.name
     order by a.date, a.time, a.id`);
  return rows.map((r) => ({
    id: r.id, date: r.date, time: r.time, statusId: r.status_id, revision: r.revision,
    createdAt: new Date(Number(r.created_ms)), updatedAt: new Date(Number(r.updated_ms)), clientName: r.client_name, services: r.services,
    span: professionalSpans(r.lines).get(professionalId),
  }));
}

/** The professional's time off ('Folgas e férias') that touches `from`–`to`: busy events in their feed. */
export async function feedTimeOff(businessId: string, professionalId: string, from: string, to: string, conn: Conn = db): Promise<FeedTimeOff[]> {
  const rows = await conn.execute<{ id: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null; created_ms: number }>(sql`
    select id, start_date::text as start_date, end_date::text as end_date,
           to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time,
           (extract(epoch from created_at) * 1000)::float8 as created_ms
      from professional_time_off
     where business_id = ${businessId} and professional_id = ${professionalId}
       and end_date >= ${from}::date and start_date <= ${to}::date
     order by start_date, start_time nulls first, id`);
  return rows.map((r) => ({
    id: r.id, startDate: r.start_date, endDate: r.end_date, startTime: r.start_time, endTime: r.end_time, createdAt: new Date(Number(r.created_ms)),
  }));
}

/**
 * Notes the content just served: when its hash differs from the last one, the feed's content
 * changed now (in whole seconds, always after the previous change, so a client that kept the
 * previous Last-Modified never gets a 304 for newer content). Answers the content's change time.
 */
export async function noteContent(feed: FoundFeed, hash: string, conn: Conn = db): Promise<Date> {
  if (feed.contentHash === hash && feed.contentChangedAt) return feed.contentChangedAt;
  const [row] = await conn.execute<{ changed_ms: number }>(sql`
    update professional_calendar_feeds
       set content_hash = ${hash},
           content_changed_at = greatest(date_trunc('second', now()), date_trunc('second', content_changed_at) + interval '1 second')
     where id = ${feed.feedId} and content_hash is distinct from ${hash}
    returning (extract(epoch from content_changed_at) * 1000)::float8 as changed_ms`);
  if (row) return new Date(Number(row.changed_ms));
  // Another request noted the same content a moment ago (or the link was replaced meanwhile).
  const [again] = await conn.execute<{ changed_ms: number | null }>(sql`
    select (extract(epoch from content_changed_at) * 1000)::float8 as changed_ms from professional_calendar_feeds where id = ${feed.feedId}`);
  return again?.changed_ms != null ? new Date(Number(again.changed_ms)) : new Date(Math.floor(Date.now() / 1000) * 1000);
}

/**
 * The business's last change (its change log's highest seq, one probe of changes_business_seq_idx):
 * every write that can change a feed (appointments, clients, services, professionals, the business)
 * adds a row there in its own transaction, so a feed built at this seq is current until it moves.
 */
export async function businessLastChange(businessId: string, conn: Conn = db): Promise<number> {
  const [row] = await conn.execute<{ seq: string | null }>(sql`select max(seq) as seq from changes where business_id = ${businessId}`);
  return Number(row?.seq ?? 0);
}

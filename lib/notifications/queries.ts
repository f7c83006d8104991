import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { seesAppointment, type AgendaScope } from "@/lib/appointments/visibility";
import type { ReminderSettingsFields } from "./schemas";

/** The card's values: the business's row (or the defaults of migration 0023) and the caller's summary switch. */
export async function reminderSettings(businessId: string, userId: string, conn: Conn = db): Promise<ReminderSettingsFields> {
  const [r] = await conn.execute<{ enabled: boolean | null; leads: number[] | null; channels: string[] | null; owner_emails: boolean | null; client_change_messages: boolean | null; daily_summary: boolean | null }>(sql`
    select s.reminders_enabled as enabled, s.reminder_lead_minutes as leads, s.reminder_channels as channels, s.owner_emails, s.client_change_messages,
           (select daily_summary from user_business_roles where business_id = ${businessId} and user_id = ${userId}) as daily_summary
      from (select 1) one left join business_notification_settings s on s.business_id = ${businessId}`);
  const leads = r?.leads ?? [1440, 120];
  const channels = r?.channels ?? ["email"];
  return {
    remindersEnabled: r?.enabled ?? false,
    firstLead: leads[0],
    secondLead: leads[1] ?? null,
    email: channels.includes("email"),
    whatsapp: channels.includes("whatsapp"),
    ownerEmails: r?.owner_emails ?? true,
    clientChangeMessages: r?.client_change_messages ?? true,
    dailySummary: r?.daily_summary ?? false,
  };
}

/**
 * One line of the bell: a client's event about an appointment (its date, time and client), or the
 * day's messages not sent for one reason ('message_skipped': `date` is that day, `count` how many,
 * no appointment).
 */
export type BellItem = {
  id: string; kind: string; createdAt: string; appointmentId: string | null; date: string; time: string; clientName: string;
  reason: string | null; count: number; unread: boolean;
};
export type Bell = { unread: number; items: BellItem[] };

/**
 * The statement of `bellOf`, unsent: the shell runs it on every page of a business, and
 * tests/integration/shell-reads.int.test.ts EXPLAINs this very statement on a platform's worth of
 * notifications. Both its reads walk `business_notifications_business_created_id_idx` newest first
 * and stop: the 20 lines at 20, the unread count at the last read (its `order by` tells the planner
 * so: without it, not knowing the caller's read_at, it would rather filter the whole table).
 */
export function bellStatement(businessId: string, userId: string, scope: AgendaScope = "all"): SQL {
  return sql`
    with seen as (select read_at from notification_reads where user_id = ${userId} and business_id = ${businessId})
    select n.id, n.kind, n.created_at::text, n.appointment_id, coalesce(a.date, n.day)::text as date,
           coalesce(to_char(a.time, 'HH24:MI'), '') as time, coalesce(c.name, '') as client_name, n.reason, n.count,
           n.created_at > coalesce((select read_at from seen), '-infinity') as unread,
           (select count(*)::int from (select 1 from business_notifications u where u.business_id = ${businessId}
               and u.created_at > coalesce((select read_at from seen), '-infinity')
               and (u.appointment_id is null or ${seesAppointment(scope, sql`u.appointment_id`)})
             order by u.created_at desc limit 99) x) as unread_total
      from business_notifications n
      left join appointments a on a.id = n.appointment_id and a.business_id = n.business_id
      left join clients c on c.id = a.client_id
     where n.business_id = ${businessId} and (n.appointment_id is null or ${seesAppointment(scope, sql`n.appointment_id`)})
     order by n.created_at desc, n.id desc
     limit 20`;
}

/**
 * The bell: the business's latest 20 notifications, and how many the caller has not read (up to 99).
 * `scope`: an employee who sees one professional's agenda hears of their appointments alone
 * (lib/appointments/visibility.ts); the day's lines about no appointment stay.
 */
export async function bellOf(businessId: string, userId: string, conn: Conn = db, scope: AgendaScope = "all"): Promise<Bell> {
  const rows = await conn.execute<{
    id: string; kind: string; created_at: string; appointment_id: string | null; date: string; time: string; client_name: string;
    reason: string | null; count: number; unread: boolean; unread_total: number;
  }>(bellStatement(businessId, userId, scope));
  return {
    unread: rows[0]?.unread_total ?? 0,
    items: rows.map((r) => ({
      id: r.id, kind: r.kind, createdAt: r.created_at, appointmentId: r.appointment_id, date: r.date, time: r.time, clientName: r.client_name,
      reason: r.reason, count: r.count, unread: r.unread,
    })),
  };
}

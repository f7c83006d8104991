import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { LINES_OF_APPOINTMENT } from "@/lib/appointments/queries";

export type NotificationSettings = {
  remindersEnabled: boolean;
  leadMinutes: number[];
  channels: ("email" | "whatsapp")[];
  ownerEmails: boolean;
  /** Tell the client of the salon's bookings, moves and cancellations (lib/jobs/client-update.ts). */
  clientChangeMessages: boolean;
};

/** What a message about one appointment says: who, when, what, where, and the rules around it. */
export type AppointmentNotice = {
  appointmentId: string;
  businessId: string;
  date: string;
  /** HH:MM, business zone, as messages show it. */
  time: string;
  /** HH:MM:SS as stored: what the reminder's due time is computed from. */
  startTime: string;
  statusId: number;
  source: "staff" | "online";
  client: { name: string; email: string | null; phone: string | null };
  business: { name: string; phone: string | null; address: string | null; cancelDeadlineHours: number };
  lines: { service: string; professional: string | null }[];
  settings: NotificationSettings;
};

/**
 * One appointment as the jobs need it, in one query. A business without a settings row has the
 * defaults of migration 0023 (reminders off, 24 h and 2 h, e-mail, owner e-mails on).
 */
export async function appointmentNotice(appointmentId: string, conn: Conn = db): Promise<AppointmentNotice | null> {
  const [r] = await conn.execute<{
    id: string; business_id: string; date: string; time: string; status_id: number; source: "staff" | "online";
    client_name: string; client_email: string | null; client_phone: string | null;
    name: string; phone: string | null; address: string | null; cancel_deadline_hours: number | null;
    reminders_enabled: boolean | null; reminder_lead_minutes: number[] | null; reminder_channels: ("email" | "whatsapp")[] | null; owner_emails: boolean | null; client_change_messages: boolean | null;
    lines: AppointmentNotice["lines"] | null;
  }>(sql`
    select a.id, a.business_id, a.date::text as date, a.time::text as time, a.status_id, a.source,
           c.name as client_name, c.email as client_email, c.phone as client_phone,
           b.name, b.phone, b.address, o.cancel_deadline_hours,
           s.reminders_enabled, s.reminder_lead_minutes, s.reminder_channels, s.owner_emails, s.client_change_messages,
           (select json_agg(json_build_object('service', sv.name, 'professional', p.name) order by sv.name, s.id)
              ${LINES_OF_APPOINTMENT}) as lines
      from appointments a
      join clients c on c.id = a.client_id
      join businesses b on b.id = a.business_id
      left join business_online_booking o on o.business_id = a.business_id
      left join business_notification_settings s on s.business_id = a.business_id
     where a.id = ${appointmentId}`);
  if (!r) return null;
  return {
    appointmentId: r.id, businessId: r.business_id, date: r.date, time: r.time.slice(0, 5), startTime: r.time, statusId: r.status_id, source: r.source,
    client: { name: r.client_name, email: r.client_email, phone: r.client_phone },
    business: { name: r.name, phone: r.phone, address: r.address, cancelDeadlineHours: r.cancel_deadline_hours ?? 2 },
    lines: r.lines ?? [],
    settings: {
      remindersEnabled: r.reminders_enabled ?? false,
      leadMinutes: r.reminder_lead_minutes ?? [1440, 120],
      channels: r.reminder_channels ?? ["email"],
      ownerEmails: r.owner_emails ?? true,
      clientChangeMessages: r.client_change_messages ?? true,
    },
  };
}

export type OwnerRecipient = { userId: string; email: string; name: string | null };

/** The owners of a business who get its e-mails (a confirmed or unconfirmed address alike). */
export async function ownerRecipients(businessId: string, onlySummary = false, conn: Conn = db): Promise<OwnerRecipient[]> {
  const rows = await conn.execute<{ user_id: string; email: string; full_name: string | null }>(sql`
    select u.id as user_id, u.email, u.full_name
      from user_business_roles r join users u on u.id = r.user_id
     where r.business_id = ${businessId} and r.role in ('owner', 'admin')
       ${onlySummary ? sql`and r.daily_summary` : sql``}
     order by u.email`);
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.full_name }));
}

/** A bell row; `appointmentId` null for a 'message_skipped' one (no owners' e-mail for it). */
export type BusinessNotificationRow = { id: string; businessId: string; appointmentId: string | null; kind: string; createdAt: Date };

export async function businessNotification(id: string, conn: Conn = db): Promise<BusinessNotificationRow | null> {
  const [r] = await conn.execute<{ id: string; business_id: string; appointment_id: string | null; kind: string; created_at: string }>(sql`
    select id, business_id, appointment_id, kind, created_at::text from business_notifications where id = ${id}`);
  return r ? { id: r.id, businessId: r.business_id, appointmentId: r.appointment_id, kind: r.kind, createdAt: new Date(r.created_at) } : null;
}

export type DaySummary = { total: number; pending: number; first: string | null; last: string | null };

/** A business's day for the morning summary: appointments not cancelled, the pending ones, the first and last start. */
export async function daySummary(businessId: string, date: string, conn: Conn = db): Promise<DaySummary> {
  const [r] = await conn.execute<{ total: number; pending: number; first: string | null; last: string | null }>(sql`
    select count(*)::int as total, count(*) filter (where status_id = 1)::int as pending,
           to_char(min(time), 'HH24:MI') as first, to_char(max(time), 'HH24:MI') as last
      from appointments where business_id = ${businessId} and date = ${date} and status_id <> 3`);
  return r;
}

/** The businesses with at least one owner who asked for the morning summary. */
export async function summaryBusinesses(conn: Conn = db): Promise<{ id: string; name: string }[]> {
  return conn.execute<{ id: string; name: string }>(sql`
    select distinct b.id, b.name from businesses b join user_business_roles r on r.business_id = b.id
     where r.role in ('owner', 'admin') and r.daily_summary`);
}

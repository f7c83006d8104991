import { sql } from "drizzle-orm";
import {
  boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { appointments } from "./appointments";

/**
 * A business's 'Lembretes' card and its owners' e-mail switch. A business without a row has the
 * defaults (reminders off, 24 h and 2 h, e-mail): the reminder trigger and the queries read it
 * with those defaults (migration 0023).
 */
export const businessNotificationSettings = pgTable(
  "business_notification_settings",
  {
    businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    remindersEnabled: boolean("reminders_enabled").notNull().default(false),
    /** Minutes before the start, one or two, each 30…4320 (72 h). */
    reminderLeadMinutes: integer("reminder_lead_minutes").array().notNull().default(sql`'{1440,120}'::integer[]`),
    reminderChannels: text("reminder_channels").array().$type<("email" | "whatsapp")[]>().notNull().default(sql`'{email}'::text[]`),
    /** An e-mail to the owners for each online booking and each client confirmation or cancellation. */
    ownerEmails: boolean("owner_emails").notNull().default(true),
    /** An e-mail to the client for each booking, move and cancellation the staff make (lib/jobs/client-update.ts). */
    clientChangeMessages: boolean("client_change_messages").notNull().default(true),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "business_notification_settings_leads_check",
      sql`cardinality(${t.reminderLeadMinutes}) between 1 and 2 and 30 <= all(${t.reminderLeadMinutes}) and 4320 >= all(${t.reminderLeadMinutes})`,
    ),
    check(
      "business_notification_settings_channels_check",
      sql`cardinality(${t.reminderChannels}) between 1 and 2 and ${t.reminderChannels} <@ '{email,whatsapp}'::text[]`,
    ),
  ],
);

/**
 * Why a message was not sent (lib/notifications/deliver.ts): the business's owner never confirmed
 * the address, or the business reached its messages for the day (MESSAGES_PER_BUSINESS_PER_DAY).
 */
export const MESSAGE_SKIP_REASONS = ["owner_unconfirmed", "daily_cap"] as const;
export type MessageSkipReason = (typeof MESSAGE_SKIP_REASONS)[number];

/**
 * Every message a business sends, claimed before it is sent: (kind, subject, due, recipient) is
 * unique, so a reminder (subject: the appointment) goes once to its client whatever retries,
 * restarts, racing workers or a reschedule back and forth do. The claim and the send share one
 * transaction (lib/core/jobs/deliver-once.ts). A message the rules held back is kept as
 * 'skipped' with its reason (and is not sent later).
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The appointment of a reminder, the notification of an owner e-mail, the member of a summary. */
    subjectId: uuid("subject_id").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    recipient: text("recipient").notNull(),
    /** When it was sent, or found to be skipped. */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<"sent" | "skipped">().notNull().default("sent"),
    reason: text("reason").$type<MessageSkipReason>(),
  },
  (t) => [
    uniqueIndex("notification_deliveries_key").on(t.kind, t.subjectId, t.dueAt, t.recipient),
    index("notification_deliveries_business_sent_idx").on(t.businessId, t.sentAt),
    check(
      "notification_deliveries_status_check",
      sql`(${t.status} = 'sent' and ${t.reason} is null) or (${t.status} = 'skipped' and ${t.reason} in ('owner_unconfirmed', 'daily_cap'))`,
    ),
  ],
);

/**
 * How many messages a business has sent in one business day (America/Cuiaba): the daily cap's
 * counter (lib/notifications/deliver.ts). A place is taken by one atomic statement that counts only
 * under the cap, so messages sent at once from any number of instances never pass it together; a
 * message that then fails, or turns out to be a duplicate, gives its place back.
 */
export const businessMessageCounts = pgTable(
  "business_message_counts",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    sent: integer("sent").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] }), check("business_message_counts_sent_check", sql`${t.sent} >= 0`)],
);

export const APPOINTMENT_LINK_PURPOSES = ["confirm", "cancel"] as const;
export type AppointmentLinkPurpose = (typeof APPOINTMENT_LINK_PURPOSES)[number];

/**
 * The links of a reminder: 'Confirmar presença' and 'Preciso cancelar', each its own token (only
 * its SHA-256 is kept), good for one purpose, once, until the appointment's start.
 */
export const appointmentLinkTokens = pgTable(
  "appointment_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id").notNull(),
    purpose: text("purpose").$type<AppointmentLinkPurpose>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointment_link_tokens_appointment_idx").on(t.appointmentId),
    check("appointment_link_tokens_purpose_check", sql`${t.purpose} in ('confirm', 'cancel')`),
    foreignKey({
      name: "appointment_link_tokens_appointment_same_business_fk",
      columns: [t.businessId, t.appointmentId],
      foreignColumns: [appointments.businessId, appointments.id],
    }).onDelete("cascade"),
  ],
);

export const CLIENT_EVENT_KINDS = ["online_booking", "online_cancelled", "client_confirmed", "client_cancelled"] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];
export const BUSINESS_NOTIFICATION_KINDS = [...CLIENT_EVENT_KINDS, "message_skipped"] as const;
export type BusinessNotificationKind = (typeof BUSINESS_NOTIFICATION_KINDS)[number];

/**
 * What the header's bell lists: what clients did by themselves (book online, confirm, cancel),
 * each about one appointment; and the business's messages that were not sent ('message_skipped'),
 * one row per reason and business day, counting them (no appointment).
 */
export const businessNotifications = pgTable(
  "business_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id"),
    kind: text("kind").$type<BusinessNotificationKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** 'message_skipped': why, the business day (America/Cuiaba) and how many that day. */
    reason: text("reason").$type<MessageSkipReason>(),
    day: date("day"),
    count: integer("count").notNull().default(1),
  },
  (t) => [
    // The bell's order whole (newest first, then id), read backwards: its 20 lines and its unread
    // count walk this index and stop, however many notifications the business has
    // (lib/notifications/queries.ts). Ascending on purpose: drizzle's .desc() writes DESC NULLS LAST,
    // which `order by created_at desc` (NULLS FIRST) can't read in order, so the index of 0023 sorted
    // the whole business for every bell.
    index("business_notifications_business_created_id_idx").on(t.businessId, t.createdAt, t.id),
    uniqueIndex("business_notifications_skipped_day_key").on(t.businessId, t.reason, t.day).where(sql`${t.kind} = 'message_skipped'`),
    check(
      "business_notifications_kind_check",
      sql`${t.kind} in ('online_booking', 'online_cancelled', 'client_confirmed', 'client_cancelled', 'message_skipped')`,
    ),
    check(
      "business_notifications_shape_check",
      sql`case when ${t.kind} = 'message_skipped'
        then ${t.appointmentId} is null and ${t.reason} in ('owner_unconfirmed', 'daily_cap') and ${t.day} is not null and ${t.count} >= 1
        else ${t.appointmentId} is not null and ${t.reason} is null and ${t.day} is null end`,
    ),
    foreignKey({
      name: "business_notifications_appointment_same_business_fk",
      columns: [t.businessId, t.appointmentId],
      foreignColumns: [appointments.businessId, appointments.id],
    }).onDelete("cascade"),
  ],
);

/** 'Marcar todas como lidas': a member has read the bell's notifications up to `readAt`. */
export const notificationReads = pgTable(
  "notification_reads",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId] })],
);

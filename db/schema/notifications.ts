import { sql } from "drizzle-orm";
import {
  boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { appointments } from "./scheduling";

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
 * Every message the jobs send, claimed before it is sent: (kind, subject, due, recipient) is
 * unique, so a reminder (subject: the appointment) goes once to its client whatever retries,
 * restarts, racing workers or a reschedule back and forth do. The claim and the send share one transaction (lib/jobs/deliver.ts).
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
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_deliveries_key").on(t.kind, t.subjectId, t.dueAt, t.recipient),
    index("notification_deliveries_business_sent_idx").on(t.businessId, t.sentAt),
  ],
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

export const BUSINESS_NOTIFICATION_KINDS = ["online_booking", "online_cancelled", "client_confirmed", "client_cancelled"] as const;
export type BusinessNotificationKind = (typeof BUSINESS_NOTIFICATION_KINDS)[number];

/** What the header's bell lists: what clients did by themselves (book online, confirm, cancel). */
export const businessNotifications = pgTable(
  "business_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id").notNull(),
    kind: text("kind").$type<BusinessNotificationKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_notifications_business_created_idx").on(t.businessId, t.createdAt.desc()),
    check(
      "business_notifications_kind_check",
      sql`${t.kind} in ('online_booking', 'online_cancelled', 'client_confirmed', 'client_cancelled')`,
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

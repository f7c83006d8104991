import { sql } from "drizzle-orm";
import {
  boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, time, timestamp,
  unique, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { clients } from "./clients";
import { professionals } from "./professionals";
import { services } from "./services";

// The agenda's tables (lib/appointments): appointments, their services, the statuses, and the per-
// day counts.

/*
 * Rows never cross businesses, even through an application bug: every reference from a business's
 * row to a client, service, professional or appointment is a composite foreign key
 * (business_id, x_id) → parent (business_id, id), backed by a unique (business_id, id) on the
 * parent. They replace the single-column keys, with the same on-delete behaviour (migration
 * 0002_composite_business_keys, which also covers appointment_professional_blocks, a table drizzle
 * does not know). All are MATCH SIMPLE: a null reference (optional professional, client) is not
 * checked, a present one must belong to the same business.
 */

/** Seeded rows: 1 pendente, 2 confirmado, 3 cancelado, 4 concluido. */
export const appointmentStatus = pgTable("appointment_status", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
});

/**
 * One visit of a client. The client overlap rule (60 minutes assumed) and, through
 * appointment_professional_blocks, the professional overlap rule are exclusion
 * constraints written in the migration 0001_booking_guarantees.sql.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    clientId: uuid("client_id").notNull(),
    date: date("date").notNull(),
    time: time("time").notNull(),
    statusId: integer("status_id").notNull().default(1).references(() => appointmentStatus.id),
    /** 'staff' (the agenda) or 'online' (the public booking page). */
    source: text("source").$type<"staff" | "online">().notNull().default("staff"),
    /** 'Encaixe fora do horário': booked or moved outside the business's hours on purpose (staff only). */
    outsideHours: boolean("outside_hours").notNull().default(false),
    /** 'Repetir': the occurrences of one recurring booking share this id (no table of its own); null for a single one. */
    seriesId: uuid("series_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointments_business_date_time_idx").on(t.businessId, t.date, t.time),
    // A client's own rows in date order: the client page's history, latest visit and upcoming ones.
    index("appointments_client_date_idx").on(t.clientId, t.date, t.time),
    index("appointments_business_status_date_idx").on(t.businessId, t.statusId, t.date),
    // 'Este e os seguintes': a series' occurrences.
    index("appointments_business_series_idx").on(t.businessId, t.seriesId),
    unique("appointments_business_id_id_key").on(t.businessId, t.id),
    check("appointments_source_check", sql`${t.source} in ('staff', 'online')`),
    // No action on delete (as before): a client with appointments cannot be deleted.
    foreignKey({
      name: "appointments_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }),
  ],
);

export const appointmentServices = pgTable(
  "appointment_services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    professionalId: uuid("professional_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    /** The line's order in its appointment (0 first). */
    position: smallint("position").notNull().default(0),
    /** 'Em seguida': starts when the line before it ends; false: 'Ao mesmo tempo' (lineOffsets). */
    afterPrevious: boolean("after_previous").notNull().default(false),
  },
  (t) => [
    index("appointment_services_appointment_idx").on(t.appointmentId),
    // Also appointment_services_business_appointment_idx (business_id, appointment_id) INCLUDE
    // (service_id, professional_id), for the dashboard's revenue: migration 0007 (drizzle has no INCLUDE).
    index("appointment_services_professional_idx").on(t.professionalId),
    index("appointment_services_service_idx").on(t.serviceId),
    foreignKey({
      name: "appointment_services_appointment_same_business_fk",
      columns: [t.businessId, t.appointmentId],
      foreignColumns: [appointments.businessId, appointments.id],
    }).onDelete("cascade"),
    // No action on delete (as before): a service used by an appointment cannot be deleted.
    foreignKey({
      name: "appointment_services_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }),
    // Deleting a professional empties professional_id only: the migration writes
    // ON DELETE SET NULL (professional_id), which drizzle cannot express (a plain SET NULL would
    // also null business_id, which is NOT NULL).
    foreignKey({
      name: "appointment_services_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("set null"),
  ],
);

/**
 * How many appointments each business has per date and status, kept by a deferred trigger on
 * appointments (migration 0014), so the agenda's per-day counts and the month's cards read a few
 * rows instead of counting the booking window's appointments on every view. Rows at zero stay.
 */
export const appointmentDayCounts = pgTable(
  "appointment_day_counts",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    statusId: integer("status_id").notNull(),
    appointments: integer("appointments").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date, t.statusId] })],
);

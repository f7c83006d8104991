import { sql } from "drizzle-orm";
import {
  boolean, check, customType, date, foreignKey, index, integer, numeric, pgTable, primaryKey, smallint, text, time,
  timestamp, unique, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

/*
 * Rows never cross businesses, even through an application bug: every reference from a business's
 * row to a client, service, professional or appointment is a composite foreign key
 * (business_id, x_id) → parent (business_id, id), backed by a unique (business_id, id) on the
 * parent. They replace the single-column keys, with the same on-delete behaviour (migration
 * 0002_composite_business_keys, which also covers appointment_professional_blocks, a table drizzle
 * does not know). All are MATCH SIMPLE: a null reference (optional professional, client) is not
 * checked, a present one must belong to the same business.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** Seeded rows: 1 pendente, 2 confirmado, 3 cancelado, 4 concluido. */
export const appointmentStatus = pgTable("appointment_status", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
});

export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /** Staff's free text on the client's page (issue 35), audited; at most CLIENT_NOTES_MAX characters. */
    notes: text("notes"),
    /**
     * What the client search matches, in one column so one trigram index serves it (an OR of
     * name, e-mail and phone conditions can't use the indexes and reads every client of the
     * business): the folded name, the e-mail and the phone digits (migration 0008).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`agenda_fold(name) || ' ' || coalesce(lower(email), '') || ' ' || coalesce(agenda_digits(phone), '')`,
    ),
    /**
     * agenda_fold(name), kept (migration 0017): a search sorts its matches by it, and folding each
     * match's name while sorting cost ~3.5 µs a row (33 ms for a common surname's 9,000 clients).
     */
    nameFold: text("name_fold").generatedAlwaysAs(sql`agenda_fold(name)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clients_business_name_idx").on(t.businessId, t.name),
    index("clients_user_idx").on(t.userId),
    // The clients report's 5 latest and its count of new clients.
    index("clients_business_created_idx").on(t.businessId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // business_id stays nullable (the spec allows clients owned only by a user), but such a client
    // matches no (business_id, id) pair, so no appointment or conversation of any business can point
    // at it: it must be given to a business before it is booked.
    unique("clients_business_id_id_key").on(t.businessId, t.id),
    check("clients_notes_length", sql`char_length(${t.notes}) <= 2000`),
  ],
);

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes"),
    /** 'Ativo' / 'Inativo': an inactive service is kept on old appointments and reports, offered nowhere new. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("services_business_name_idx").on(t.businessId, t.name),
    unique("services_business_id_id_key").on(t.businessId, t.id),
    check("services_duration_minutes_check", sql`${t.durationMinutes} is null or ${t.durationMinutes} >= 1`),
  ],
);

export const professionals = pgTable(
  "professionals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("professionals_business_name_idx").on(t.businessId, t.name),
    unique("professionals_business_id_id_key").on(t.businessId, t.id),
  ],
);

/** Avatar images live in the database so any app instance can serve them (see /api/avatars/[id]). */
export const professionalAvatars = pgTable(
  "professional_avatars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    professionalId: uuid("professional_id"),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "professional_avatars_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

export const professionalServices = pgTable(
  "professional_services",
  {
    professionalId: uuid("professional_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.serviceId] }),
    index("professional_services_service_idx").on(t.serviceId),
    index("professional_services_business_idx").on(t.businessId),
    foreignKey({
      name: "professional_services_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "professional_services_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
  ],
);

export const professionalWeeklySchedules = pgTable(
  "professional_weekly_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    professionalId: uuid("professional_id").notNull(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    dayOfWeek: smallint("day_of_week").notNull(),
    isWorking: boolean("is_working").notNull().default(false),
    startTime: time("start_time"),
    endTime: time("end_time"),
  },
  (t) => [
    uniqueIndex("professional_weekly_schedules_day_key").on(t.professionalId, t.dayOfWeek),
    index("professional_weekly_schedules_business_day_idx").on(t.businessId, t.dayOfWeek),
    check("professional_weekly_schedules_day_check", sql`${t.dayOfWeek} between 0 and 6`),
    foreignKey({
      name: "professional_weekly_schedules_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

export const professionalBreaks = pgTable(
  "professional_breaks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    professionalId: uuid("professional_id").notNull(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    dayOfWeek: smallint("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    label: text("label").notNull().default("Intervalo"),
  },
  (t) => [
    index("professional_breaks_professional_idx").on(t.professionalId, t.dayOfWeek),
    check("professional_breaks_day_check", sql`${t.dayOfWeek} between 0 and 6`),
    foreignKey({
      name: "professional_breaks_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

export const businessHours = pgTable(
  "business_hours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    dayOfWeek: smallint("day_of_week").notNull(),
    isOpen: boolean("is_open").notNull().default(true),
    openTime: time("open_time"),
    closeTime: time("close_time"),
  },
  (t) => [
    uniqueIndex("business_hours_day_key").on(t.businessId, t.dayOfWeek),
    check("business_hours_day_check", sql`${t.dayOfWeek} between 0 and 6`),
    // Closed days store no times; an open day's closing is after its opening (spec section 3).
    check(
      "business_hours_times_check",
      sql`(${t.isOpen} or (${t.openTime} is null and ${t.closeTime} is null)) and (${t.openTime} is null or ${t.closeTime} is null or ${t.closeTime} > ${t.openTime})`,
    ),
  ],
);

export const businessHolidaySettings = pgTable("business_holiday_settings", {
  businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  worksOnHolidays: boolean("works_on_holidays").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const businessHolidays = pgTable(
  "business_holidays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    holidayName: text("holiday_name").notNull(),
    holidayDate: date("holiday_date").notNull(),
    isWorking: boolean("is_working").notNull().default(false),
    openTime: time("open_time"),
    closeTime: time("close_time"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One holiday per date: the agenda reads "that date's holiday" (lib/appointments/day-context.ts).
    uniqueIndex("business_holidays_date_key").on(t.businessId, t.holidayDate),
    // Times only when open that day, closing after opening (spec section 5).
    check(
      "business_holidays_times_check",
      sql`(${t.isWorking} or (${t.openTime} is null and ${t.closeTime} is null)) and (${t.openTime} is null or ${t.closeTime} is null or ${t.closeTime} > ${t.openTime})`,
    ),
  ],
);

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
 * How many services each professional has in confirmed appointments, per service and day, kept by
 * triggers (migration 0010): the dashboard's revenue (all time, today, the 30-day chart) is
 * Σ confirmed × the professional's current price over these rows — a few per professional and day,
 * never every service of the history — and a price change still counts for every past service, as
 * the spec's formula says.
 */
export const confirmedServiceDays = pgTable(
  "confirmed_service_days",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    professionalId: uuid("professional_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    confirmed: integer("confirmed").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.serviceId, t.date] }),
    index("confirmed_service_days_business_date_idx").on(t.businessId, t.date),
    foreignKey({
      name: "confirmed_service_days_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "confirmed_service_days_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Each client's billed services (lines of confirmado or concluído appointments, any date) by
 * professional and service, kept by triggers on appointments and appointment_services (migration
 * 0028+), so the client page's 'Total gasto' at today's prices reads a handful of rows however many
 * visits the client has had. Lines without a professional have no price and no row.
 */
export const clientBilledLines = pgTable(
  "client_billed_lines",
  {
    clientId: uuid("client_id").notNull(),
    businessId: uuid("business_id").notNull(),
    professionalId: uuid("professional_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    lines: integer("lines").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.professionalId, t.serviceId] }),
    foreignKey({
      name: "client_billed_lines_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "client_billed_lines_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "client_billed_lines_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Each client's appointment count (every status) and latest appointment date, kept by triggers on
 * appointments (migration 0012), so the clients report ranks and lists clients without reading the
 * business's whole appointment history. A client without appointments has no row.
 */
export const clientAppointmentStats = pgTable(
  "client_appointment_stats",
  {
    clientId: uuid("client_id").primaryKey(),
    businessId: uuid("business_id").notNull(),
    appointments: integer("appointments").notNull().default(0),
    lastDate: date("last_date"),
    /** Appointments marked 'Faltou' (migration 0026): the client page and the agenda card show them. */
    noShows: integer("no_shows").notNull().default(0),
    /** Billed appointments (confirmado or concluído), any date: the client page's visits, less the upcoming ones. */
    billed: integer("billed").notNull().default(0),
  },
  (t) => [
    index("client_appointment_stats_top_idx").on(t.businessId, t.appointments.desc(), t.lastDate.desc()),
    foreignKey({
      name: "client_appointment_stats_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }).onDelete("cascade"),
  ],
);

/**
 * confirmed_service_days summed over all dates, kept by a trigger on it (migration 0013): the
 * dashboard's all-time revenue reads a row per professional and service instead of every day.
 */
export const confirmedServiceTotals = pgTable(
  "confirmed_service_totals",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    confirmed: integer("confirmed").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.serviceId] }),
    index("confirmed_service_totals_business_idx").on(t.businessId),
    foreignKey({
      name: "confirmed_service_totals_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "confirmed_service_totals_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
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

import { sql } from "drizzle-orm";
import {
  check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { professionals } from "./professionals";
import { services } from "./services";

// A business's clients (the 'Clientes' screen, lib/clients), and the per-client totals the client
// page and the clients report read (kept by triggers on the agenda's tables). Keys between
// businesses' rows: appointments.ts.

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
    /** Cancelled appointments (migration 0034): the clients report's Top 5 counts the others. */
    cancelled: integer("cancelled").notNull().default(0),
  },
  (t) => [
    // The Top 5: the appointments not cancelled, most first (lib/clients-report/queries.ts topClients).
    index("client_appointment_stats_top_idx").on(t.businessId, sql`(appointments - cancelled) desc`, t.lastDate.desc()),
    foreignKey({
      name: "client_appointment_stats_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }).onDelete("cascade"),
  ],
);

import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, pgTable, text, time, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { appointments } from "./appointments";
import { clients } from "./clients";
import { professionals } from "./professionals";

export type WaitlistStatus = "aguardando" | "oferecido" | "agendado" | "removido";
export type WaitlistOfferStatus = "offered" | "claimed" | "expired" | "superseded";

/**
 * 'Lista de espera' (issue 36, part 3): a client who found a day full asks for a time on it. The
 * services (ids of this business, 1 to 5), one professional or null for 'Qualquer profissional', the
 * dates wanted and the range of start times ('Das'/'Até'), and how to reach them. `status`:
 * aguardando (no live offer), oferecido (one live offer, waitlist_offers), agendado (booked from an
 * offer, or by hand from the staff's panel), removido (the staff's 'Remover').
 *
 * The client, when known (a staff entry for a registered client, or the client an offer's claim
 * booked), is set null when that client is deleted (ON DELETE SET NULL (client_id), written in the
 * migration: drizzle can't express a column list); the entry keeps the name, phone and e-mail. A
 * professional deleted takes the entries that asked for them alone (cascade): their wish is gone.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    clientId: uuid("client_id"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    serviceIds: uuid("service_ids").array().notNull(),
    professionalId: uuid("professional_id"),
    dates: date("dates").array().notNull(),
    timeFrom: time("time_from").notNull(),
    timeUntil: time("time_until").notNull(),
    source: text("source").$type<"staff" | "online">().notNull(),
    status: text("status").$type<WaitlistStatus>().notNull().default("aguardando"),
    appointmentId: uuid("appointment_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The queue of a business in order (the job and the staff's panel), a GIN index for "wants this date".
    index("waitlist_entries_business_status_idx").on(t.businessId, t.status, t.createdAt),
    index("waitlist_entries_dates_idx").using("gin", t.dates),
    unique("waitlist_entries_business_id_id_key").on(t.businessId, t.id),
    check("waitlist_entries_source_check", sql`${t.source} in ('staff', 'online')`),
    check("waitlist_entries_status_check", sql`${t.status} in ('aguardando', 'oferecido', 'agendado', 'removido')`),
    check("waitlist_entries_services_check", sql`cardinality(${t.serviceIds}) between 1 and 5`),
    check("waitlist_entries_dates_check", sql`cardinality(${t.dates}) between 1 and 31`),
    check("waitlist_entries_times_check", sql`${t.timeUntil} >= ${t.timeFrom}`),
    foreignKey({
      name: "waitlist_entries_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

/**
 * One slot offered to one entry: the date, the start, the professional who takes it and how long
 * (the entry's services back to back), with a single-use 'Quero este horário' link (256 random bits;
 * only the SHA-256 is kept) valid until `expiresAt`. The migration adds `period` (generated) and an
 * exclusion constraint: two live offers never hold overlapping times of one professional; and a
 * unique index: an entry has at most one live offer.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id").notNull(),
    date: date("date").notNull(),
    time: time("time").notNull(),
    professionalId: uuid("professional_id").notNull(),
    minutes: integer("minutes").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status").$type<WaitlistOfferStatus>().notNull().default("offered"),
    appointmentId: uuid("appointment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waitlist_offers_token_hash_key").on(t.tokenHash),
    uniqueIndex("waitlist_offers_one_live_per_entry").on(t.entryId).where(sql`${t.status} = 'offered'`),
    index("waitlist_offers_business_date_idx").on(t.businessId, t.date),
    check("waitlist_offers_status_check", sql`${t.status} in ('offered', 'claimed', 'expired', 'superseded')`),
    check("waitlist_offers_token_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("waitlist_offers_minutes_check", sql`${t.minutes} between 1 and 1440`),
    foreignKey({
      name: "waitlist_offers_entry_same_business_fk",
      columns: [t.businessId, t.entryId],
      foreignColumns: [waitlistEntries.businessId, waitlistEntries.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "waitlist_offers_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

// Referenced only by the migration's hand-written keys (client and appointment, SET NULL of the column).
void clients;
void appointments;

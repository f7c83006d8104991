import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { appointments } from "./appointments";

/**
 * A business's public booking page (/agendar/{slug}). Every business has one row: a trigger on
 * businesses makes it with a slug folded from the name, unique (migration 0011 also backfills the
 * businesses that existed before). The page answers only while `enabled` is on.
 */
export const businessOnlineBooking = pgTable(
  "business_online_booking",
  {
    businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    /** A client may cancel through their link until this many hours before the start. */
    cancelDeadlineHours: integer("cancel_deadline_hours").notNull().default(2),
    /** At most this many future (not cancelled) online bookings per client. */
    maxFutureBookings: integer("max_future_bookings").notNull().default(3),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("business_online_booking_slug_key").on(t.slug),
    check("business_online_booking_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) between 3 and 50`),
    check("business_online_booking_cancel_deadline_check", sql`${t.cancelDeadlineHours} between 0 and 168`),
    check("business_online_booking_max_future_check", sql`${t.maxFutureBookings} between 1 and 20`),
  ],
);

/**
 * The private link of one online booking (see or cancel it). Only the SHA-256 of the token is kept;
 * the token itself is in the client's confirmation page and e-mail. `cancelledAt`: the link was used
 * to cancel, and does nothing more after that.
 */
export const onlineBookingTokens = pgTable(
  "online_booking_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The name as the client typed it (a returning phone keeps the client's stored name). */
    bookerName: text("booker_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("online_booking_tokens_hash_key").on(t.tokenHash),
    index("online_booking_tokens_appointment_idx").on(t.appointmentId),
    foreignKey({
      name: "online_booking_tokens_appointment_same_business_fk",
      columns: [t.businessId, t.appointmentId],
      foreignColumns: [appointments.businessId, appointments.id],
    }).onDelete("cascade"),
  ],
);

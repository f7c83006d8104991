import { check, foreignKey, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { businesses } from "./businesses";
import { professionals } from "./professionals";

/**
 * 'Link da agenda (iCal)': the secret address of one professional's calendar feed
 * (/agenda/ical/{token}, lib/calendar-feeds). One link per professional: 'Gerar novo link' replaces
 * the hash, so the old address answers 404 at once; 'Revogar link' deletes the row. Only the SHA-256
 * of the token is kept (the full address is shown once, when it is made).
 *
 * `contentHash` / `contentChangedAt`: the hash of the last feed served and when it first changed to
 * it, so the feed's Last-Modified is a time the content really changed (a deleted appointment or the
 * window moving on a day changes it without touching any row it shows).
 */
export const professionalCalendarFeeds = pgTable(
  "professional_calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    contentHash: text("content_hash"),
    contentChangedAt: timestamp("content_changed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("professional_calendar_feeds_token_hash_key").on(t.tokenHash),
    uniqueIndex("professional_calendar_feeds_professional_key").on(t.professionalId),
    check("professional_calendar_feeds_token_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    foreignKey({
      name: "professional_calendar_feeds_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
  ],
);

import { sql } from "drizzle-orm";
import { bigint, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The change log behind live updates and their catch-up (lib/core/realtime): one row per changed row of
 * the watched tables, written at commit by migration 0021's constraint trigger under the business's
 * advisory lock, so that within one business `seq` order is commit order. No foreign key to
 * `businesses`: a business's deletion is a change too, and the key's lock on the business row,
 * taken while the business's advisory lock is held, would give the two locks a second order.
 */
export const changes = pgTable(
  "changes",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: uuid("business_id").notNull(),
    /** The table the row is in. */
    entity: text("entity").notNull(),
    op: text("op").notNull(),
    /** The row's id; null for a table keyed by its business (business_holiday_settings). */
    entityId: uuid("entity_id"),
    /**
     * The business days the change touches, when the row has them (an appointment: its date before
     * and after): a screen showing other days knows from the change alone that it has nothing to read.
     */
    days: date("days", { mode: "string" }).array(),
    // The commit's time, not the transaction's start (a long transaction's rows are not old at once).
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // A business's changes after a cursor, and its last seq.
    index("changes_business_seq_idx").on(t.businessId, t.seq),
    // Pruning finds the old rows without reading the young ones.
    index("changes_created_at_idx").on(t.createdAt),
  ],
);

/**
 * Per business, the highest seq pruned from `changes`: a cursor behind it may have lost rows, so a
 * stream that resumes from there tells its page to read everything again.
 */
export const changeHorizons = pgTable("change_horizons", {
  businessId: uuid("business_id").primaryKey(),
  prunedSeq: bigint("pruned_seq", { mode: "number" }).notNull(),
});

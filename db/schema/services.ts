import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

// A business's services (the 'Serviços' screen, lib/services), offered by professionals and booked
// on appointments. Keys between businesses' rows: appointments.ts.

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

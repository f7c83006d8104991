import { date, foreignKey, index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { professionals } from "./professionals";
import { services } from "./services";

// The dashboard's revenue counts (lib/dashboard), kept by triggers on the agenda's tables. Keys
// between businesses' rows: appointments.ts.

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

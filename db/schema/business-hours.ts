import { sql } from "drizzle-orm";
import { boolean, check, date, pgTable, smallint, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

// A business's opening hours and holidays (the 'Horários' screen, lib/business-hours). Keys between
// businesses' rows: appointments.ts.

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

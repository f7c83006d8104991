import { sql } from "drizzle-orm";
import {
  boolean, check, customType, foreignKey, index, numeric, pgTable, primaryKey, smallint, text, time,
  timestamp, unique, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { services } from "./services";

// A business's professionals (the 'Profissionais' screen, lib/professionals): their services and
// prices, weekly schedules, breaks and avatar images. Keys between businesses' rows:
// appointments.ts.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

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

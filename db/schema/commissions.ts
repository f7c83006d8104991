import { sql } from "drizzle-orm";
import { check, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { professionals } from "./professionals";
import { services } from "./services";

/** A rate's kind: `percent` in basis points (50 % = 5000), `fixed` in centavos per unit. */
export type RateKind = "percent" | "fixed";
export type CommissionBase = "gross" | "net_of_card_fee";

/**
 * 'Comissões' (issue 53, lib/commissions): a professional's rule under the salão-parceiro split: one
 * rate for services and one for products, on what the client paid for the line (`gross`) or on that
 * less its share of the card fees; overrides per service below. A comanda's close writes each line's commission with the
 * rate it used, so a change here rewrites nothing before it. No row: the professional earns 0 %.
 */
export const professionalCommissions = pgTable(
  "professional_commissions",
  {
    professionalId: uuid("professional_id").primaryKey(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    servicesKind: text("services_kind").$type<RateKind>().notNull(),
    servicesValue: integer("services_value").notNull(),
    productsKind: text("products_kind").$type<RateKind>().notNull(),
    productsValue: integer("products_value").notNull(),
    base: text("base").$type<CommissionBase>().notNull().default("gross"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "professional_commissions_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    check("professional_commissions_services_check", sql`${t.servicesKind} in ('percent', 'fixed') and ${t.servicesValue} >= 0 and (${t.servicesKind} = 'fixed' or ${t.servicesValue} <= 10000)`),
    check("professional_commissions_products_check", sql`${t.productsKind} in ('percent', 'fixed') and ${t.productsValue} >= 0 and (${t.productsKind} = 'fixed' or ${t.productsValue} <= 10000)`),
    check("professional_commissions_base_check", sql`${t.base} in ('gross', 'net_of_card_fee')`),
  ],
);

/**
 * A service's own rate for one professional, over their rule's services rate. Its own table, not a
 * column of professional_services: saving a professional rewrites their offers (an employee with the
 * catalog grant may), and an owner's rates must not go with them. A service no longer offered keeps
 * its rate, unused, until offered again.
 */
export const professionalServiceCommissions = pgTable(
  "professional_service_commissions",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    kind: text("kind").$type<RateKind>().notNull(),
    value: integer("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.serviceId] }),
    foreignKey({
      name: "professional_service_commissions_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "professional_service_commissions_service_same_business_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
    check("professional_service_commissions_rate_check", sql`${t.kind} in ('percent', 'fixed') and ${t.value} >= 0 and (${t.kind} = 'fixed' or ${t.value} <= 10000)`),
  ],
);

/**
 * What the card acquirer keeps per method (basis points), for commissions on the net of the card
 * fee: each card payment of a comanda keeps the rate in force at its close. No row: no fee.
 */
export const businessCardFees = pgTable(
  "business_card_fees",
  {
    businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    debit: integer("debit").notNull().default(0),
    credit: integer("credit").notNull().default(0),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("business_card_fees_rates_check", sql`${t.debit} between 0 and 10000 and ${t.credit} between 0 and 10000`)],
);

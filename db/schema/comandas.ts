import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./appointments";
import { businesses } from "./businesses";
import { cashRegisters } from "./cash-register";
import { clients } from "./clients";
import { products } from "./products";
import { professionals } from "./professionals";
import { services } from "./services";

export type ComandaStatus = "open" | "closed" | "reversed";
export type DiscountKind = "amount" | "percent";
export type ComandaPaymentMethod = "cash" | "pix" | "debit" | "credit" | "client_credit" | "debt";

/**
 * The comanda (issue 53, lib/comandas): one visit's bill. Open, its lines, discount and tips change
 * (each save bumps `version`, so a save made on a stale screen is refused); closing writes its
 * payments, the register's movements, the stock's sales and the commissions in one transaction, and
 * it is final after that: 'Estornar' (closed → reversed) writes the opposite entries. A trigger
 * (migration 0040) refuses any other change to a closed comanda, and any change to its lines and
 * tips once it is not open. One per appointment (a partial unique index).
 */
export const comandas = pgTable(
  "comandas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    /** The visit; null for a sale with no appointment, or once the appointment is deleted. */
    appointmentId: uuid("appointment_id"),
    clientId: uuid("client_id"),
    status: text("status").$type<ComandaStatus>().notNull().default("open"),
    version: integer("version").notNull().default(1),
    discountKind: text("discount_kind").$type<DiscountKind>(),
    /** Centavos off, or basis points (10 % = 1000). */
    discountValue: integer("discount_value"),
    /** Written at the close: Σ line nets + tips (what the payments settled). */
    totalCents: integer("total_cents"),
    /** The register that took its payments (null: none went to a register, e.g. all on credit). */
    registerId: uuid("register_id"),
    openedBy: uuid("opened_by").references(() => users.id, { onDelete: "set null" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The business day of the close: the closing report's and the statements' date. */
    closedOn: date("closed_on"),
    reversedBy: uuid("reversed_by").references(() => users.id, { onDelete: "set null" }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversalReason: text("reversal_reason"),
  },
  (t) => [
    unique("comandas_business_id_id_key").on(t.businessId, t.id),
    uniqueIndex("comandas_appointment_key").on(t.appointmentId).where(sql`${t.appointmentId} is not null`),
    index("comandas_business_status_idx").on(t.businessId, t.status, t.openedAt),
    index("comandas_business_closed_on_idx").on(t.businessId, t.closedOn),
    index("comandas_client_idx").on(t.clientId, t.openedAt),
    check("comandas_status_check", sql`${t.status} in ('open', 'closed', 'reversed')`),
    check(
      "comandas_discount_check",
      sql`(${t.discountKind} is null and ${t.discountValue} is null) or (${t.discountKind} in ('amount', 'percent') and ${t.discountValue} >= 0 and (${t.discountKind} = 'amount' or ${t.discountValue} <= 10000))`,
    ),
    check("comandas_closed_check", sql`(${t.status} = 'open') = (${t.closedAt} is null) and (${t.status} = 'open') = (${t.totalCents} is null) and (${t.status} = 'open') = (${t.closedOn} is null)`),
    check("comandas_reversed_check", sql`(${t.status} = 'reversed') = (${t.reversedAt} is not null) and (${t.status} <> 'reversed' or length(trim(${t.reversalReason})) > 0)`),
    // The appointment's deletion empties the link only (ON DELETE SET NULL (appointment_id), written
    // in the migration as for appointment_services.professional_id): a closed bill outlives it.
    foreignKey({
      name: "comandas_appointment_same_business_fk",
      columns: [t.businessId, t.appointmentId],
      foreignColumns: [appointments.businessId, appointments.id],
    }).onDelete("set null"),
    // No action: a client with comandas is not deleted (their bills are the salon's records).
    foreignKey({ name: "comandas_client_same_business_fk", columns: [t.businessId, t.clientId], foreignColumns: [clients.businessId, clients.id] }),
    foreignKey({
      name: "comandas_register_same_business_fk",
      columns: [t.businessId, t.registerId],
      foreignColumns: [cashRegisters.businessId, cashRegisters.id],
    }),
  ],
);

/**
 * A comanda's line: a service done or a product sold, with who did or sold it. The name and the
 * unit price are the line's own (copied when added, editable while open), so the catalog's later
 * changes rewrite no bill.
 */
export const comandaLines = pgTable(
  "comanda_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    comandaId: uuid("comanda_id").notNull(),
    position: smallint("position").notNull(),
    kind: text("kind").$type<"service" | "product">().notNull(),
    serviceId: uuid("service_id"),
    productId: uuid("product_id"),
    name: text("name").notNull(),
    professionalId: uuid("professional_id"),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    discountKind: text("discount_kind").$type<DiscountKind>(),
    discountValue: integer("discount_value"),
  },
  (t) => [
    index("comanda_lines_comanda_idx").on(t.comandaId, t.position),
    foreignKey({ name: "comanda_lines_comanda_same_business_fk", columns: [t.businessId, t.comandaId], foreignColumns: [comandas.businessId, comandas.id] }).onDelete("cascade"),
    foreignKey({ name: "comanda_lines_service_same_business_fk", columns: [t.businessId, t.serviceId], foreignColumns: [services.businessId, services.id] }),
    foreignKey({ name: "comanda_lines_product_same_business_fk", columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }),
    foreignKey({
      name: "comanda_lines_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }),
    check("comanda_lines_kind_check", sql`(${t.kind} = 'service' and ${t.productId} is null) or (${t.kind} = 'product' and ${t.productId} is not null and ${t.serviceId} is null)`),
    check("comanda_lines_quantity_check", sql`${t.quantity} between 1 and 999`),
    check("comanda_lines_unit_check", sql`${t.unitCents} >= 0`),
    check("comanda_lines_name_check", sql`length(trim(${t.name})) between 1 and 120`),
    check(
      "comanda_lines_discount_check",
      sql`(${t.discountKind} is null and ${t.discountValue} is null) or (${t.discountKind} in ('amount', 'percent') and ${t.discountValue} >= 0 and (${t.discountKind} = 'amount' or ${t.discountValue} <= 10000))`,
    ),
  ],
);

/** A tip for one professional on a comanda (the change kept as a tip lands here too). */
export const comandaTips = pgTable(
  "comanda_tips",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    comandaId: uuid("comanda_id").notNull(),
    professionalId: uuid("professional_id").notNull(),
    cents: integer("cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comandaId, t.professionalId] }),
    foreignKey({ name: "comanda_tips_comanda_same_business_fk", columns: [t.businessId, t.comandaId], foreignColumns: [comandas.businessId, comandas.id] }).onDelete("cascade"),
    foreignKey({
      name: "comanda_tips_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }),
    check("comanda_tips_cents_check", sql`${t.cents} > 0`),
  ],
);

/**
 * How a comanda was paid, written at the close (a ledger: never updated or deleted). A reversal
 * writes the opposite rows (`reversal`). Card rows keep brand, instalments and the fee rate used.
 */
export const comandaPayments = pgTable(
  "comanda_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    comandaId: uuid("comanda_id").notNull(),
    method: text("method").$type<ComandaPaymentMethod>().notNull(),
    /** What the method took: for cash, what stayed in the drawer after the change given back. */
    cents: integer("cents").notNull(),
    reversal: smallint("reversal").notNull().default(0),
    cardBrand: text("card_brand"),
    instalments: smallint("instalments"),
    feeRate: integer("fee_rate").notNull().default(0),
    /**
     * The Pix charge this line is (issue 54): paid before the close, by the QR on the screen. Its
     * foreign key to pix_charges (business_id, pix_charge_id) is in migration 0041 (pix.ts imports
     * this file); unique among the payments, so one charge settles one comanda.
     */
    pixChargeId: uuid("pix_charge_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("comanda_payments_comanda_idx").on(t.comandaId),
    uniqueIndex("comanda_payments_pix_charge_key").on(t.pixChargeId).where(sql`${t.pixChargeId} is not null and ${t.reversal} = 0`),
    check("comanda_payments_pix_charge_check", sql`${t.pixChargeId} is null or ${t.method} = 'pix'`),
    foreignKey({ name: "comanda_payments_comanda_same_business_fk", columns: [t.businessId, t.comandaId], foreignColumns: [comandas.businessId, comandas.id] }).onDelete("cascade"),
    check("comanda_payments_method_check", sql`${t.method} in ('cash', 'pix', 'debit', 'credit', 'client_credit', 'debt')`),
    check("comanda_payments_cents_check", sql`${t.cents} <> 0 and (${t.reversal} = 1) = (${t.cents} < 0)`),
    check("comanda_payments_card_check", sql`${t.method} in ('debit', 'credit') or (${t.cardBrand} is null and ${t.instalments} is null and ${t.feeRate} = 0)`),
    check("comanda_payments_instalments_check", sql`${t.instalments} is null or (${t.method} = 'credit' and ${t.instalments} between 1 and 24)`),
    check("comanda_payments_fee_check", sql`${t.feeRate} between 0 and 10000`),
  ],
);

export type CommissionEntryKind = "service" | "product" | "tip" | "advance";

/**
 * What each professional earned (issue 53: the salão-parceiro split), a ledger: a comanda's close
 * writes one entry per line with a professional and one per tip, with the rate it used (the
 * snapshot: a later rate change rewrites nothing); a reversal writes them negated; a 'Vale' (an
 * advance paid to the professional) is a negative entry of its own. Never updated or deleted.
 */
export const commissionEntries = pgTable(
  "commission_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id").notNull(),
    comandaId: uuid("comanda_id"),
    lineId: uuid("line_id"),
    kind: text("kind").$type<CommissionEntryKind>().notNull(),
    /** The business day it counts on (the comanda's close or reversal, the vale's date). */
    occurredOn: date("occurred_on").notNull(),
    description: text("description").notNull(),
    baseCents: integer("base_cents").notNull(),
    rateKind: text("rate_kind").$type<"percent" | "fixed">(),
    rateValue: integer("rate_value"),
    cents: integer("cents").notNull(),
    reversal: smallint("reversal").notNull().default(0),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("commission_entries_professional_idx").on(t.businessId, t.professionalId, t.occurredOn),
    index("commission_entries_comanda_idx").on(t.comandaId),
    // No action on delete: a professional with earnings is kept (their statement is the salon's record).
    foreignKey({
      name: "commission_entries_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }),
    foreignKey({ name: "commission_entries_comanda_same_business_fk", columns: [t.businessId, t.comandaId], foreignColumns: [comandas.businessId, comandas.id] }).onDelete("cascade"),
    check("commission_entries_kind_check", sql`${t.kind} in ('service', 'product', 'tip', 'advance')`),
    check("commission_entries_comanda_check", sql`(${t.kind} = 'advance') = (${t.comandaId} is null)`),
    check("commission_entries_advance_check", sql`${t.kind} <> 'advance' or ${t.cents} < 0`),
    check("commission_entries_rate_check", sql`(${t.rateKind} is null) = (${t.rateValue} is null) and (${t.rateKind} is null or ${t.rateKind} in ('percent', 'fixed'))`),
    check("commission_entries_description_check", sql`length(trim(${t.description})) between 1 and 200`),
  ],
);

/**
 * A professional's statement marked as paid: the period it covers and the day it was paid. Periods
 * of one professional never overlap (an exclusion constraint, migration 0040), so an entry is paid
 * once. Final, as the ledger.
 */
export const commissionPayouts = pgTable(
  "commission_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id").notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    paidOn: date("paid_on").notNull(),
    cents: integer("cents").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("commission_payouts_professional_idx").on(t.businessId, t.professionalId, t.periodStart),
    foreignKey({
      name: "commission_payouts_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }),
    check("commission_payouts_period_check", sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

export type ClientBalanceKind = "debt" | "credit_use" | "payment" | "reversal";

/**
 * A client's account with the salon, a ledger: the balance is the sum (below zero: they owe). 'Fiado'
 * at a close is negative; paying with their credit is negative; 'Receber' (paying a debt, or leaving
 * credit) is positive; a reversal writes the opposite. Never updated or deleted.
 */
export const clientBalanceMovements = pgTable(
  "client_balance_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    clientId: uuid("client_id").notNull(),
    comandaId: uuid("comanda_id"),
    kind: text("kind").$type<ClientBalanceKind>().notNull(),
    cents: integer("cents").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_balance_movements_client_idx").on(t.clientId, t.createdAt),
    foreignKey({ name: "client_balance_movements_client_same_business_fk", columns: [t.businessId, t.clientId], foreignColumns: [clients.businessId, clients.id] }),
    foreignKey({
      name: "client_balance_movements_comanda_same_business_fk",
      columns: [t.businessId, t.comandaId],
      foreignColumns: [comandas.businessId, comandas.id],
    }).onDelete("cascade"),
    check("client_balance_movements_kind_check", sql`${t.kind} in ('debt', 'credit_use', 'payment', 'reversal')`),
    check(
      "client_balance_movements_cents_check",
      sql`${t.cents} <> 0 and (${t.kind} not in ('debt', 'credit_use') or ${t.cents} < 0) and (${t.kind} <> 'payment' or ${t.cents} > 0)`,
    ),
  ],
);

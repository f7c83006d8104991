import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./appointments";
import { businesses } from "./businesses";
import { comandas } from "./comandas";

export type PixChargeMode = "static" | "psp";
export type PixChargeStatus = "active" | "paid" | "expired" | "cancelled" | "refunded";
export type PixChargePurpose = "comanda" | "deposit";

/**
 * A business's Pix (issue 54, lib/pix). With only the key, name and city: static BR Codes, whose
 * receipt staff confirm by hand. With a PSP (the Banco Central's standard API): dynamic charges that
 * the PSP's webhook, or a poll, marks as paid. `pspSecrets` holds the client secret, the mTLS
 * certificate and key and the webhook secret, sealed with AES-256-GCM (lib/pix/secrets.ts): a copy
 * of the database alone doesn't give them away.
 */
export const businessPix = pgTable(
  "business_pix",
  {
    businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    pixKey: text("pix_key").notNull(),
    /** As the BR Code carries them: at most 25 and 15 characters. */
    merchantName: text("merchant_name").notNull(),
    merchantCity: text("merchant_city").notNull(),
    pspBaseUrl: text("psp_base_url"),
    pspTokenUrl: text("psp_token_url"),
    pspClientId: text("psp_client_id"),
    pspSecrets: text("psp_secrets"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("business_pix_key_check", sql`length(${t.pixKey}) between 1 and 77`),
    check("business_pix_merchant_check", sql`length(${t.merchantName}) between 1 and 25 and length(${t.merchantCity}) between 1 and 15`),
    check("business_pix_psp_check", sql`(${t.pspBaseUrl} is null) = (${t.pspClientId} is null) and (${t.pspBaseUrl} is null) = (${t.pspSecrets} is null)`),
  ],
);

/**
 * One Pix charge: a QR shown for an amount. `txid` is ours (the PSP's charge is PUT under it);
 * `endToEndId` is the Pix that paid it, unique, so a repeated webhook changes nothing and one Pix
 * never pays two charges. A paid charge of a comanda becomes its Pix payment line at the close
 * (comanda_payments.pix_charge_id, unique): it can't settle two comandas.
 */
export const pixCharges = pgTable(
  "pix_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    txid: text("txid").notNull(),
    mode: text("mode").$type<PixChargeMode>().notNull(),
    purpose: text("purpose").$type<PixChargePurpose>().notNull(),
    comandaId: uuid("comanda_id"),
    appointmentId: uuid("appointment_id"),
    amountCents: integer("amount_cents").notNull(),
    /** 'Pix copia e cola': the BR Code the QR shows. */
    brcode: text("brcode").notNull(),
    status: text("status").$type<PixChargeStatus>().notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endToEndId: text("end_to_end_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Who confirmed a static charge's receipt by hand (null when the PSP said so). */
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pix_charges_txid_key").on(t.txid),
    uniqueIndex("pix_charges_end_to_end_key").on(t.endToEndId),
    uniqueIndex("pix_charges_business_id_key").on(t.businessId, t.id),
    index("pix_charges_comanda_idx").on(t.comandaId),
    index("pix_charges_active_idx").on(t.expiresAt).where(sql`${t.status} = 'active' and ${t.mode} = 'psp'`),
    foreignKey({ name: "pix_charges_comanda_same_business_fk", columns: [t.businessId, t.comandaId], foreignColumns: [comandas.businessId, comandas.id] }).onDelete("cascade"),
    foreignKey({ name: "pix_charges_appointment_same_business_fk", columns: [t.businessId, t.appointmentId], foreignColumns: [appointments.businessId, appointments.id] }),
    check("pix_charges_txid_check", sql`${t.txid} ~ '^[A-Za-z0-9]{25,35}$'`),
    check("pix_charges_mode_check", sql`${t.mode} in ('static', 'psp')`),
    check("pix_charges_purpose_check", sql`(${t.purpose} = 'comanda' and ${t.comandaId} is not null) or (${t.purpose} = 'deposit' and ${t.appointmentId} is not null)`),
    check("pix_charges_status_check", sql`${t.status} in ('active', 'paid', 'expired', 'cancelled', 'refunded')`),
    check("pix_charges_amount_check", sql`${t.amountCents} > 0`),
    check("pix_charges_paid_check", sql`(${t.status} in ('paid', 'refunded')) = (${t.paidAt} is not null)`),
    check("pix_charges_confirmed_check", sql`${t.confirmedBy} is null or ${t.mode} = 'static'`),
  ],
);

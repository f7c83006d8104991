import { sql } from "drizzle-orm";
import {
  boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { professionals } from "./professionals";

export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    logoUrl: text("logo_url"),
    settings: jsonb("settings").notNull().default({}),
    subscriptionPlan: text("subscription_plan").notNull().default("plano único anual"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    monthlyFee: numeric("monthly_fee", { precision: 10, scale: 2 }).notNull().default("0"),
    bookingWindowDays: integer("booking_window_days").notNull().default(30),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("businesses_name_idx").on(t.name),
    index("businesses_status_idx").on(t.subscriptionStatus),
    check("businesses_booking_window_days_check", sql`${t.bookingWindowDays} between 1 and 365`),
  ],
);

export const BUSINESS_ROLES = ["owner", "admin", "employee"] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

export const userBusinessRoles = pgTable(
  "user_business_roles",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    role: text("role").$type<BusinessRole>().notNull(),
    /** 'Resumo do dia': this member gets the day's summary by e-mail at 07:00 (owners only). */
    dailySummary: boolean("daily_summary").notNull().default(false),
    /**
     * What an employee may do beyond booking (lib/auth/permissions.ts GRANTS), set by the owner on
     * the team page. By default DEFAULT_GRANTS (the same list: a test compares them).
     */
    grants: text("grants").array().notNull().default(sql`array['deleteClients', 'catalog', 'hours', 'otherAgendas']::text[]`),
    /**
     * 'Profissional vinculado': the professional this member is (set on the team page's
     * 'Permissões'). Without 'otherAgendas' an employee sees and changes only this professional's
     * appointments (lib/appointments/visibility.ts). One member per professional, of the same
     * business; deleting the professional empties it only (the migration writes ON DELETE SET NULL
     * (professional_id), which drizzle cannot express).
     */
    professionalId: uuid("professional_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.businessId] }),
    index("user_business_roles_business_idx").on(t.businessId),
    check("user_business_roles_role_check", sql`${t.role} in ('owner', 'admin', 'employee')`),
    check("user_business_roles_grants_check", sql`${t.grants} <@ array['deleteClients', 'catalog', 'hours', 'calendarLinks', 'otherAgendas']::text[]`),
    uniqueIndex("user_business_roles_business_professional_key").on(t.businessId, t.professionalId),
    foreignKey({
      name: "user_business_roles_professional_same_business_fk",
      columns: [t.businessId, t.professionalId],
      foreignColumns: [professionals.businessId, professionals.id],
    }).onDelete("set null"),
  ],
);

export const INVITATION_STATUSES = ["pending", "accepted", "cancelled"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const businessInvitations = pgTable(
  "business_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<BusinessRole>().notNull().default("employee"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<InvitationStatus>().notNull().default("pending"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '7 days'`),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * SHA-256 (hex) of the secret the invitation e-mail carries beside its id: only that secret
     * proves the invited address. Null for invitations made before it existed (their bare link
     * never confirms an address).
     */
    secretHash: text("secret_hash"),
  },
  (t) => [
    index("business_invitations_business_status_idx").on(t.businessId, t.status),
    // The shell's pending invitations of the signed-in address (lib/invitations/queries.ts), on every
    // page: every lookup by address compares lower(email), so this one probe, never all pending rows.
    index("business_invitations_email_lower_status_idx").on(sql`lower(${t.email})`, t.status),
    uniqueIndex("business_invitations_one_pending_key")
      .on(t.businessId, t.email)
      .where(sql`${t.status} = 'pending'`),
    check("business_invitations_status_check", sql`${t.status} in ('pending', 'accepted', 'cancelled')`),
    check("business_invitations_role_check", sql`${t.role} in ('owner', 'admin', 'employee')`),
  ],
);

/**
 * How many clients, conversations and audit entries each business has, kept by deferred triggers on
 * those tables (migrations 0015 and 0018), so the dashboard and the audit page read one row instead
 * of counting a chain's 50,000 clients, 20,000 conversations or 100,000 audit entries on every view.
 */
export const businessTotals = pgTable("business_totals", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  clients: integer("clients").notNull().default(0),
  conversations: integer("conversations").notNull().default(0),
  auditLogs: integer("audit_logs").notNull().default(0),
});

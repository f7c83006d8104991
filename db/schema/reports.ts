import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { clients } from "./clients";

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    clientId: uuid("client_id"),
    message: text("message").notNull(),
    isBot: boolean("is_bot").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first with a tie-break, and the client's conversations (search by client name/phone).
    index("conversations_business_created_id_idx").on(t.businessId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("conversations_business_client_idx").on(t.businessId, t.clientId),
    // Same business only (see appointments.ts). Deleting the client empties client_id only: the
    // migration writes ON DELETE SET NULL (client_id), which drizzle cannot express.
    foreignKey({
      name: "conversations_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }).onDelete("set null"),
  ],
);

/**
 * The keys a business's WhatsApp bot sends to POST /api/conversations. Only the SHA-256 of the key
 * is kept (shown once to the owner who created it); `hint` is its last characters, to tell keys
 * apart in the list. A revoked key stays listed with its revocation time and never works again.
 */
export const businessApiKeys = pgTable(
  "business_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    hint: text("hint").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("business_api_keys_key_hash_key").on(t.keyHash),
    index("business_api_keys_business_idx").on(t.businessId, t.createdAt),
  ],
);

export const AUDIT_ACTIONS = ["CREATE", "UPDATE", "DELETE"] as const;
export const AUDIT_ENTITIES = ["appointment", "client", "service", "professional", "waitlist_entry", "product", "cash_register", "comanda", "pix"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    actionType: text("action_type").$type<AuditAction>().notNull(),
    entityType: text("entity_type").$type<AuditEntity>().notNull(),
    entityId: uuid("entity_id"),
    description: text("description").notNull(),
    oldValues: jsonb("old_values"),
    newValues: jsonb("new_values"),
  },
  (t) => [
    // Keyset paging newest first: (created_at, id) descending within the business.
    index("audit_logs_business_created_id_idx").on(t.businessId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_business_user_idx").on(t.businessId, t.userId),
    check("audit_logs_action_check", sql`${t.actionType} in ('CREATE', 'UPDATE', 'DELETE')`),
    check("audit_logs_entity_check", sql`${t.entityType} in ('appointment', 'client', 'service', 'professional', 'waitlist_entry', 'product', 'cash_register', 'comanda', 'pix')`),
  ],
);

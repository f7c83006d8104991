import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { clients } from "./scheduling";

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
    index("conversations_business_created_idx").on(t.businessId, t.createdAt),
    // Same business only (see scheduling.ts). Deleting the client empties client_id only: the
    // migration writes ON DELETE SET NULL (client_id), which drizzle cannot express.
    foreignKey({
      name: "conversations_client_same_business_fk",
      columns: [t.businessId, t.clientId],
      foreignColumns: [clients.businessId, clients.id],
    }).onDelete("set null"),
  ],
);

export const AUDIT_ACTIONS = ["CREATE", "UPDATE", "DELETE"] as const;
export const AUDIT_ENTITIES = ["appointment", "client", "service", "professional"] as const;
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
    index("audit_logs_business_created_idx").on(t.businessId, t.createdAt),
    index("audit_logs_business_user_idx").on(t.businessId, t.userId),
    check("audit_logs_action_check", sql`${t.actionType} in ('CREATE', 'UPDATE', 'DELETE')`),
    check("audit_logs_entity_check", sql`${t.entityType} in ('appointment', 'client', 'service', 'professional')`),
  ],
);

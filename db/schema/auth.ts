import { sql } from "drizzle-orm";
import {
  bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar,
} from "drizzle-orm/pg-core";

/** The public profile row and the credentials of one person. E-mail is stored lower-cased. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Bumped on password reset: JWTs carrying an older version stop working. */
    sessionVersion: integer("session_version").notNull().default(1),
    fullName: text("full_name"),
    contactName: text("contact_name"),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    companyName: text("company_name"),
    /** False for a person who signed in through Google and has not registered a business yet. */
    registered: boolean("registered").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/**
 * One row per signed-in session (the `sid` in the session cookie): the cookie counts only while
 * its row exists, so 'Sair' deletes it and a copied cookie stops working at once.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId), index("user_sessions_expires_idx").on(t.expiresAt)],
);

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const saasConfig = pgTable("saas_config", {
  configKey: text("config_key").primaryKey(),
  configValue: jsonb("config_value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use tokens e-mailed to people: password resets and e-mail confirmations. Only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the secret cookie of the browser that asked for this link (lib/auth/signup-browser.ts).
     * Confirming from that browser keeps the password chosen there; from any other, the mailbox
     * owner chooses the password. Null: no browser can claim it (every confirmation asks).
     */
    browserHash: text("browser_hash"),
    /** The password (argon2id) chosen at the sign-up that made this link: the account's once confirmed from that browser. */
    passwordHash: text("password_hash"),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/**
 * Counters of lib/core/rate-limit (rate-limiter-flexible's RateLimiterPostgres layout): one row per
 * limited key, `points` consumed in the current window, `expire` the window's end in epoch
 * milliseconds (null: never). Shared by every app instance.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

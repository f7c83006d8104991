import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

export type CashMethod = "cash" | "pix" | "debit" | "credit";
export type CashMovementKind = "float" | "withdrawal" | "deposit" | "payment" | "reversal";

/**
 * 'Caixa' (issue 53, lib/cash-register): a business's cash register, opened with a float and closed
 * by counting. At most one open per business (a partial unique index): every payment goes to the
 * register open at that moment. Closed is final: `closed_at` is set once (a trigger refuses any
 * other change to a closed register, migration 0041).
 */
export const cashRegisters = pgTable(
  "cash_registers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid("opened_by").references(() => users.id, { onDelete: "set null" }),
    floatCents: integer("float_cents").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("cash_registers_business_id_id_key").on(t.businessId, t.id),
    uniqueIndex("cash_registers_one_open_key").on(t.businessId).where(sql`${t.closedAt} is null`),
    index("cash_registers_business_opened_idx").on(t.businessId, t.openedAt),
    check("cash_registers_float_check", sql`${t.floatCents} >= 0`),
  ],
);

/**
 * What went in and out of a register, per payment method, as a ledger: a row is never updated or
 * deleted (a trigger refuses both, migration 0041); a mistake is corrected by another row. The
 * float is the first cash row; 'Sangria' (withdrawal, negative) and 'Suprimento' (deposit) are cash
 * with a reason; payments (the comanda's) and their reversals come with the checkout.
 */
export const cashMovements = pgTable(
  "cash_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    registerId: uuid("register_id").notNull(),
    kind: text("kind").$type<CashMovementKind>().notNull(),
    method: text("method").$type<CashMethod>().notNull(),
    cents: integer("cents").notNull(),
    reason: text("reason"),
    /**
     * The comanda a payment or reversal belongs to (null for a client's 'Receber' and the by-hand
     * moves). Its foreign key to comandas (business_id, comanda_id) is written in migration 0040:
     * comandas.ts imports this file.
     */
    comandaId: uuid("comanda_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cash_movements_register_idx").on(t.registerId, t.createdAt),
    check("cash_movements_kind_check", sql`${t.kind} in ('float', 'withdrawal', 'deposit', 'payment', 'reversal')`),
    check("cash_movements_method_check", sql`${t.method} in ('cash', 'pix', 'debit', 'credit')`),
    check("cash_movements_cents_check", sql`${t.cents} <> 0`),
    // The float and the by-hand moves are cash; a by-hand move says why, and goes the way its name says.
    check(
      "cash_movements_manual_check",
      sql`${t.kind} not in ('float', 'withdrawal', 'deposit') or (${t.method} = 'cash' and case ${t.kind} when 'withdrawal' then ${t.cents} < 0 else ${t.cents} > 0 end)`,
    ),
    check("cash_movements_reason_check", sql`${t.kind} not in ('withdrawal', 'deposit') or length(trim(${t.reason})) > 0`),
    foreignKey({
      name: "cash_movements_register_same_business_fk",
      columns: [t.businessId, t.registerId],
      foreignColumns: [cashRegisters.businessId, cashRegisters.id],
    }).onDelete("cascade"),
  ],
);

/** The close: per method, what the ledger expected and what was counted (the difference is theirs). */
export const cashRegisterCounts = pgTable(
  "cash_register_counts",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    registerId: uuid("register_id").notNull(),
    method: text("method").$type<CashMethod>().notNull(),
    expectedCents: integer("expected_cents").notNull(),
    countedCents: integer("counted_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registerId, t.method] }),
    check("cash_register_counts_method_check", sql`${t.method} in ('cash', 'pix', 'debit', 'credit')`),
    check("cash_register_counts_counted_check", sql`${t.countedCents} >= 0`),
    foreignKey({
      name: "cash_register_counts_register_same_business_fk",
      columns: [t.businessId, t.registerId],
      foreignColumns: [cashRegisters.businessId, cashRegisters.id],
    }).onDelete("cascade"),
  ],
);

import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

// 'Produtos' (lib/products, docs/features/products.md): what the salon sells, and its stock as a
// ledger. Money is integer centavos; the stock is never a stored number, it is the sum of the
// product's movements. Migration 0039 (renumbered at merge) adds what drizzle doesn't model: the
// trigger refusing UPDATE/DELETE on movements and the change-log triggers.

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Sale price, centavos. */
    priceCents: integer("price_cents").notNull(),
    /** What the salon pays for one, centavos; null: not told. */
    costCents: integer("cost_cents"),
    /** 'Estoque baixo' below this; null: no minimum. */
    minStock: integer("min_stock"),
    /** 'Ativo' / 'Inativo': an inactive product is kept with its ledger, sold nowhere new. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("products_business_id_id_key").on(t.businessId, t.id),
    // One name per business, whatever its case ("Pomada" and "POMADA" are the same product).
    uniqueIndex("products_business_name_key").on(t.businessId, sql`lower(${t.name})`),
    check("products_price_cents_check", sql`${t.priceCents} >= 0`),
    check("products_cost_cents_check", sql`${t.costCents} is null or ${t.costCents} >= 0`),
    check("products_min_stock_check", sql`${t.minStock} is null or ${t.minStock} >= 0`),
  ],
);

export const PRODUCT_MOVEMENT_KINDS = ["purchase", "sale", "adjustment", "reversal"] as const;
export type ProductMovementKind = (typeof PRODUCT_MOVEMENT_KINDS)[number];

/**
 * The stock ledger: one row per movement, never updated or deleted (migration trigger), the stock
 * the sum of `quantity`. A purchase adds, a sale takes away, an adjustment (a count, a loss) goes
 * either way and says why; a reversal undoes a movement (the comanda's 'Estornar', later).
 */
export const productStockMovements = pgTable(
  "product_stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    kind: text("kind").$type<ProductMovementKind>().notNull(),
    /** Signed units: + in, − out. */
    quantity: integer("quantity").notNull(),
    reason: text("reason"),
    /** Who moved it; null once their account is removed. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The cascade from the product is for its business's deletion: the migration's trigger refuses to
  // delete a movement while its business exists (lib/products archives a product with movements).
  (t) => [
    // The product's ledger, newest first (its history, and the stock's sum).
    index("product_stock_movements_product_idx").on(t.productId, t.createdAt.desc(), t.id.desc()),
    index("product_stock_movements_business_idx").on(t.businessId, t.createdAt),
    foreignKey({
      name: "product_stock_movements_product_same_business_fk",
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }).onDelete("cascade"),
    check("product_stock_movements_kind_check", sql`${t.kind} in ('purchase', 'sale', 'adjustment', 'reversal')`),
    check(
      "product_stock_movements_quantity_check",
      sql`${t.quantity} <> 0 and (${t.kind} <> 'purchase' or ${t.quantity} > 0) and (${t.kind} <> 'sale' or ${t.quantity} < 0)`,
    ),
    check("product_stock_movements_reason_check", sql`${t.kind} <> 'adjustment' or char_length(btrim(coalesce(${t.reason}, ''))) > 0`),
    check("product_stock_movements_reason_length_check", sql`char_length(${t.reason}) <= 200`),
  ],
);

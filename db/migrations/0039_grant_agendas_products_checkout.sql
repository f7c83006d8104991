CREATE TABLE "product_stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_movements_kind_check" CHECK ("product_stock_movements"."kind" in ('purchase', 'sale', 'adjustment', 'reversal')),
	CONSTRAINT "product_stock_movements_quantity_check" CHECK ("product_stock_movements"."quantity" <> 0 and ("product_stock_movements"."kind" <> 'purchase' or "product_stock_movements"."quantity" > 0) and ("product_stock_movements"."kind" <> 'sale' or "product_stock_movements"."quantity" < 0)),
	CONSTRAINT "product_stock_movements_reason_check" CHECK ("product_stock_movements"."kind" <> 'adjustment' or char_length(btrim(coalesce("product_stock_movements"."reason", ''))) > 0),
	CONSTRAINT "product_stock_movements_reason_length_check" CHECK (char_length("product_stock_movements"."reason") <= 200)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"cost_cents" integer,
	"min_stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_business_id_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "products_price_cents_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_cost_cents_check" CHECK ("products"."cost_cents" is null or "products"."cost_cents" >= 0),
	CONSTRAINT "products_min_stock_check" CHECK ("products"."min_stock" is null or "products"."min_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"cents" integer NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind_check" CHECK ("cash_movements"."kind" in ('float', 'withdrawal', 'deposit', 'payment', 'reversal')),
	CONSTRAINT "cash_movements_method_check" CHECK ("cash_movements"."method" in ('cash', 'pix', 'debit', 'credit')),
	CONSTRAINT "cash_movements_cents_check" CHECK ("cash_movements"."cents" <> 0),
	CONSTRAINT "cash_movements_manual_check" CHECK ("cash_movements"."kind" not in ('float', 'withdrawal', 'deposit') or ("cash_movements"."method" = 'cash' and case "cash_movements"."kind" when 'withdrawal' then "cash_movements"."cents" < 0 else "cash_movements"."cents" > 0 end)),
	CONSTRAINT "cash_movements_reason_check" CHECK ("cash_movements"."kind" not in ('withdrawal', 'deposit') or length(trim("cash_movements"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_register_counts" (
	"business_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"method" text NOT NULL,
	"expected_cents" integer NOT NULL,
	"counted_cents" integer NOT NULL,
	CONSTRAINT "cash_register_counts_register_id_method_pk" PRIMARY KEY("register_id","method"),
	CONSTRAINT "cash_register_counts_method_check" CHECK ("cash_register_counts"."method" in ('cash', 'pix', 'debit', 'credit')),
	CONSTRAINT "cash_register_counts_counted_check" CHECK ("cash_register_counts"."counted_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_registers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid,
	"float_cents" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "cash_registers_business_id_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "cash_registers_float_check" CHECK ("cash_registers"."float_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "professional_commissions" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"services_kind" text NOT NULL,
	"services_value" integer NOT NULL,
	"products_kind" text NOT NULL,
	"products_value" integer NOT NULL,
	"base" text DEFAULT 'gross' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_commissions_services_check" CHECK ("professional_commissions"."services_kind" in ('percent', 'fixed') and "professional_commissions"."services_value" >= 0 and ("professional_commissions"."services_kind" = 'fixed' or "professional_commissions"."services_value" <= 10000)),
	CONSTRAINT "professional_commissions_products_check" CHECK ("professional_commissions"."products_kind" in ('percent', 'fixed') and "professional_commissions"."products_value" >= 0 and ("professional_commissions"."products_kind" = 'fixed' or "professional_commissions"."products_value" <= 10000)),
	CONSTRAINT "professional_commissions_base_check" CHECK ("professional_commissions"."base" in ('gross', 'net_of_card_fee'))
);
--> statement-breakpoint
CREATE TABLE "professional_service_commissions" (
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "professional_service_commissions_professional_id_service_id_pk" PRIMARY KEY("professional_id","service_id"),
	CONSTRAINT "professional_service_commissions_rate_check" CHECK ("professional_service_commissions"."kind" in ('percent', 'fixed') and "professional_service_commissions"."value" >= 0 and ("professional_service_commissions"."kind" = 'fixed' or "professional_service_commissions"."value" <= 10000))
);
--> statement-breakpoint
ALTER TABLE "user_business_roles" DROP CONSTRAINT "user_business_roles_grants_check";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_check";--> statement-breakpoint
ALTER TABLE "user_business_roles" ALTER COLUMN "grants" SET DEFAULT array['deleteClients', 'catalog', 'hours', 'otherAgendas']::text[];--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD COLUMN "professional_id" uuid;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_product_same_business_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_register_same_business_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."cash_registers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_register_counts" ADD CONSTRAINT "cash_register_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_register_counts" ADD CONSTRAINT "cash_register_counts_register_same_business_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."cash_registers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_commissions" ADD CONSTRAINT "professional_commissions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_commissions" ADD CONSTRAINT "professional_commissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_commissions" ADD CONSTRAINT "professional_commissions_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_service_commissions" ADD CONSTRAINT "professional_service_commissions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_service_commissions" ADD CONSTRAINT "professional_service_commissions_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_service_commissions" ADD CONSTRAINT "professional_service_commissions_service_same_business_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_movements_product_idx" ON "product_stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_stock_movements_business_idx" ON "product_stock_movements" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_business_name_key" ON "products" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cash_movements_register_idx" ON "cash_movements" USING btree ("register_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_registers_one_open_key" ON "cash_registers" USING btree ("business_id") WHERE "cash_registers"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "cash_registers_business_opened_idx" ON "cash_registers" USING btree ("business_id","opened_at");--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD CONSTRAINT "user_business_roles_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE SET NULL ("professional_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_business_roles_business_professional_key" ON "user_business_roles" USING btree ("business_id","professional_id");--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD CONSTRAINT "user_business_roles_grants_check" CHECK ("user_business_roles"."grants" <@ array['deleteClients', 'catalog', 'hours', 'calendarLinks', 'otherAgendas']::text[]);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_check" CHECK ("audit_logs"."entity_type" in ('appointment', 'client', 'service', 'professional', 'waitlist_entry', 'product', 'cash_register'));--> statement-breakpoint
-- Every member saw every professional's agenda before the 'otherAgendas' grant existed: keep it so.
UPDATE "user_business_roles" SET "grants" = array_append("grants", 'otherAgendas') WHERE NOT ('otherAgendas' = ANY("grants"));
--> statement-breakpoint
-- A ledger row is final (the cash register's moves and counts, the stock's movements): no UPDATE
-- but a removed user's id emptied (ON DELETE SET NULL), no DELETE but the business's own deletion
-- cascading (its row is already gone when the cascade reaches here). A mistake is corrected by
-- another row.
CREATE FUNCTION ledger_row_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
      RAISE EXCEPTION '% is a ledger: a row is never deleted', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - 'user_id') IS DISTINCT FROM (to_jsonb(OLD) - 'user_id') OR to_jsonb(NEW) ->> 'user_id' IS NOT NULL THEN
    RAISE EXCEPTION '% is a ledger: a row is never updated', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_movements_final BEFORE UPDATE OR DELETE ON cash_movements FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
-- A register closes once: after that only a deleted user's id may be emptied; open, only the close.
CREATE FUNCTION cash_register_closes_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
      RAISE EXCEPTION 'a cash register is never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id <> OLD.id OR NEW.business_id <> OLD.business_id OR NEW.opened_at <> OLD.opened_at OR NEW.float_cents <> OLD.float_cents
     OR (OLD.closed_at IS NOT NULL AND NEW.closed_at IS DISTINCT FROM OLD.closed_at)
     OR (NEW.opened_by IS DISTINCT FROM OLD.opened_by AND NEW.opened_by IS NOT NULL)
     OR (OLD.closed_at IS NOT NULL AND NEW.closed_by IS DISTINCT FROM OLD.closed_by AND NEW.closed_by IS NOT NULL) THEN
    RAISE EXCEPTION 'a closed cash register is final' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_registers_close_once BEFORE UPDATE OR DELETE ON cash_registers FOR EACH ROW EXECUTE FUNCTION cash_register_closes_once();
--> statement-breakpoint
CREATE TRIGGER cash_register_counts_final BEFORE UPDATE OR DELETE ON cash_register_counts FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
-- Live: the 'Caixa' screen of every member hears a register opened, moved or closed (lib/cash-register/reads.ts).
CREATE CONSTRAINT TRIGGER cash_registers_changes AFTER INSERT OR UPDATE ON cash_registers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cash_movements_changes AFTER INSERT ON cash_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE TRIGGER product_stock_movements_final BEFORE UPDATE OR DELETE ON product_stock_movements
  FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
-- Live: 'Produtos' and a product's history hear every change (lib/products/reads.ts).
CREATE CONSTRAINT TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_stock_movements_changes AFTER INSERT ON product_stock_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

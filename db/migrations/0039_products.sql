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
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_check";--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_product_same_business_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_movements_product_idx" ON "product_stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_stock_movements_business_idx" ON "product_stock_movements" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_business_name_key" ON "products" USING btree ("business_id",lower("name"));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_check" CHECK ("audit_logs"."entity_type" in ('appointment', 'client', 'service', 'professional', 'waitlist_entry', 'product'));--> statement-breakpoint
-- The stock ledger is written once: a movement is never edited or deleted (a mistake is corrected
-- by another movement, with its reason). Two ways out stay open: the person's account removed
-- (the foreign key sets user_id to null, nothing else), and the business itself deleted (its
-- rows go with it: by then the business row is gone).
CREATE FUNCTION product_stock_movements_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS NULL
       AND (NEW.id, NEW.business_id, NEW.product_id, NEW.kind, NEW.quantity, NEW.reason, NEW.created_at)
           IS NOT DISTINCT FROM (OLD.id, OLD.business_id, OLD.product_id, OLD.kind, OLD.quantity, OLD.reason, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'product_stock_movements is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation', CONSTRAINT = 'product_stock_movements_append_only';
END $$;
--> statement-breakpoint
CREATE TRIGGER product_stock_movements_append_only BEFORE UPDATE OR DELETE ON product_stock_movements
  FOR EACH ROW EXECUTE FUNCTION product_stock_movements_append_only();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_stock_movements_changes AFTER INSERT ON product_stock_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

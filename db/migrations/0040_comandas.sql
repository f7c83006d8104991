CREATE TABLE "business_card_fees" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"debit" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_card_fees_rates_check" CHECK ("business_card_fees"."debit" between 0 and 10000 and "business_card_fees"."credit" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "client_balance_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"comanda_id" uuid,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_balance_movements_kind_check" CHECK ("client_balance_movements"."kind" in ('debt', 'credit_use', 'payment', 'reversal')),
	CONSTRAINT "client_balance_movements_cents_check" CHECK ("client_balance_movements"."cents" <> 0 and ("client_balance_movements"."kind" not in ('debt', 'credit_use') or "client_balance_movements"."cents" < 0) and ("client_balance_movements"."kind" <> 'payment' or "client_balance_movements"."cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "comanda_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"comanda_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"service_id" uuid,
	"product_id" uuid,
	"name" text NOT NULL,
	"professional_id" uuid,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"discount_kind" text,
	"discount_value" integer,
	CONSTRAINT "comanda_lines_kind_check" CHECK (("comanda_lines"."kind" = 'service' and "comanda_lines"."product_id" is null) or ("comanda_lines"."kind" = 'product' and "comanda_lines"."product_id" is not null and "comanda_lines"."service_id" is null)),
	CONSTRAINT "comanda_lines_quantity_check" CHECK ("comanda_lines"."quantity" between 1 and 999),
	CONSTRAINT "comanda_lines_unit_check" CHECK ("comanda_lines"."unit_cents" >= 0),
	CONSTRAINT "comanda_lines_name_check" CHECK (length(trim("comanda_lines"."name")) between 1 and 120),
	CONSTRAINT "comanda_lines_discount_check" CHECK (("comanda_lines"."discount_kind" is null and "comanda_lines"."discount_value" is null) or ("comanda_lines"."discount_kind" in ('amount', 'percent') and "comanda_lines"."discount_value" >= 0 and ("comanda_lines"."discount_kind" = 'amount' or "comanda_lines"."discount_value" <= 10000)))
);
--> statement-breakpoint
CREATE TABLE "comanda_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"comanda_id" uuid NOT NULL,
	"method" text NOT NULL,
	"cents" integer NOT NULL,
	"reversal" smallint DEFAULT 0 NOT NULL,
	"card_brand" text,
	"instalments" smallint,
	"fee_rate" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comanda_payments_method_check" CHECK ("comanda_payments"."method" in ('cash', 'pix', 'debit', 'credit', 'client_credit', 'debt')),
	CONSTRAINT "comanda_payments_cents_check" CHECK ("comanda_payments"."cents" <> 0 and ("comanda_payments"."reversal" = 1) = ("comanda_payments"."cents" < 0)),
	CONSTRAINT "comanda_payments_card_check" CHECK ("comanda_payments"."method" in ('debit', 'credit') or ("comanda_payments"."card_brand" is null and "comanda_payments"."instalments" is null and "comanda_payments"."fee_rate" = 0)),
	CONSTRAINT "comanda_payments_instalments_check" CHECK ("comanda_payments"."instalments" is null or ("comanda_payments"."method" = 'credit' and "comanda_payments"."instalments" between 1 and 24)),
	CONSTRAINT "comanda_payments_fee_check" CHECK ("comanda_payments"."fee_rate" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "comanda_tips" (
	"business_id" uuid NOT NULL,
	"comanda_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "comanda_tips_comanda_id_professional_id_pk" PRIMARY KEY("comanda_id","professional_id"),
	CONSTRAINT "comanda_tips_cents_check" CHECK ("comanda_tips"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "comandas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"appointment_id" uuid,
	"client_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"discount_kind" text,
	"discount_value" integer,
	"total_cents" integer,
	"register_id" uuid,
	"opened_by" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_on" date,
	"reversed_by" uuid,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	CONSTRAINT "comandas_business_id_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "comandas_status_check" CHECK ("comandas"."status" in ('open', 'closed', 'reversed')),
	CONSTRAINT "comandas_discount_check" CHECK (("comandas"."discount_kind" is null and "comandas"."discount_value" is null) or ("comandas"."discount_kind" in ('amount', 'percent') and "comandas"."discount_value" >= 0 and ("comandas"."discount_kind" = 'amount' or "comandas"."discount_value" <= 10000))),
	CONSTRAINT "comandas_closed_check" CHECK (("comandas"."status" = 'open') = ("comandas"."closed_at" is null) and ("comandas"."status" = 'open') = ("comandas"."total_cents" is null) and ("comandas"."status" = 'open') = ("comandas"."closed_on" is null)),
	CONSTRAINT "comandas_reversed_check" CHECK (("comandas"."status" = 'reversed') = ("comandas"."reversed_at" is not null) and ("comandas"."status" <> 'reversed' or length(trim("comandas"."reversal_reason")) > 0))
);
--> statement-breakpoint
CREATE TABLE "commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"comanda_id" uuid,
	"line_id" uuid,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"base_cents" integer NOT NULL,
	"rate_kind" text,
	"rate_value" integer,
	"cents" integer NOT NULL,
	"reversal" smallint DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_entries_kind_check" CHECK ("commission_entries"."kind" in ('service', 'product', 'tip', 'advance')),
	CONSTRAINT "commission_entries_comanda_check" CHECK (("commission_entries"."kind" = 'advance') = ("commission_entries"."comanda_id" is null)),
	CONSTRAINT "commission_entries_advance_check" CHECK ("commission_entries"."kind" <> 'advance' or "commission_entries"."cents" < 0),
	CONSTRAINT "commission_entries_rate_check" CHECK (("commission_entries"."rate_kind" is null) = ("commission_entries"."rate_value" is null) and ("commission_entries"."rate_kind" is null or "commission_entries"."rate_kind" in ('percent', 'fixed'))),
	CONSTRAINT "commission_entries_description_check" CHECK (length(trim("commission_entries"."description")) between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"paid_on" date NOT NULL,
	"cents" integer NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_payouts_period_check" CHECK ("commission_payouts"."period_start" <= "commission_payouts"."period_end")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_check";--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "comanda_id" uuid;--> statement-breakpoint
ALTER TABLE "business_card_fees" ADD CONSTRAINT "business_card_fees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_card_fees" ADD CONSTRAINT "business_card_fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balance_movements" ADD CONSTRAINT "client_balance_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balance_movements" ADD CONSTRAINT "client_balance_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balance_movements" ADD CONSTRAINT "client_balance_movements_client_same_business_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balance_movements" ADD CONSTRAINT "client_balance_movements_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_lines" ADD CONSTRAINT "comanda_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_lines" ADD CONSTRAINT "comanda_lines_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_lines" ADD CONSTRAINT "comanda_lines_service_same_business_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_lines" ADD CONSTRAINT "comanda_lines_product_same_business_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_lines" ADD CONSTRAINT "comanda_lines_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_payments" ADD CONSTRAINT "comanda_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_payments" ADD CONSTRAINT "comanda_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_payments" ADD CONSTRAINT "comanda_payments_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_tips" ADD CONSTRAINT "comanda_tips_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_tips" ADD CONSTRAINT "comanda_tips_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comanda_tips" ADD CONSTRAINT "comanda_tips_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE SET NULL ("appointment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_client_same_business_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandas" ADD CONSTRAINT "comandas_register_same_business_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."cash_registers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_balance_movements_client_idx" ON "client_balance_movements" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "comanda_lines_comanda_idx" ON "comanda_lines" USING btree ("comanda_id","position");--> statement-breakpoint
CREATE INDEX "comanda_payments_comanda_idx" ON "comanda_payments" USING btree ("comanda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comandas_appointment_key" ON "comandas" USING btree ("appointment_id") WHERE "comandas"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "comandas_business_status_idx" ON "comandas" USING btree ("business_id","status","opened_at");--> statement-breakpoint
CREATE INDEX "comandas_business_closed_on_idx" ON "comandas" USING btree ("business_id","closed_on");--> statement-breakpoint
CREATE INDEX "comandas_client_idx" ON "comandas" USING btree ("client_id","opened_at");--> statement-breakpoint
CREATE INDEX "commission_entries_professional_idx" ON "commission_entries" USING btree ("business_id","professional_id","occurred_on");--> statement-breakpoint
CREATE INDEX "commission_entries_comanda_idx" ON "commission_entries" USING btree ("comanda_id");--> statement-breakpoint
CREATE INDEX "commission_payouts_professional_idx" ON "commission_payouts" USING btree ("business_id","professional_id","period_start");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_check" CHECK ("audit_logs"."entity_type" in ('appointment', 'client', 'service', 'professional', 'waitlist_entry', 'product', 'cash_register', 'comanda'));--> statement-breakpoint
-- Hand-written (issue 53, lib/comandas). A cash register's payment names its comanda; comandas.ts
-- imports cash-register.ts, so this key is written here.
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id");
--> statement-breakpoint
CREATE INDEX "cash_movements_comanda_idx" ON "cash_movements" ("comanda_id") WHERE "comanda_id" IS NOT NULL;
--> statement-breakpoint
-- A professional's paid periods never overlap: an entry is paid once.
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_no_overlap"
  EXCLUDE USING gist ("business_id" WITH =, "professional_id" WITH =, daterange("period_start", "period_end", '[]') WITH &&);
--> statement-breakpoint
-- A comanda is final once closed: open, anything but its identity may change; closed, only the
-- reversal (closed → reversed, with who, when and why), the links the database empties (a deleted
-- appointment, a removed user) and its client (two clients merged: 'Mesclar'); reversed, only those. Deleted: only while open (a
-- comanda opened by mistake), or by its business's deletion.
CREATE FUNCTION comanda_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text[] := ARRAY['appointment_id', 'client_id', 'opened_by', 'closed_by', 'reversed_by', 'status', 'reversed_at', 'reversal_reason'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'open' AND EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
      RAISE EXCEPTION 'a closed comanda is never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id <> OLD.id OR NEW.business_id <> OLD.business_id THEN
    RAISE EXCEPTION 'a comanda keeps its identity' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status = 'open' THEN RETURN NEW; END IF;
  IF (to_jsonb(NEW) - kept) IS DISTINCT FROM (to_jsonb(OLD) - kept)
     OR (NEW.appointment_id IS DISTINCT FROM OLD.appointment_id AND NEW.appointment_id IS NOT NULL)
     OR (NEW.opened_by IS DISTINCT FROM OLD.opened_by AND NEW.opened_by IS NOT NULL)
     OR (NEW.closed_by IS DISTINCT FROM OLD.closed_by AND NEW.closed_by IS NOT NULL)
     OR (NEW.reversed_by IS DISTINCT FROM OLD.reversed_by AND NEW.reversed_by IS NOT NULL AND OLD.status = 'reversed')
     OR (OLD.status = 'reversed' AND (NEW.status, NEW.reversed_at, NEW.reversal_reason) IS DISTINCT FROM (OLD.status, OLD.reversed_at, OLD.reversal_reason))
     OR (OLD.status = 'closed' AND NEW.status NOT IN ('closed', 'reversed'))
     OR (OLD.status = 'closed' AND NEW.status = 'closed' AND (NEW.reversed_at, NEW.reversal_reason, NEW.reversed_by) IS DISTINCT FROM (OLD.reversed_at, OLD.reversal_reason, OLD.reversed_by)) THEN
    RAISE EXCEPTION 'a closed comanda is final' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER comandas_final BEFORE UPDATE OR DELETE ON comandas FOR EACH ROW EXECUTE FUNCTION comanda_is_final();
--> statement-breakpoint
-- A comanda's lines and tips change only while it is open (its deletion's cascade finds it gone).
CREATE FUNCTION comanda_part_is_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF EXISTS (SELECT 1 FROM comandas WHERE id = rec.comanda_id AND status <> 'open') THEN
    RAISE EXCEPTION 'the lines of a closed comanda are final' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.comanda_id <> NEW.comanda_id THEN
    RAISE EXCEPTION 'a line stays on its comanda' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER comanda_lines_open BEFORE INSERT OR UPDATE OR DELETE ON comanda_lines FOR EACH ROW EXECUTE FUNCTION comanda_part_is_open();
--> statement-breakpoint
CREATE TRIGGER comanda_tips_open BEFORE INSERT OR UPDATE OR DELETE ON comanda_tips FOR EACH ROW EXECUTE FUNCTION comanda_part_is_open();
--> statement-breakpoint
CREATE TRIGGER comanda_payments_final BEFORE UPDATE OR DELETE ON comanda_payments FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
CREATE TRIGGER commission_entries_final BEFORE UPDATE OR DELETE ON commission_entries FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
CREATE TRIGGER commission_payouts_final BEFORE UPDATE OR DELETE ON commission_payouts FOR EACH ROW EXECUTE FUNCTION ledger_row_is_final();
--> statement-breakpoint
-- A client's account is a ledger too, which goes whole to the kept client when two are merged
-- ('Mesclar'): its client may change, nothing else.
CREATE FUNCTION client_balance_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
      RAISE EXCEPTION 'client_balance_movements is a ledger: a row is never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - 'user_id' - 'client_id') IS DISTINCT FROM (to_jsonb(OLD) - 'user_id' - 'client_id')
     OR (NEW.user_id IS DISTINCT FROM OLD.user_id AND NEW.user_id IS NOT NULL) THEN
    RAISE EXCEPTION 'client_balance_movements is a ledger: a row is never updated' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_balance_movements_final BEFORE UPDATE OR DELETE ON client_balance_movements FOR EACH ROW EXECUTE FUNCTION client_balance_is_final();
--> statement-breakpoint
-- Live: the comanda screens, the agenda's 'Comanda aberta' / 'Paga', the client's balance and the statements.
CREATE CONSTRAINT TRIGGER comandas_changes AFTER INSERT OR UPDATE OR DELETE ON comandas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_balance_movements_changes AFTER INSERT ON client_balance_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER commission_entries_changes AFTER INSERT ON commission_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER commission_payouts_changes AFTER INSERT ON commission_payouts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
-- 0022's change log, with one addition: a comanda's change names its appointment's day.
CREATE OR REPLACE FUNCTION record_agenda_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  business uuid;
  s bigint;
  touched date[];
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  business := CASE WHEN TG_TABLE_NAME = 'businesses' THEN rec->>'id' ELSE rec->>'business_id' END;
  -- A client of no business (clients.business_id may be null) is no business's change.
  IF business IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'appointments' THEN
    IF TG_OP = 'UPDATE' AND OLD.date <> NEW.date THEN
      touched := ARRAY[LEAST(OLD.date, NEW.date), GREATEST(OLD.date, NEW.date)];
    ELSE
      touched := ARRAY[(rec->>'date')::date];
    END IF;
  ELSIF TG_TABLE_NAME = 'comandas' AND rec->>'appointment_id' IS NOT NULL THEN
    -- A visit's comanda names its appointment's day: the agenda reads that day's cards again only.
    touched := ARRAY(SELECT a.date FROM appointments a WHERE a.id = (rec->>'appointment_id')::uuid);
  END IF;
  PERFORM business_counts_lock(business);
  INSERT INTO changes (business_id, entity, op, entity_id, days)
  VALUES (business, TG_TABLE_NAME, TG_OP, (rec->>'id')::uuid, touched)
  RETURNING seq INTO s;
  PERFORM set_config('agenda.change_seqs', coalesce(current_setting('agenda.change_seqs', true), '') || s || ',', true);
  PERFORM pg_notify('agenda_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', rec->>'id',
    'businessId', business,
    'seq', s,
    'days', touched
  )::text);
  RETURN NULL;
END $$;

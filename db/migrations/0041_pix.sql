CREATE TABLE "business_pix" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"pix_key" text NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_city" text NOT NULL,
	"psp_base_url" text,
	"psp_token_url" text,
	"psp_client_id" text,
	"psp_secrets" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_pix_key_check" CHECK (length("business_pix"."pix_key") between 1 and 77),
	CONSTRAINT "business_pix_merchant_check" CHECK (length("business_pix"."merchant_name") between 1 and 25 and length("business_pix"."merchant_city") between 1 and 15),
	CONSTRAINT "business_pix_psp_check" CHECK (("business_pix"."psp_base_url" is null) = ("business_pix"."psp_client_id" is null) and ("business_pix"."psp_base_url" is null) = ("business_pix"."psp_secrets" is null))
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"mode" text NOT NULL,
	"purpose" text NOT NULL,
	"comanda_id" uuid,
	"appointment_id" uuid,
	"amount_cents" integer NOT NULL,
	"brcode" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"end_to_end_id" text,
	"paid_at" timestamp with time zone,
	"confirmed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_txid_check" CHECK ("pix_charges"."txid" ~ '^[A-Za-z0-9]{25,35}$'),
	CONSTRAINT "pix_charges_mode_check" CHECK ("pix_charges"."mode" in ('static', 'psp')),
	CONSTRAINT "pix_charges_purpose_check" CHECK (("pix_charges"."purpose" = 'comanda' and "pix_charges"."comanda_id" is not null) or ("pix_charges"."purpose" = 'deposit' and "pix_charges"."appointment_id" is not null)),
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('active', 'paid', 'expired', 'cancelled', 'refunded')),
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount_cents" > 0),
	CONSTRAINT "pix_charges_paid_check" CHECK (("pix_charges"."status" in ('paid', 'refunded')) = ("pix_charges"."paid_at" is not null)),
	CONSTRAINT "pix_charges_confirmed_check" CHECK ("pix_charges"."confirmed_by" is null or "pix_charges"."mode" = 'static')
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_check";--> statement-breakpoint
ALTER TABLE "comanda_payments" ADD COLUMN "pix_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "business_pix" ADD CONSTRAINT "business_pix_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_pix" ADD CONSTRAINT "business_pix_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_comanda_same_business_fk" FOREIGN KEY ("business_id","comanda_id") REFERENCES "public"."comandas"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_txid_key" ON "pix_charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_end_to_end_key" ON "pix_charges" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_business_id_key" ON "pix_charges" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "pix_charges_comanda_idx" ON "pix_charges" USING btree ("comanda_id");--> statement-breakpoint
CREATE INDEX "pix_charges_active_idx" ON "pix_charges" USING btree ("expires_at") WHERE "pix_charges"."status" = 'active' and "pix_charges"."mode" = 'psp';--> statement-breakpoint
CREATE UNIQUE INDEX "comanda_payments_pix_charge_key" ON "comanda_payments" USING btree ("pix_charge_id") WHERE "comanda_payments"."pix_charge_id" is not null and "comanda_payments"."reversal" = 0;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_check" CHECK ("audit_logs"."entity_type" in ('appointment', 'client', 'service', 'professional', 'waitlist_entry', 'product', 'cash_register', 'comanda', 'pix'));--> statement-breakpoint
ALTER TABLE "comanda_payments" ADD CONSTRAINT "comanda_payments_pix_charge_check" CHECK ("comanda_payments"."pix_charge_id" is null or "comanda_payments"."method" = 'pix');--> statement-breakpoint
-- comanda_payments.pix_charge_id: pix.ts imports comandas.ts, so the key is written here.
ALTER TABLE "comanda_payments" ADD CONSTRAINT "comanda_payments_pix_charge_same_business_fk" FOREIGN KEY ("business_id","pix_charge_id") REFERENCES "public"."pix_charges"("business_id","id") ON DELETE NO ACTION ON UPDATE no action;
--> statement-breakpoint
-- A charge's money is final once paid: what was paid, by which Pix, stays; paid goes only to
-- refunded. An active charge may expire, be cancelled or be paid; an expired or cancelled one may
-- still be paid (the PSP says a Pix arrived: money received is a fact); nothing comes back to active.
CREATE OR REPLACE FUNCTION pix_charge_is_final() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('paid', 'refunded') AND EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
      RAISE EXCEPTION 'pix charge % is paid: it is kept', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.txid <> OLD.txid OR NEW.amount_cents <> OLD.amount_cents OR NEW.business_id <> OLD.business_id OR NEW.mode <> OLD.mode
     OR NEW.brcode <> OLD.brcode THEN
    RAISE EXCEPTION 'pix charge %: its amount and code are final', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'active' AND NEW.status <> OLD.status AND NOT (OLD.status = 'paid' AND NEW.status = 'refunded')
     AND NOT (OLD.status IN ('expired', 'cancelled') AND NEW.status = 'paid') THEN
    RAISE EXCEPTION 'pix charge %: % cannot become %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status IN ('paid', 'refunded') AND (NEW.end_to_end_id IS DISTINCT FROM OLD.end_to_end_id OR NEW.paid_at <> OLD.paid_at) THEN
    RAISE EXCEPTION 'pix charge % is paid: its payment is final', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pix_charges_final BEFORE UPDATE OR DELETE ON pix_charges FOR EACH ROW EXECUTE FUNCTION pix_charge_is_final();
--> statement-breakpoint
-- Live: a charge paid by the PSP's webhook shows on every screen of the comanda at once.
CREATE CONSTRAINT TRIGGER pix_charges_changes AFTER INSERT OR UPDATE OR DELETE ON pix_charges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

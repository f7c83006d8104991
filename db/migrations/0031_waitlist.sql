CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"client_id" uuid,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"service_ids" uuid[] NOT NULL,
	"professional_id" uuid,
	"dates" date[] NOT NULL,
	"time_from" time NOT NULL,
	"time_until" time NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'aguardando' NOT NULL,
	"appointment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_business_id_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "waitlist_entries_source_check" CHECK ("waitlist_entries"."source" in ('staff', 'online')),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('aguardando', 'oferecido', 'agendado', 'removido')),
	CONSTRAINT "waitlist_entries_services_check" CHECK (cardinality("waitlist_entries"."service_ids") between 1 and 5),
	CONSTRAINT "waitlist_entries_dates_check" CHECK (cardinality("waitlist_entries"."dates") between 1 and 31),
	CONSTRAINT "waitlist_entries_times_check" CHECK ("waitlist_entries"."time_until" >= "waitlist_entries"."time_from")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"professional_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('offered', 'claimed', 'expired', 'superseded')),
	CONSTRAINT "waitlist_offers_token_hash_check" CHECK ("waitlist_offers"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "waitlist_offers_minutes_check" CHECK ("waitlist_offers"."minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_check";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_same_business_fk" FOREIGN KEY ("business_id","entry_id") REFERENCES "public"."waitlist_entries"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_business_status_idx" ON "waitlist_entries" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_dates_idx" ON "waitlist_entries" USING gin ("dates");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_hash_key" ON "waitlist_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_live_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_offers_business_date_idx" ON "waitlist_offers" USING btree ("business_id","date");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_check" CHECK ("audit_logs"."entity_type" in ('appointment', 'client', 'service', 'professional', 'waitlist_entry'));--> statement-breakpoint
-- Hand-written from here, as 0023's. The client and the booked appointment of an entry, and an
-- offer's appointment: references that empty themselves (SET NULL of the column alone: the
-- business_id of a composite key is NOT NULL), so deleting a client or an appointment keeps the
-- entry with the name, phone and e-mail it was made with.
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_same_business_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE SET NULL ("client_id");
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE SET NULL ("appointment_id");
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE SET NULL ("appointment_id");
--> statement-breakpoint
-- One slot is offered to one entry at a time: two live offers never hold overlapping times of one
-- professional (the exclusion constraint, as appointment_professional_blocks'); the unique index of
-- the drizzle part keeps one live offer per entry.
ALTER TABLE "waitlist_offers" ADD COLUMN "period" tsrange
  GENERATED ALWAYS AS (tsrange("date" + "time", "date" + "time" + make_interval(mins => "minutes"))) STORED;
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_live_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, "period" WITH &&) WHERE ("status" = 'offered');
--> statement-breakpoint
-- The match job of a business's date, when someone waits for it: job key per business and date, so
-- a burst of cancellations coalesces into one run (graphile-worker replaces a pending job of the
-- same key; one already running keeps going and a new one is queued after it).
CREATE OR REPLACE FUNCTION agenda_waitlist_enqueue(business uuid, d date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL OR d < (now() AT TIME ZONE 'America/Cuiaba')::date THEN RETURN; END IF;
  IF EXISTS (
    SELECT 1 FROM waitlist_entries e
     WHERE e.business_id = business AND e.status = 'aguardando' AND e.dates @> ARRAY[d]
  ) THEN
    PERFORM graphile_worker.add_job('waitlist_match',
      json_build_object('businessId', business, 'date', d),
      max_attempts := 8,
      job_key := 'waitlist_match:' || business || ':' || d);
  END IF;
END $$;
--> statement-breakpoint
-- A professional's busy block goes (the appointment cancelled, deleted, moved, or given to another
-- professional: refresh_appointment_blocks of 0001 deletes and writes them again): its date may now
-- have a slot someone waits for. In the transaction of the write itself.
CREATE OR REPLACE FUNCTION appointment_blocks_waitlist_freed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agenda_waitlist_enqueue(OLD.business_id, lower(OLD.period)::date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_blocks_waitlist_freed AFTER DELETE ON appointment_professional_blocks
  FOR EACH ROW EXECUTE FUNCTION appointment_blocks_waitlist_freed();
--> statement-breakpoint
-- A block written over a live offer (the staff booked that time by hand, or a move landed on it)
-- ends the offer: 'superseded', its link answers 'Esse horário acabou de ser preenchido', and the
-- entry waits again (its date is matched again: another time may fit). A claim marks its offer
-- 'claimed' before it books, so its own block ends nothing. An offer row a claim holds is skipped:
-- that claim then fails on the exclusion constraint and answers the same text.
CREATE OR REPLACE FUNCTION appointment_blocks_waitlist_taken() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  FOR o IN
    SELECT id, entry_id, business_id, date FROM waitlist_offers
     WHERE professional_id = NEW.professional_id AND status = 'offered' AND period && NEW.period
     FOR UPDATE SKIP LOCKED
  LOOP
    UPDATE waitlist_offers SET status = 'superseded' WHERE id = o.id;
    UPDATE waitlist_entries SET status = 'aguardando', updated_at = now() WHERE id = o.entry_id AND status = 'oferecido';
    PERFORM agenda_waitlist_enqueue(o.business_id, o.date);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_blocks_waitlist_taken AFTER INSERT ON appointment_professional_blocks
  FOR EACH ROW EXECUTE FUNCTION appointment_blocks_waitlist_taken();
--> statement-breakpoint
-- A new entry may already fit a free time of one of its dates: each of them is matched.
CREATE OR REPLACE FUNCTION waitlist_entries_match_new() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  FOREACH d IN ARRAY NEW.dates LOOP
    PERFORM agenda_waitlist_enqueue(NEW.business_id, d);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_match_new AFTER INSERT ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION waitlist_entries_match_new();
--> statement-breakpoint
-- An offer's end: a job at its expiry (lib/jobs/waitlist.ts expires it and matches the date again,
-- so the next entry is offered the slot); a claimed or superseded offer's job is removed.
CREATE OR REPLACE FUNCTION waitlist_offers_expiry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'offered' THEN
    PERFORM graphile_worker.add_job('waitlist_offer_expire', json_build_object('offerId', NEW.id),
      run_at := NEW.expires_at, max_attempts := 8, job_key := 'waitlist_offer_expire:' || NEW.id);
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'offered' AND NEW.status IN ('claimed', 'superseded') THEN
    PERFORM graphile_worker.remove_job('waitlist_offer_expire:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waitlist_offers_expiry AFTER INSERT OR UPDATE OF status, expires_at ON waitlist_offers
  FOR EACH ROW EXECUTE FUNCTION waitlist_offers_expiry();
--> statement-breakpoint
-- The staff's panel is live: entries go through the change log like the agenda's rows.
CREATE CONSTRAINT TRIGGER waitlist_entries_changes AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

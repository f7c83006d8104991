CREATE TABLE "professional_calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text,
	"content_changed_at" timestamp with time zone,
	CONSTRAINT "professional_calendar_feeds_token_hash_check" CHECK ("professional_calendar_feeds"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "professional_calendar_feeds" ADD CONSTRAINT "professional_calendar_feeds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_calendar_feeds" ADD CONSTRAINT "professional_calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_calendar_feeds" ADD CONSTRAINT "professional_calendar_feeds_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "professional_calendar_feeds_token_hash_key" ON "professional_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_calendar_feeds_professional_key" ON "professional_calendar_feeds" USING btree ("professional_id");--> statement-breakpoint
-- Hand-written below (drizzle doesn't model it, like client_period): each appointment's revision, one
-- more on every change of what a calendar shows of it: its day, time, status or client, or a touch of
-- updated_at, which every write of the agenda makes (a change of its services or professionals
-- included). The calendar feed's SEQUENCE (RFC 5545), which must grow with each change so that
-- subscribed calendars take the new version. A no-op update (same values) leaves it alone.
ALTER TABLE appointments ADD COLUMN revision integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE FUNCTION appointments_bump_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_revision BEFORE UPDATE ON appointments
  FOR EACH ROW
  WHEN ((OLD.date, OLD.time, OLD.status_id, OLD.client_id, OLD.updated_at) IS DISTINCT FROM (NEW.date, NEW.time, NEW.status_id, NEW.client_id, NEW.updated_at))
  EXECUTE FUNCTION appointments_bump_revision();

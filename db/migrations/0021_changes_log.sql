CREATE TABLE "change_horizons" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"pruned_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"op" text NOT NULL,
	"entity_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "changes_business_seq_idx" ON "changes" USING btree ("business_id","seq");--> statement-breakpoint
CREATE INDEX "changes_created_at_idx" ON "changes" USING btree ("created_at");
--> statement-breakpoint
-- Hand-written. Every live-relevant write adds its change row in its own transaction, and the
-- NOTIFY that wakes the app instances carries the row's seq. The row is written at commit (a
-- deferred constraint trigger) after the business's advisory lock, the one the per-day counts and
-- totals take at commit (0016, 0018's business_counts_lock): a business's commits then take their
-- seqs one at a time, each after the previous one is visible, so within one business seq order is
-- commit order and a reader that has seen seq n of a business has seen all of its seqs below n. A
-- plain default taken when the row is written would not be: A takes 10, B takes 11 and commits
-- first, a reader that saw 11 resumes after it and never sees 10. The same lock as the counts, taken
-- by the same kind of trigger at the same moment, so no new lock order appears; and no row lock is
-- taken under it (no foreign key on `changes`).
CREATE FUNCTION record_agenda_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  business uuid;
  s bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  business := CASE WHEN TG_TABLE_NAME = 'businesses' THEN rec->>'id' ELSE rec->>'business_id' END;
  -- A client of no business (clients.business_id may be null) is no business's change.
  IF business IS NULL THEN RETURN NULL; END IF;
  PERFORM business_counts_lock(business);
  INSERT INTO changes (business_id, entity, op, entity_id)
  VALUES (business, TG_TABLE_NAME, TG_OP, (rec->>'id')::uuid)
  RETURNING seq INTO s;
  PERFORM pg_notify('agenda_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', rec->>'id',
    'businessId', business,
    'seq', s
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables that notified until now (0001, 0006, 0009), each with the deferred trigger instead;
-- then the other audited ones (clients, services, professionals), so every audited write is logged too.
DROP TRIGGER businesses_notify ON businesses;
--> statement-breakpoint
DROP TRIGGER appointments_notify ON appointments;
--> statement-breakpoint
DROP TRIGGER business_hours_notify ON business_hours;
--> statement-breakpoint
DROP TRIGGER business_holidays_notify ON business_holidays;
--> statement-breakpoint
DROP TRIGGER business_holiday_settings_notify ON business_holiday_settings;
--> statement-breakpoint
DROP TRIGGER conversations_notify ON conversations;
--> statement-breakpoint
DROP FUNCTION notify_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER businesses_changes AFTER INSERT OR UPDATE OR DELETE ON businesses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER appointments_changes AFTER INSERT OR UPDATE OR DELETE ON appointments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER business_hours_changes AFTER INSERT OR UPDATE OR DELETE ON business_hours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER business_holidays_changes AFTER INSERT OR UPDATE OR DELETE ON business_holidays
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER business_holiday_settings_changes AFTER INSERT OR UPDATE OR DELETE ON business_holiday_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER conversations_changes AFTER INSERT OR UPDATE OR DELETE ON conversations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_changes AFTER INSERT OR UPDATE OR DELETE ON clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER services_changes AFTER INSERT OR UPDATE OR DELETE ON services
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER professionals_changes AFTER INSERT OR UPDATE OR DELETE ON professionals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

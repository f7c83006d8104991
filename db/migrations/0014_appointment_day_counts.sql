CREATE TABLE "appointment_day_counts" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status_id" integer NOT NULL,
	"appointments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_day_counts_business_id_date_status_id_pk" PRIMARY KEY("business_id","date","status_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_day_counts" ADD CONSTRAINT "appointment_day_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written. The counts change at commit (a deferred constraint trigger): a booking holds the
-- day's row lock only while it commits, so bookings of the same day never wait on each other for the
-- rest of their transactions, and a booking refused by a conflict never touches the row.
-- A decrement only updates (after a business's deletion its rows are already gone); an increment
-- inserts the row when the business still exists.
CREATE FUNCTION appointment_day_counts_add(p_business uuid, p_date date, p_status integer, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta < 0 THEN
    UPDATE appointment_day_counts SET appointments = appointments + p_delta
     WHERE business_id = p_business AND date = p_date AND status_id = p_status;
  ELSE
    INSERT INTO appointment_day_counts AS c (business_id, date, status_id, appointments)
    SELECT p_business, p_date, p_status, p_delta WHERE EXISTS (SELECT 1 FROM businesses WHERE id = p_business)
    ON CONFLICT (business_id, date, status_id) DO UPDATE SET appointments = c.appointments + EXCLUDED.appointments;
  END IF;
END $$;
--> statement-breakpoint
-- A move or status change touches two rows, always in key order, so two opposite changes committing
-- together cannot deadlock.
CREATE FUNCTION appointment_day_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.business_id, NEW.date, NEW.status_id) < (OLD.business_id, OLD.date, OLD.status_id) THEN
    PERFORM appointment_day_counts_add(NEW.business_id, NEW.date, NEW.status_id, 1);
    PERFORM appointment_day_counts_add(OLD.business_id, OLD.date, OLD.status_id, -1);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM appointment_day_counts_add(OLD.business_id, OLD.date, OLD.status_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM appointment_day_counts_add(NEW.business_id, NEW.date, NEW.status_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER appointments_day_counts
  AFTER INSERT OR DELETE ON appointments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION appointment_day_counts_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER appointments_day_counts_changed
  AFTER UPDATE OF business_id, date, status_id ON appointments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id OR OLD.date IS DISTINCT FROM NEW.date OR OLD.status_id IS DISTINCT FROM NEW.status_id)
  EXECUTE FUNCTION appointment_day_counts_change();
--> statement-breakpoint
INSERT INTO appointment_day_counts (business_id, date, status_id, appointments)
SELECT business_id, date, status_id, count(*) FROM appointments GROUP BY business_id, date, status_id;

CREATE TABLE "client_appointment_stats" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"appointments" integer DEFAULT 0 NOT NULL,
	"last_date" date
);
--> statement-breakpoint
ALTER TABLE "client_appointment_stats" ADD CONSTRAINT "client_appointment_stats_client_same_business_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_appointment_stats_top_idx" ON "client_appointment_stats" USING btree ("business_id","appointments" DESC NULLS LAST,"last_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_business_created_idx" ON "clients" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written: kept by triggers, like 0010's confirmed service days. Each change takes the client's
-- lock first (the advisory lock appointments_lock_client already takes for every live appointment,
-- so no new contention), then reads and writes the client's row: a latest date read again after a
-- deletion then sees every committed appointment of the client, never a snapshot older than the row.
CREATE FUNCTION client_appointment_stats_add(p_business uuid, p_client uuid, p_date date) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO client_appointment_stats AS s (client_id, business_id, appointments, last_date)
  VALUES (p_client, p_business, 1, p_date)
  ON CONFLICT (client_id) DO UPDATE SET appointments = s.appointments + 1, last_date = greatest(s.last_date, EXCLUDED.last_date);
$$;
--> statement-breakpoint
-- Runs after the appointment is gone (or has moved): the latest date is read again only when the
-- one removed was it, from the client's own appointments (appointments_client_idx).
CREATE FUNCTION client_appointment_stats_remove(p_client uuid, p_date date) RETURNS void
LANGUAGE sql AS $$
  UPDATE client_appointment_stats s
     SET appointments = s.appointments - 1,
         last_date = CASE WHEN s.last_date = p_date
                          THEN (SELECT max(a.date) FROM appointments a WHERE a.client_id = p_client)
                          ELSE s.last_date END
   WHERE s.client_id = p_client;
  DELETE FROM client_appointment_stats WHERE client_id = p_client AND appointments <= 0;
$$;
--> statement-breakpoint
CREATE FUNCTION client_appointment_stats_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(OLD.client_id::text));
    PERFORM client_appointment_stats_remove(OLD.client_id, OLD.date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
    PERFORM client_appointment_stats_add(NEW.business_id, NEW.client_id, NEW.date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats
  AFTER INSERT OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION client_appointment_stats_change();
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_moved
  AFTER UPDATE OF client_id, date ON appointments
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.date IS DISTINCT FROM NEW.date)
  EXECUTE FUNCTION client_appointment_stats_change();
--> statement-breakpoint
INSERT INTO client_appointment_stats (client_id, business_id, appointments, last_date)
SELECT client_id, business_id, count(*), max(date) FROM appointments GROUP BY client_id, business_id;

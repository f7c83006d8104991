CREATE TABLE "client_billed_lines" (
	"client_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_billed_lines_client_id_professional_id_service_id_pk" PRIMARY KEY("client_id","professional_id","service_id")
);
--> statement-breakpoint
DROP INDEX "appointments_client_idx";--> statement-breakpoint
ALTER TABLE "client_appointment_stats" ADD COLUMN "billed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_billed_lines" ADD CONSTRAINT "client_billed_lines_client_same_business_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_billed_lines" ADD CONSTRAINT "client_billed_lines_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_billed_lines" ADD CONSTRAINT "client_billed_lines_service_same_business_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_client_date_idx" ON "appointments" USING btree ("client_id","date","time");--> statement-breakpoint
-- Hand-written: the client page's totals from kept figures (issue 35: a client with 500 visits opens
-- as fast as one with 3). 'billed' counts a client's confirmado and concluído appointments beside
-- no_shows (same client lock, a trigger name that sorts after appointments_client_stats and its
-- _moved, so the client's row exists when it runs). client_billed_lines counts their services by
-- professional, as confirmed_service_days does by day: the page prices them at today's prices.
CREATE FUNCTION client_billed_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_id IN (2, 4) THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(OLD.client_id::text));
    UPDATE client_appointment_stats SET billed = billed - 1 WHERE client_id = OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_id IN (2, 4) THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
    UPDATE client_appointment_stats SET billed = billed + 1 WHERE client_id = NEW.client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_paid
  AFTER INSERT OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION client_billed_change();
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_paid_changed
  AFTER UPDATE OF client_id, status_id ON appointments
  FOR EACH ROW WHEN ((OLD.status_id IN (2, 4) OR NEW.status_id IN (2, 4))
                     AND ((OLD.status_id IN (2, 4)) IS DISTINCT FROM (NEW.status_id IN (2, 4)) OR OLD.client_id IS DISTINCT FROM NEW.client_id))
  EXECUTE FUNCTION client_billed_change();
--> statement-breakpoint
-- Adds `delta` for each priced line (with a professional) of appointment `a` to client `c`'s counts.
CREATE FUNCTION client_billed_lines_add(a uuid, c uuid, delta integer) RETURNS void
LANGUAGE sql AS $$
  -- The client's lock (as 0012's): two writes of one client's lines never take rows in crossed order.
  SELECT pg_advisory_xact_lock(1, hashtext(c::text));
  INSERT INTO client_billed_lines AS k (client_id, business_id, professional_id, service_id, lines)
  SELECT c, s.business_id, s.professional_id, s.service_id, sum(delta)
    FROM appointment_services s WHERE s.appointment_id = a AND s.professional_id IS NOT NULL
   GROUP BY s.business_id, s.professional_id, s.service_id
  ON CONFLICT (client_id, professional_id, service_id) DO UPDATE SET lines = k.lines + excluded.lines
$$;
--> statement-breakpoint
CREATE FUNCTION client_billed_lines_appointment() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Before the row goes: its lines are still there (the cascade then finds no appointment).
    IF OLD.status_id IN (2, 4) THEN PERFORM client_billed_lines_add(OLD.id, OLD.client_id, -1); END IF;
    RETURN OLD;
  END IF;
  IF OLD.status_id IN (2, 4) THEN PERFORM client_billed_lines_add(OLD.id, OLD.client_id, -1); END IF;
  IF NEW.status_id IN (2, 4) THEN PERFORM client_billed_lines_add(NEW.id, NEW.client_id, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_client_billed_lines_delete
  BEFORE DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION client_billed_lines_appointment();
--> statement-breakpoint
CREATE TRIGGER appointments_client_billed_lines_change
  AFTER UPDATE OF client_id, status_id ON appointments
  FOR EACH ROW WHEN ((OLD.status_id IN (2, 4) OR NEW.status_id IN (2, 4))
                     AND ((OLD.status_id IN (2, 4)) IS DISTINCT FROM (NEW.status_id IN (2, 4)) OR OLD.client_id IS DISTINCT FROM NEW.client_id))
  EXECUTE FUNCTION client_billed_lines_appointment();
--> statement-breakpoint
CREATE FUNCTION client_billed_lines_line() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.professional_id IS NOT NULL THEN
    SELECT client_id INTO c FROM appointments WHERE id = OLD.appointment_id AND status_id IN (2, 4);
    IF FOUND THEN
      PERFORM pg_advisory_xact_lock(1, hashtext(c::text));
      UPDATE client_billed_lines SET lines = lines - 1
       WHERE client_id = c AND professional_id = OLD.professional_id AND service_id = OLD.service_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.professional_id IS NOT NULL THEN
    SELECT client_id INTO c FROM appointments WHERE id = NEW.appointment_id AND status_id IN (2, 4);
    IF FOUND THEN
      PERFORM pg_advisory_xact_lock(1, hashtext(c::text));
      INSERT INTO client_billed_lines AS k (client_id, business_id, professional_id, service_id, lines)
      VALUES (c, NEW.business_id, NEW.professional_id, NEW.service_id, 1)
      ON CONFLICT (client_id, professional_id, service_id) DO UPDATE SET lines = k.lines + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_services_client_billed_lines
  AFTER INSERT OR DELETE OR UPDATE OF appointment_id, service_id, professional_id ON appointment_services
  FOR EACH ROW EXECUTE FUNCTION client_billed_lines_line();
--> statement-breakpoint
UPDATE client_appointment_stats s SET billed = n.n
  FROM (SELECT client_id, count(*) AS n FROM appointments WHERE status_id IN (2, 4) GROUP BY client_id) n
 WHERE n.client_id = s.client_id;
--> statement-breakpoint
INSERT INTO client_billed_lines (client_id, business_id, professional_id, service_id, lines)
SELECT a.client_id, s.business_id, s.professional_id, s.service_id, count(*)
  FROM appointment_services s JOIN appointments a ON a.id = s.appointment_id
 WHERE a.status_id IN (2, 4) AND s.professional_id IS NOT NULL
 GROUP BY a.client_id, s.business_id, s.professional_id, s.service_id;

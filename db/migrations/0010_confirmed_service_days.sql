CREATE TABLE "confirmed_service_days" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "confirmed_service_days_professional_id_service_id_date_pk" PRIMARY KEY("professional_id","service_id","date")
);
--> statement-breakpoint
ALTER TABLE "confirmed_service_days" ADD CONSTRAINT "confirmed_service_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmed_service_days" ADD CONSTRAINT "confirmed_service_days_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmed_service_days" ADD CONSTRAINT "confirmed_service_days_service_same_business_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmed_service_days_business_date_idx" ON "confirmed_service_days" USING btree ("business_id","date");--> statement-breakpoint
-- Kept by triggers, like the professional blocks of 0001. Decrements only ever update (a row that
-- is gone — its professional was deleted — stays gone); increments upsert, in a fixed order.
CREATE FUNCTION confirmed_services_add(p_appointment uuid, p_date date, p_delta int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO confirmed_service_days AS c (business_id, date, professional_id, service_id, confirmed)
    SELECT s.business_id, p_date, s.professional_id, s.service_id, count(*) * p_delta
      FROM appointment_services s
     WHERE s.appointment_id = p_appointment AND s.professional_id IS NOT NULL
     GROUP BY s.business_id, s.professional_id, s.service_id
     ORDER BY s.professional_id, s.service_id
    ON CONFLICT (professional_id, service_id, date) DO UPDATE SET confirmed = c.confirmed + EXCLUDED.confirmed;
  ELSE
    UPDATE confirmed_service_days c SET confirmed = c.confirmed + l.n * p_delta
      FROM (SELECT professional_id, service_id, count(*) AS n FROM appointment_services
             WHERE appointment_id = p_appointment AND professional_id IS NOT NULL
             GROUP BY professional_id, service_id) l
     WHERE c.professional_id = l.professional_id AND c.service_id = l.service_id AND c.date = p_date;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION confirmed_services_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  -- A line removed from a confirmed appointment (not when the whole appointment goes: its
  -- BEFORE DELETE below already took its lines off, and the cascade no longer finds it).
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.professional_id IS NOT NULL THEN
    SELECT date INTO d FROM appointments WHERE id = OLD.appointment_id AND status_id = 2;
    IF FOUND THEN
      UPDATE confirmed_service_days SET confirmed = confirmed - 1
       WHERE professional_id = OLD.professional_id AND service_id = OLD.service_id AND date = d;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.professional_id IS NOT NULL THEN
    SELECT date INTO d FROM appointments WHERE id = NEW.appointment_id AND status_id = 2;
    IF FOUND THEN
      INSERT INTO confirmed_service_days AS c (business_id, date, professional_id, service_id, confirmed)
      VALUES (NEW.business_id, d, NEW.professional_id, NEW.service_id, 1)
      ON CONFLICT (professional_id, service_id, date) DO UPDATE SET confirmed = c.confirmed + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_services_confirmed_days
  AFTER INSERT OR DELETE OR UPDATE OF appointment_id, service_id, professional_id ON appointment_services
  FOR EACH ROW EXECUTE FUNCTION confirmed_services_lines();
--> statement-breakpoint
CREATE FUNCTION confirmed_services_appointment() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status_id = 2 THEN PERFORM confirmed_services_add(OLD.id, OLD.date, -1); END IF;
    RETURN OLD;
  END IF;
  -- A confirmation, an unconfirmation or a confirmed appointment moved to another day.
  IF OLD.status_id = 2 THEN PERFORM confirmed_services_add(OLD.id, OLD.date, -1); END IF;
  IF NEW.status_id = 2 THEN PERFORM confirmed_services_add(NEW.id, NEW.date, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_confirmed_days_delete
  BEFORE DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION confirmed_services_appointment();
--> statement-breakpoint
CREATE TRIGGER appointments_confirmed_days_change
  AFTER UPDATE OF status_id, date ON appointments
  FOR EACH ROW WHEN ((OLD.status_id = 2 OR NEW.status_id = 2)
                     AND (OLD.status_id IS DISTINCT FROM NEW.status_id OR OLD.date IS DISTINCT FROM NEW.date))
  EXECUTE FUNCTION confirmed_services_appointment();
--> statement-breakpoint
INSERT INTO confirmed_service_days (business_id, date, professional_id, service_id, confirmed)
SELECT s.business_id, a.date, s.professional_id, s.service_id, count(*)
  FROM appointment_services s JOIN appointments a ON a.id = s.appointment_id
 WHERE a.status_id = 2 AND s.professional_id IS NOT NULL
 GROUP BY s.business_id, a.date, s.professional_id, s.service_id;

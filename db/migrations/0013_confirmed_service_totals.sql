CREATE TABLE "confirmed_service_totals" (
	"business_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "confirmed_service_totals_professional_id_service_id_pk" PRIMARY KEY("professional_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "confirmed_service_totals" ADD CONSTRAINT "confirmed_service_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmed_service_totals" ADD CONSTRAINT "confirmed_service_totals_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmed_service_totals" ADD CONSTRAINT "confirmed_service_totals_service_same_business_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmed_service_totals_business_idx" ON "confirmed_service_totals" USING btree ("business_id");--> statement-breakpoint
-- Hand-written: follows confirmed_service_days row by row, so whatever changes a day's count changes
-- the total in the same transaction. Decrements only ever update (a total that is gone — its
-- professional or service was deleted, and the cascade takes the days after it — stays gone).
CREATE FUNCTION confirmed_service_totals_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta int := CASE TG_OP WHEN 'INSERT' THEN NEW.confirmed WHEN 'DELETE' THEN -OLD.confirmed ELSE NEW.confirmed - OLD.confirmed END;
BEGIN
  IF delta > 0 THEN
    INSERT INTO confirmed_service_totals AS t (business_id, professional_id, service_id, confirmed)
    VALUES (NEW.business_id, NEW.professional_id, NEW.service_id, delta)
    ON CONFLICT (professional_id, service_id) DO UPDATE SET confirmed = t.confirmed + EXCLUDED.confirmed;
  ELSIF delta < 0 THEN
    UPDATE confirmed_service_totals SET confirmed = confirmed + delta
     WHERE professional_id = coalesce(NEW.professional_id, OLD.professional_id)
       AND service_id = coalesce(NEW.service_id, OLD.service_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER confirmed_service_days_totals
  AFTER INSERT OR DELETE OR UPDATE OF confirmed ON confirmed_service_days
  FOR EACH ROW EXECUTE FUNCTION confirmed_service_totals_follow();
--> statement-breakpoint
-- 0010's decrement updated an appointment's rows in whatever order the plan gave; two cancellations
-- sharing a professional's services could then take the (now shared) totals rows in opposite
-- orders and deadlock. Increments were already ordered; decrements now are too.
CREATE OR REPLACE FUNCTION confirmed_services_add(p_appointment uuid, p_date date, p_delta int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  l record;
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
    FOR l IN
      SELECT professional_id, service_id, count(*) AS n FROM appointment_services
       WHERE appointment_id = p_appointment AND professional_id IS NOT NULL
       GROUP BY professional_id, service_id
       ORDER BY professional_id, service_id
    LOOP
      UPDATE confirmed_service_days c SET confirmed = c.confirmed + l.n * p_delta
       WHERE c.professional_id = l.professional_id AND c.service_id = l.service_id AND c.date = p_date;
    END LOOP;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO confirmed_service_totals (business_id, professional_id, service_id, confirmed)
SELECT business_id, professional_id, service_id, sum(confirmed) FROM confirmed_service_days
 GROUP BY business_id, professional_id, service_id;

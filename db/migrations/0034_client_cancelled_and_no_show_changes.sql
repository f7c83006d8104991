DROP INDEX "client_appointment_stats_top_idx";--> statement-breakpoint
ALTER TABLE "client_appointment_stats" ADD COLUMN "cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "client_appointment_stats_top_idx" ON "client_appointment_stats" USING btree ("business_id",(appointments - cancelled) desc,"last_date" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (issue 52). Two additions to the client's kept figures of 0012, 0026 and 0029:
-- * `cancelled`, each client's cancelled appointments, kept as 0026 keeps no_shows (same client
--   lock): the clients report's Top 5 ranks by the appointments not cancelled, from the index above.
--   The triggers' names sort after appointments_client_stats_moved, so on a change of client the new
--   client's row exists when they run;
-- * the change log records a change of a client's no_shows, so the agenda's cards ('N faltas') read
--   again on every open screen when an appointment is marked 'Faltou' or leaves it (the
--   appointments.day read names this table). Only that column: a booking's other counts show nowhere live.
CREATE FUNCTION client_cancelled_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_id = 3 THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(OLD.client_id::text));
    UPDATE client_appointment_stats SET cancelled = cancelled - 1 WHERE client_id = OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_id = 3 THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
    UPDATE client_appointment_stats SET cancelled = cancelled + 1 WHERE client_id = NEW.client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_void
  AFTER INSERT OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION client_cancelled_change();
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_void_changed
  AFTER UPDATE OF client_id, status_id ON appointments
  FOR EACH ROW WHEN ((OLD.status_id = 3 OR NEW.status_id = 3)
                     AND (OLD.status_id IS DISTINCT FROM NEW.status_id OR OLD.client_id IS DISTINCT FROM NEW.client_id))
  EXECUTE FUNCTION client_cancelled_change();
--> statement-breakpoint
UPDATE client_appointment_stats s SET cancelled = n.n
  FROM (SELECT client_id, count(*) AS n FROM appointments WHERE status_id = 3 GROUP BY client_id) n
 WHERE n.client_id = s.client_id;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_appointment_stats_changes AFTER UPDATE OF no_shows ON client_appointment_stats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.no_shows IS DISTINCT FROM NEW.no_shows)
  EXECUTE FUNCTION record_agenda_change();

ALTER TABLE "client_appointment_stats" ADD COLUMN "no_shows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: each client's 'Faltou' count, kept beside the appointment count of 0012 under the
-- same client lock. The trigger's name sorts after appointments_client_stats, so on an insert the
-- client's row exists when this one runs; a row deleted with the client's last appointment took its
-- count with it.
CREATE FUNCTION client_no_shows_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_id = 5 THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(OLD.client_id::text));
    UPDATE client_appointment_stats SET no_shows = no_shows - 1 WHERE client_id = OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_id = 5 THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
    UPDATE client_appointment_stats SET no_shows = no_shows + 1 WHERE client_id = NEW.client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (A DELETE trigger's WHEN can't name NEW: the function looks at the status itself.)
CREATE TRIGGER appointments_client_stats_no_shows
  AFTER INSERT OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION client_no_shows_change();
--> statement-breakpoint
CREATE TRIGGER appointments_client_stats_no_shows_changed
  AFTER UPDATE OF client_id, status_id ON appointments
  FOR EACH ROW WHEN ((OLD.status_id = 5 OR NEW.status_id = 5)
                     AND (OLD.status_id IS DISTINCT FROM NEW.status_id OR OLD.client_id IS DISTINCT FROM NEW.client_id))
  EXECUTE FUNCTION client_no_shows_change();
--> statement-breakpoint
UPDATE client_appointment_stats s SET no_shows = n.n
  FROM (SELECT client_id, count(*) AS n FROM appointments WHERE status_id = 5 GROUP BY client_id) n
 WHERE n.client_id = s.client_id;

DROP INDEX "client_appointment_stats_top_idx";--> statement-breakpoint
ALTER TABLE "client_appointment_stats" ADD COLUMN "cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "client_appointment_stats_top_idx" ON "client_appointment_stats" USING btree ("business_id",(appointments - cancelled) desc,"last_date" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (issue 52). Two additions to the client's kept figures of 0012, 0026 and 0029:
-- * `cancelled`, each client's cancelled appointments, kept as no_shows is (same client lock): the
--   clients report's Top 5 ranks by the appointments not cancelled, from the index above. One
--   function now keeps both counts of one status, named by the trigger's arguments (column, status),
--   in place of 0026's client_no_shows_change. The triggers' names sort after
--   appointments_client_stats_moved, so on a change of client the new client's row exists when
--   they run;
-- * the change log records a change of a client's no_shows, so the agenda's cards ('N faltas') read
--   again on every open screen when an appointment is marked 'Faltou' or leaves it (the
--   appointments.day read names this table). Only that column: a booking's other counts show nowhere live.
CREATE FUNCTION client_status_count_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted text := TG_ARGV[0];
  status integer := TG_ARGV[1]::integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_id = status THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(OLD.client_id::text));
    EXECUTE format('UPDATE client_appointment_stats SET %1$I = %1$I - 1 WHERE client_id = $1', counted) USING OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_id = status THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
    EXECUTE format('UPDATE client_appointment_stats SET %1$I = %1$I + 1 WHERE client_id = $1', counted) USING NEW.client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER appointments_client_stats_no_shows ON appointments;
--> statement-breakpoint
DROP TRIGGER appointments_client_stats_no_shows_changed ON appointments;
--> statement-breakpoint
DROP FUNCTION client_no_shows_change();
--> statement-breakpoint
-- Each count's two triggers (insert or delete; a change of status or client), as 0026 made no_shows'.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT * FROM (VALUES ('no_shows', 'no_shows', 5), ('void', 'cancelled', 3)) AS v (name, counted, status) LOOP
    EXECUTE format($t$
      CREATE TRIGGER appointments_client_stats_%1$s
        AFTER INSERT OR DELETE ON appointments
        FOR EACH ROW EXECUTE FUNCTION client_status_count_change(%2$L, %3$L)$t$, c.name, c.counted, c.status);
    EXECUTE format($t$
      CREATE TRIGGER appointments_client_stats_%1$s_changed
        AFTER UPDATE OF client_id, status_id ON appointments
        FOR EACH ROW WHEN ((OLD.status_id = %3$s OR NEW.status_id = %3$s)
                           AND (OLD.status_id IS DISTINCT FROM NEW.status_id OR OLD.client_id IS DISTINCT FROM NEW.client_id))
        EXECUTE FUNCTION client_status_count_change(%2$L, %3$L)$t$, c.name, c.counted, c.status);
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE client_appointment_stats s SET cancelled = n.n
  FROM (SELECT client_id, count(*) AS n FROM appointments WHERE status_id = 3 GROUP BY client_id) n
 WHERE n.client_id = s.client_id;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_appointment_stats_changes AFTER UPDATE OF no_shows ON client_appointment_stats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.no_shows IS DISTINCT FROM NEW.no_shows)
  EXECUTE FUNCTION record_agenda_change();

-- Hand-written. A transaction that changes several appointments (moves both ways, a client's or a
-- business's deletion) fires several deferred count triggers at commit: each takes its two rows in
-- key order, but not all of them together, so two such commits could each hold a row the other
-- wants (CI saw 'deadlock detected' in the 16-concurrent-moves test). The count changes of one
-- business now commit one transaction at a time: the first count trigger of a commit takes a
-- transaction-scoped advisory lock on the business, held only for the rest of that commit.
CREATE OR REPLACE FUNCTION appointment_day_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('appointment_day_counts ' || COALESCE(NEW.business_id, OLD.business_id)::text, 0));
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

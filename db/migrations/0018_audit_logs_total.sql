ALTER TABLE "business_totals" ADD COLUMN "audit_logs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written, as 0015: the audit page's unfiltered total ("N registros") reads the kept count
-- instead of counting the business's entries (a chain's 100,000 took 5–8 ms on every view).
--
-- Every audited change now also updates its business's totals row at commit. A booking's commit
-- already takes the business's advisory lock (0016, for the per-day counts) and would then want this
-- row, while a commit that creates a client takes the row first and the advisory lock after (a new
-- client booked in one step): two such commits could each wait for the other. So every change of
-- the totals takes the same advisory lock before the row, and the order is always lock, then row.
CREATE FUNCTION business_counts_lock(p_business uuid) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('appointment_day_counts ' || p_business::text, 0))
$$;
--> statement-breakpoint
CREATE FUNCTION business_totals_add(p_business uuid, p_clients integer, p_conversations integer, p_audit_logs integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_counts_lock(p_business);
  IF p_clients < 0 OR p_conversations < 0 OR p_audit_logs < 0 THEN
    UPDATE business_totals
       SET clients = clients + p_clients, conversations = conversations + p_conversations, audit_logs = audit_logs + p_audit_logs
     WHERE business_id = p_business;
  ELSE
    INSERT INTO business_totals AS t (business_id, clients, conversations, audit_logs)
    SELECT p_business, p_clients, p_conversations, p_audit_logs WHERE EXISTS (SELECT 1 FROM businesses WHERE id = p_business)
    ON CONFLICT (business_id) DO UPDATE
      SET clients = t.clients + EXCLUDED.clients, conversations = t.conversations + EXCLUDED.conversations,
          audit_logs = t.audit_logs + EXCLUDED.audit_logs;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_totals_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c integer := CASE WHEN TG_TABLE_NAME = 'clients' THEN 1 ELSE 0 END;
  v integer := CASE WHEN TG_TABLE_NAME = 'conversations' THEN 1 ELSE 0 END;
  a integer := CASE WHEN TG_TABLE_NAME = 'audit_logs' THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.business_id < OLD.business_id THEN
    PERFORM business_totals_add(NEW.business_id, c, v, a);
    PERFORM business_totals_add(OLD.business_id, -c, -v, -a);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM business_totals_add(OLD.business_id, -c, -v, -a);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM business_totals_add(NEW.business_id, c, v, a);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION business_totals_add(uuid, integer, integer);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_business_totals
  AFTER INSERT OR DELETE ON audit_logs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_business_totals_moved
  AFTER UPDATE OF business_id ON audit_logs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id)
  EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
-- Every business, including one made since 0015 that has no row yet (no client nor conversation).
INSERT INTO business_totals AS t (business_id, clients, conversations, audit_logs)
SELECT b.id,
       (SELECT count(*) FROM clients c WHERE c.business_id = b.id),
       (SELECT count(*) FROM conversations v WHERE v.business_id = b.id),
       (SELECT count(*) FROM audit_logs l WHERE l.business_id = b.id)
  FROM businesses b
ON CONFLICT (business_id) DO UPDATE SET audit_logs = EXCLUDED.audit_logs;

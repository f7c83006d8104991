CREATE TABLE "business_totals" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_totals" ADD CONSTRAINT "business_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written, as 0014's per-day counts: the totals change at commit (deferred constraint
-- triggers), so a new client or conversation holds its business's row lock only while committing.
-- A decrement only updates (after a business's deletion its row is already gone); an increment
-- inserts the row when the business still exists.
CREATE FUNCTION business_totals_add(p_business uuid, p_clients integer, p_conversations integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_clients < 0 OR p_conversations < 0 THEN
    UPDATE business_totals SET clients = clients + p_clients, conversations = conversations + p_conversations
     WHERE business_id = p_business;
  ELSE
    INSERT INTO business_totals AS t (business_id, clients, conversations)
    SELECT p_business, p_clients, p_conversations WHERE EXISTS (SELECT 1 FROM businesses WHERE id = p_business)
    ON CONFLICT (business_id) DO UPDATE
      SET clients = t.clients + EXCLUDED.clients, conversations = t.conversations + EXCLUDED.conversations;
  END IF;
END $$;
--> statement-breakpoint
-- One function for both tables: TG_TABLE_NAME says which total moves. A row moved to another
-- business touches the two rows in key order, so two opposite moves cannot deadlock.
CREATE FUNCTION business_totals_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  is_client boolean := TG_TABLE_NAME = 'clients';
  c integer := CASE WHEN is_client THEN 1 ELSE 0 END;
  v integer := CASE WHEN is_client THEN 0 ELSE 1 END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.business_id < OLD.business_id THEN
    PERFORM business_totals_add(NEW.business_id, c, v);
    PERFORM business_totals_add(OLD.business_id, -c, -v);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM business_totals_add(OLD.business_id, -c, -v);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM business_totals_add(NEW.business_id, c, v);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_business_totals
  AFTER INSERT OR DELETE ON clients
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_business_totals_moved
  AFTER UPDATE OF business_id ON clients
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id)
  EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER conversations_business_totals
  AFTER INSERT OR DELETE ON conversations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER conversations_business_totals_moved
  AFTER UPDATE OF business_id ON conversations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id)
  EXECUTE FUNCTION business_totals_change();
--> statement-breakpoint
INSERT INTO business_totals (business_id, clients, conversations)
SELECT b.id,
       (SELECT count(*) FROM clients c WHERE c.business_id = b.id),
       (SELECT count(*) FROM conversations v WHERE v.business_id = b.id)
  FROM businesses b;

ALTER TABLE "changes" ADD COLUMN "days" date[];
--> statement-breakpoint
-- Hand-written, as 0021's. Two additions to the change row and its NOTIFY:
-- * `days`: an appointment's business days before and after the change, so a screen that shows
--   other days knows from the change alone that it has nothing to read (lib/live/invalidation.ts);
-- * the writing transaction's own seqs, in the transaction-local setting `agenda.change_seqs`: the
--   action pipeline fires the deferred triggers at the end of the write (SET CONSTRAINTS ALL
--   IMMEDIATE) and answers the browser with them, so the tab that wrote recognises the echo.
CREATE OR REPLACE FUNCTION record_agenda_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  business uuid;
  s bigint;
  touched date[];
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  business := CASE WHEN TG_TABLE_NAME = 'businesses' THEN rec->>'id' ELSE rec->>'business_id' END;
  -- A client of no business (clients.business_id may be null) is no business's change.
  IF business IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'appointments' THEN
    IF TG_OP = 'UPDATE' AND OLD.date <> NEW.date THEN
      touched := ARRAY[LEAST(OLD.date, NEW.date), GREATEST(OLD.date, NEW.date)];
    ELSE
      touched := ARRAY[(rec->>'date')::date];
    END IF;
  END IF;
  PERFORM business_counts_lock(business);
  INSERT INTO changes (business_id, entity, op, entity_id, days)
  VALUES (business, TG_TABLE_NAME, TG_OP, (rec->>'id')::uuid, touched)
  RETURNING seq INTO s;
  PERFORM set_config('agenda.change_seqs', coalesce(current_setting('agenda.change_seqs', true), '') || s || ',', true);
  PERFORM pg_notify('agenda_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', rec->>'id',
    'businessId', business,
    'seq', s,
    'days', touched
  )::text);
  RETURN NULL;
END $$;

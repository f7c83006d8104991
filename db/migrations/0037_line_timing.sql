ALTER TABLE "appointment_services" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD COLUMN "after_previous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-added. The lines keep their order (position, backfilled by the order they were read in:
-- id); their blocks do not change (every line is 'ao mesmo tempo', today's rule), so the blocks
-- trigger sits out the backfill.
ALTER TABLE appointment_services DISABLE TRIGGER appointment_services_blocks;
--> statement-breakpoint
UPDATE appointment_services s SET position = o.n
  FROM (SELECT id, (row_number() OVER (PARTITION BY appointment_id ORDER BY id) - 1)::smallint AS n FROM appointment_services) o
 WHERE o.id = s.id AND o.n <> 0;
--> statement-breakpoint
ALTER TABLE appointment_services ENABLE TRIGGER appointment_services_blocks;
--> statement-breakpoint
-- Each professional's block in an appointment: from the first start to the last end of their lines,
-- each line's start by lineOffsets (lib/appointments/rules/appointment-lines.ts, the same rule):
-- 'em seguida' (after_previous) starts when the line before it ends, 'ao mesmo tempo' at the
-- appointment's time, and never before the end of the same professional's line before it (the lines
-- nobody was given count as one professional's: unassigned_end).
-- A service without a duration lasts 60 minutes. The locks are 0001's.
CREATE OR REPLACE FUNCTION refresh_appointment_blocks(p_appointment_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  pro uuid;
  a record;
  l record;
  prev_end int := 0;
  is_first boolean := true;
  st int;
  en int;
  i int;
  pros uuid[] := '{}';
  starts int[] := '{}';
  ends int[] := '{}';
  unassigned_end int := 0;
BEGIN
  SELECT id, business_id, date, time, status_id INTO a FROM appointments WHERE id = p_appointment_id FOR UPDATE;
  FOR pro IN
    SELECT DISTINCT s.professional_id FROM appointment_services s
    WHERE s.appointment_id = p_appointment_id AND s.professional_id IS NOT NULL AND a.status_id <> 3
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(2, hashtext(pro::text));
  END LOOP;
  DELETE FROM appointment_professional_blocks WHERE appointment_id = p_appointment_id;
  IF a.id IS NULL OR a.status_id = 3 THEN
    RETURN;
  END IF;
  FOR l IN
    SELECT s.professional_id, s.after_previous,
           CASE WHEN sv.duration_minutes > 0 THEN sv.duration_minutes ELSE 60 END AS mins
      FROM appointment_services s JOIN services sv ON sv.id = s.service_id
     WHERE s.appointment_id = p_appointment_id
     ORDER BY s.position, s.id
  LOOP
    st := CASE WHEN l.after_previous AND NOT is_first THEN prev_end ELSE 0 END;
    i := CASE WHEN l.professional_id IS NULL THEN NULL ELSE array_position(pros, l.professional_id) END;
    IF i IS NOT NULL THEN
      st := greatest(st, ends[i]);
    ELSIF l.professional_id IS NULL THEN
      st := greatest(st, unassigned_end);
    END IF;
    en := st + l.mins;
    IF l.professional_id IS NULL THEN
      unassigned_end := en;
    END IF;
    IF l.professional_id IS NOT NULL THEN
      IF i IS NULL THEN
        pros := pros || l.professional_id;
        starts := starts || st;
        ends := ends || en;
      ELSE
        starts[i] := least(starts[i], st);
        ends[i] := en;
      END IF;
    END IF;
    prev_end := en;
    is_first := false;
  END LOOP;
  INSERT INTO appointment_professional_blocks (appointment_id, professional_id, business_id, period)
  SELECT a.id, pros[k], a.business_id,
         tsrange(a.date + a.time + make_interval(mins => starts[k]),
                 a.date + a.time + make_interval(mins => greatest(ends[k], starts[k] + 1)))
    FROM generate_subscripts(pros, 1) AS k;
END $$;

-- What must never break is guaranteed here, by PostgreSQL itself.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
INSERT INTO appointment_status (id, name, description) VALUES
  (1, 'pendente', 'Aguardando confirmação'),
  (2, 'confirmado', 'Agendamento confirmado'),
  (3, 'cancelado', 'Agendamento cancelado'),
  (4, 'concluido', 'Atendimento concluído')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO roles (name) VALUES ('admin'), ('saas_admin'), ('client'), ('end_customer'), ('business_owner'), ('employee')
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO saas_config (config_key, config_value) VALUES ('saas_admin_emails', '[]'::jsonb)
ON CONFLICT (config_key) DO NOTHING;
--> statement-breakpoint

-- Client rule: one client never holds two overlapping non-cancelled appointments (60 minutes assumed).
ALTER TABLE appointments ADD COLUMN client_period tsrange
  GENERATED ALWAYS AS (tsrange(date + time, date + time + interval '60 minutes')) STORED;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_client_no_overlap
  EXCLUDE USING gist (client_id WITH =, client_period WITH &&) WHERE (status_id <> 3);
--> statement-breakpoint
-- Serialise bookings per client, so concurrent conflicting bookings fail with 23P01 (not 40P01).
CREATE FUNCTION appointments_lock_client() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status_id <> 3 THEN
    PERFORM pg_advisory_xact_lock(1, hashtext(NEW.client_id::text));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_lock_client
  BEFORE INSERT OR UPDATE OF client_id, date, time, status_id ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_lock_client();
--> statement-breakpoint

-- Professional rule: each professional's busy block in an appointment lasts the sum of the durations
-- of that professional's services in it (60 minutes for a service without one, at least 1 minute).
-- Blocks are kept by triggers; a cancelled appointment has none.
CREATE TABLE appointment_professional_blocks (
  appointment_id uuid NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  professional_id uuid NOT NULL REFERENCES professionals(id) ON DELETE CASCADE,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  period tsrange NOT NULL,
  PRIMARY KEY (appointment_id, professional_id),
  CONSTRAINT appointment_professional_blocks_no_overlap
    EXCLUDE USING gist (professional_id WITH =, period WITH &&)
);
--> statement-breakpoint
CREATE INDEX appointment_professional_blocks_business_idx ON appointment_professional_blocks (business_id);
--> statement-breakpoint
CREATE FUNCTION refresh_appointment_blocks(p_appointment_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  pro uuid;
BEGIN
  -- Serialise every refresh of one appointment with moves/status changes of it (row lock), so a
  -- concurrent move and service change cannot leave blocks computed from a stale date/time.
  PERFORM 1 FROM appointments WHERE id = p_appointment_id FOR UPDATE;
  -- Serialise bookings per professional (in a fixed order), so concurrent conflicting bookings fail
  -- with 23P01 once the first commits instead of deadlocking on each other's index entries (40P01).
  FOR pro IN
    SELECT DISTINCT s.professional_id FROM appointment_services s
    JOIN appointments a ON a.id = s.appointment_id
    WHERE s.appointment_id = p_appointment_id AND s.professional_id IS NOT NULL AND a.status_id <> 3
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(2, hashtext(pro::text));
  END LOOP;
  DELETE FROM appointment_professional_blocks WHERE appointment_id = p_appointment_id;
  INSERT INTO appointment_professional_blocks (appointment_id, professional_id, business_id, period)
  SELECT a.id, s.professional_id, a.business_id,
         tsrange(a.date + a.time,
                 a.date + a.time + make_interval(mins => greatest(sum(coalesce(sv.duration_minutes, 60)), 1)::int))
  FROM appointments a
  JOIN appointment_services s ON s.appointment_id = a.id AND s.professional_id IS NOT NULL
  JOIN services sv ON sv.id = s.service_id
  WHERE a.id = p_appointment_id AND a.status_id <> 3
  GROUP BY a.id, s.professional_id, a.business_id, a.date, a.time;
END $$;
--> statement-breakpoint
CREATE FUNCTION appointment_services_refresh_blocks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_appointment_blocks(OLD.appointment_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.appointment_id <> OLD.appointment_id) THEN
    PERFORM refresh_appointment_blocks(NEW.appointment_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_services_blocks
  AFTER INSERT OR UPDATE OR DELETE ON appointment_services
  FOR EACH ROW EXECUTE FUNCTION appointment_services_refresh_blocks();
--> statement-breakpoint
CREATE FUNCTION appointments_refresh_blocks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_appointment_blocks(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_blocks
  AFTER UPDATE OF date, time, status_id ON appointments
  FOR EACH ROW
  WHEN (OLD.date IS DISTINCT FROM NEW.date OR OLD.time IS DISTINCT FROM NEW.time OR OLD.status_id IS DISTINCT FROM NEW.status_id)
  EXECUTE FUNCTION appointments_refresh_blocks();
--> statement-breakpoint

-- Live updates: every change of the watched tables is announced on channel agenda_changes;
-- each app instance LISTENs once and fans the events out to the browsers (/api/realtime).
CREATE FUNCTION notify_agenda_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  PERFORM pg_notify('agenda_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', rec->>'id',
    'businessId', CASE WHEN TG_TABLE_NAME = 'businesses' THEN rec->>'id' ELSE rec->>'business_id' END
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER businesses_notify AFTER INSERT OR UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();
--> statement-breakpoint
CREATE TRIGGER appointments_notify AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();
--> statement-breakpoint
CREATE TRIGGER business_hours_notify AFTER INSERT OR UPDATE OR DELETE ON business_hours
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();

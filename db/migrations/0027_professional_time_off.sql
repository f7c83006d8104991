-- Hand-written (like appointment_professional_blocks, drizzle doesn't model it): a professional's
-- one-off time off ('Folgas e férias', issue 35). Whole days when the times are null; otherwise from
-- the first day's start_time to the last day's end_time. `period` is that span on the business
-- zone's wall clock, as the booked blocks' periods are, so the day context reads both the same way.
CREATE TABLE professional_time_off (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  professional_id uuid NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  start_time time,
  end_time time,
  reason text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  period tsrange GENERATED ALWAYS AS (tsrange(start_date + coalesce(start_time, '00:00'::time), end_date + coalesce(end_time, '24:00'::time))) STORED,
  CONSTRAINT professional_time_off_professional_same_business_fk FOREIGN KEY (business_id, professional_id)
    REFERENCES professionals(business_id, id) ON DELETE CASCADE,
  CONSTRAINT professional_time_off_times_check CHECK ((start_time IS NULL) = (end_time IS NULL)),
  CONSTRAINT professional_time_off_span_check CHECK (start_date + coalesce(start_time, '00:00'::time) < end_date + coalesce(end_time, '24:00'::time)),
  CONSTRAINT professional_time_off_reason_check CHECK (char_length(reason) <= 120)
);
--> statement-breakpoint
CREATE INDEX professional_time_off_period_idx ON professional_time_off USING gist (professional_id, period);
--> statement-breakpoint
CREATE INDEX professional_time_off_business_idx ON professional_time_off (business_id, end_date);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER professional_time_off_changes AFTER INSERT OR UPDATE OR DELETE ON professional_time_off
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();

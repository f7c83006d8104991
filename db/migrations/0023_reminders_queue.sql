CREATE TABLE "appointment_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_link_tokens_purpose_check" CHECK ("appointment_link_tokens"."purpose" in ('confirm', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "business_notification_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_lead_minutes" integer[] DEFAULT '{1440,120}'::integer[] NOT NULL,
	"reminder_channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"owner_emails" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_notification_settings_leads_check" CHECK (cardinality("business_notification_settings"."reminder_lead_minutes") between 1 and 2 and 30 <= all("business_notification_settings"."reminder_lead_minutes") and 4320 >= all("business_notification_settings"."reminder_lead_minutes")),
	CONSTRAINT "business_notification_settings_channels_check" CHECK (cardinality("business_notification_settings"."reminder_channels") between 1 and 2 and "business_notification_settings"."reminder_channels" <@ '{email,whatsapp}'::text[])
);
--> statement-breakpoint
CREATE TABLE "business_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_notifications_kind_check" CHECK ("business_notifications"."kind" in ('online_booking', 'online_cancelled', 'client_confirmed', 'client_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD COLUMN "daily_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_link_tokens" ADD CONSTRAINT "appointment_link_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_link_tokens" ADD CONSTRAINT "appointment_link_tokens_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_notification_settings" ADD CONSTRAINT "business_notification_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_notification_settings" ADD CONSTRAINT "business_notification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_notifications" ADD CONSTRAINT "business_notifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_notifications" ADD CONSTRAINT "business_notifications_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_link_tokens_appointment_idx" ON "appointment_link_tokens" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "business_notifications_business_created_idx" ON "business_notifications" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_key" ON "notification_deliveries" USING btree ("kind","subject_id","due_at","recipient");--> statement-breakpoint
CREATE INDEX "notification_deliveries_business_sent_idx" ON "notification_deliveries" USING btree ("business_id","sent_at");
--> statement-breakpoint
-- Hand-written from here, as 0021's. The reminders of an appointment are graphile-worker jobs
-- (schema graphile_worker, made by its own migrations: db/migrate.ts runs them after these),
-- added, moved and removed by this trigger in the transaction of the write itself, whichever
-- action, page or script writes: job key 'reminder:{appointment}:{1|2}', one per lead time of
-- the business's 'Lembretes' card, due at the start minus the lead (business zone). A job whose
-- due time has passed, or whose appointment is cancelled, concluded or deleted, is removed: the
-- job checks again when it runs (lib/jobs/reminders.ts), so a job the trigger could not reach
-- (already running) still sends nothing stale.
CREATE OR REPLACE FUNCTION agenda_schedule_reminders(a_id uuid, business uuid, d date, t time, status integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  settings record;
  lead integer;
  due timestamptz;
BEGIN
  SELECT s.reminders_enabled, s.reminder_lead_minutes INTO settings
    FROM business_notification_settings s WHERE s.business_id = business;
  FOR slot IN 1..2 LOOP
    lead := CASE WHEN settings.reminders_enabled THEN settings.reminder_lead_minutes[slot] END;
    due := CASE WHEN lead IS NOT NULL AND d IS NOT NULL
      THEN ((d + t) AT TIME ZONE 'America/Cuiaba') - make_interval(mins => lead) END;
    IF due IS NOT NULL AND due > now() AND status IN (1, 2) THEN
      PERFORM graphile_worker.add_job(
        'reminder',
        json_build_object('appointmentId', a_id, 'businessId', business, 'lead', lead, 'due', due),
        run_at := due,
        max_attempts := 8,
        job_key := 'reminder:' || a_id || ':' || slot
      );
    ELSE
      PERFORM graphile_worker.remove_job('reminder:' || a_id || ':' || slot);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION appointments_reminders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM agenda_schedule_reminders(OLD.id, OLD.business_id, NULL, NULL, NULL);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.date = NEW.date AND OLD.time = NEW.time AND OLD.status_id = NEW.status_id THEN
    RETURN NULL;
  END IF;
  -- A new appointment of a business without reminders has no job to add or remove: skip the calls
  -- (the common case, and the bulk inserts of the seed and the benchmark's data).
  IF TG_OP = 'INSERT' AND NOT EXISTS (
    SELECT 1 FROM business_notification_settings s WHERE s.business_id = NEW.business_id AND s.reminders_enabled
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM agenda_schedule_reminders(NEW.id, NEW.business_id, NEW.date, NEW.time, NEW.status_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_reminders AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_reminders();
--> statement-breakpoint
-- The 'Lembretes' card saved: every upcoming appointment's jobs follow the new lead times (or go).
CREATE OR REPLACE FUNCTION agenda_reschedule_business_reminders(business uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  a record;
  n integer := 0;
BEGIN
  FOR a IN
    SELECT id, date, time, status_id FROM appointments
    WHERE business_id = business AND status_id IN (1, 2)
      AND date >= (now() AT TIME ZONE 'America/Cuiaba')::date
  LOOP
    PERFORM agenda_schedule_reminders(a.id, business, a.date, a.time, a.status_id);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
-- The bell is live: its rows go through the change log like the agenda's.
CREATE CONSTRAINT TRIGGER business_notifications_changes AFTER INSERT OR UPDATE OR DELETE ON business_notifications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION record_agenda_change();
--> statement-breakpoint
-- A client's booking, confirmation or cancellation reaches the owners by e-mail: the job is added
-- with the bell's row, in its transaction (the job reads the owners' switch when it runs).
CREATE OR REPLACE FUNCTION business_notifications_owner_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('owner_notice', json_build_object('notificationId', NEW.id),
    max_attempts := 8, job_key := 'owner_notice:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_notifications_owner_notice AFTER INSERT ON business_notifications
  FOR EACH ROW EXECUTE FUNCTION business_notifications_owner_notice();
--> statement-breakpoint
-- The job workers alive, each seen within the last seconds (lib/core/jobs/queue.ts): graphile-worker
-- frees the jobs of a worker that died only after 4 hours; the living free a silent one's at once.
CREATE TABLE job_workers (
  worker_id text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);

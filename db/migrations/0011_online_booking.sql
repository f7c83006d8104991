CREATE TABLE "business_online_booking" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"cancel_deadline_hours" integer DEFAULT 2 NOT NULL,
	"max_future_bookings" integer DEFAULT 3 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_online_booking_slug_check" CHECK ("business_online_booking"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("business_online_booking"."slug") between 3 and 50),
	CONSTRAINT "business_online_booking_cancel_deadline_check" CHECK ("business_online_booking"."cancel_deadline_hours" between 0 and 168),
	CONSTRAINT "business_online_booking_max_future_check" CHECK ("business_online_booking"."max_future_bookings" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "online_booking_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"booker_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "business_online_booking" ADD CONSTRAINT "business_online_booking_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_online_booking" ADD CONSTRAINT "business_online_booking_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_tokens" ADD CONSTRAINT "online_booking_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_tokens" ADD CONSTRAINT "online_booking_tokens_appointment_same_business_fk" FOREIGN KEY ("business_id","appointment_id") REFERENCES "public"."appointments"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_online_booking_slug_key" ON "business_online_booking" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "online_booking_tokens_hash_key" ON "online_booking_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "online_booking_tokens_appointment_idx" ON "online_booking_tokens" USING btree ("appointment_id");--> statement-breakpoint
-- The default slug of a business: its name folded like agenda_fold (lib/online-booking/slug.ts
-- foldSlug does the same in TypeScript): 'Studio Bela Vista' → 'studio-bela-vista'.
CREATE FUNCTION agenda_slug(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$
  SELECT CASE WHEN length(s) >= 3 THEN s WHEN s = '' THEN 'negocio' ELSE 'negocio-' || s END
    FROM (SELECT trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(agenda_fold($1), '[^a-z0-9]+', '-', 'g')), 50)) AS s) f
$$;
--> statement-breakpoint
-- Gives the business its online booking row with the first free slug: the folded name, else with
-- -2, -3 … A reserved word (RESERVED_SLUGS in lib/online-booking/slug.ts) starts at -2. ON CONFLICT
-- waits for a concurrent insert of the same slug and then tries the next, so two businesses of the
-- same name created at once both get theirs.
CREATE FUNCTION online_booking_ensure(p_business_id uuid, p_name text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  base text := agenda_slug(p_name);
  candidate text;
  n int := 1;
  added int;
BEGIN
  LOOP
    IF n = 1 THEN
      candidate := base;
    ELSE
      candidate := trim(BOTH '-' FROM left(base, 50 - length(n::text) - 1)) || '-' || n;
    END IF;
    IF n > 1 OR NOT candidate = ANY (ARRAY[
      'reserva', 'admin', 'api', 'agendar', 'agenda', 'agendamento', 'agendamentos', 'auth', 'login', 'entrar',
      'cadastro', 'conta', 'suporte', 'ajuda', 'app', 'www', 'novo', 'nova', 'static', 'public', 'sistema'
    ]) THEN
      INSERT INTO business_online_booking (business_id, slug) VALUES (p_business_id, candidate) ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS added = ROW_COUNT;
      EXIT WHEN added > 0;
      -- Already has its row (a second call): nothing to do.
      EXIT WHEN EXISTS (SELECT 1 FROM business_online_booking WHERE business_id = p_business_id);
    END IF;
    n := n + 1;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION businesses_online_booking_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM online_booking_ensure(NEW.id, NEW.name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER businesses_online_booking_row AFTER INSERT ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_online_booking_row();
--> statement-breakpoint
-- The businesses that existed before: the oldest gets the plain folded name.
DO $$
DECLARE b record;
BEGIN
  FOR b IN SELECT id, name FROM businesses ORDER BY created_at, id LOOP
    PERFORM online_booking_ensure(b.id, b.name);
  END LOOP;
END $$;

ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (agenda_fold(name) || ' ' || coalesce(lower(email), '') || ' ' || coalesce(agenda_digits(phone), '')) STORED;--> statement-breakpoint
-- One trigram index over the generated search text replaces the three of migration 0004.
CREATE INDEX clients_search_text_idx ON clients USING gin (business_id, search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS clients_search_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS clients_search_phone_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS clients_search_email_idx;

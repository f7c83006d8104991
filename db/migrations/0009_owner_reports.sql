CREATE TABLE "business_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "audit_logs_business_created_idx";--> statement-breakpoint
DROP INDEX "conversations_business_created_idx";--> statement-breakpoint
ALTER TABLE "business_api_keys" ADD CONSTRAINT "business_api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_api_keys" ADD CONSTRAINT "business_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_api_keys_key_hash_key" ON "business_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "business_api_keys_business_idx" ON "business_api_keys" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_business_created_id_idx" ON "audit_logs" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_business_created_id_idx" ON "conversations" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_business_client_idx" ON "conversations" USING btree ("business_id","client_id");--> statement-breakpoint

-- Hand-written (drizzle cannot express these): the reports' accent-insensitive searches use the
-- same agenda_fold() trigram pattern as migration 0004.
CREATE INDEX conversations_search_message_idx ON conversations USING gin (business_id, agenda_fold(message) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX audit_logs_search_description_idx ON audit_logs USING gin (business_id, agenda_fold(description) gin_trgm_ops);
--> statement-breakpoint

-- A conversation posted by the bot appears live on an open Conversas report (0001's notify_agenda_change).
CREATE TRIGGER conversations_notify AFTER INSERT OR UPDATE OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();

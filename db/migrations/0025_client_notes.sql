ALTER TABLE "clients" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_notes_length" CHECK (char_length("clients"."notes") <= 2000);
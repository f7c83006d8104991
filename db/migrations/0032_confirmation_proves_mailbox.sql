ALTER TABLE "email_verification_tokens" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD COLUMN "password_hash" text;
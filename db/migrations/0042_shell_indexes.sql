DROP INDEX "business_invitations_email_status_idx";--> statement-breakpoint
DROP INDEX "business_notifications_business_created_idx";--> statement-breakpoint
CREATE INDEX "business_invitations_email_lower_status_idx" ON "business_invitations" USING btree (lower("email"),"status");--> statement-breakpoint
CREATE INDEX "business_notifications_business_created_id_idx" ON "business_notifications" USING btree ("business_id","created_at","id");
CREATE TABLE "business_message_counts" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_message_counts_business_id_day_pk" PRIMARY KEY("business_id","day"),
	CONSTRAINT "business_message_counts_sent_check" CHECK ("business_message_counts"."sent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "business_notifications" DROP CONSTRAINT "business_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "business_notifications" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_notifications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "business_notifications" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "business_notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "business_message_counts" ADD CONSTRAINT "business_message_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_notifications_skipped_day_key" ON "business_notifications" USING btree ("business_id","reason","day") WHERE "business_notifications"."kind" = 'message_skipped';--> statement-breakpoint
ALTER TABLE "business_notifications" ADD CONSTRAINT "business_notifications_shape_check" CHECK (case when "business_notifications"."kind" = 'message_skipped'
        then "business_notifications"."appointment_id" is null and "business_notifications"."reason" in ('owner_unconfirmed', 'daily_cap') and "business_notifications"."day" is not null and "business_notifications"."count" >= 1
        else "business_notifications"."appointment_id" is not null and "business_notifications"."reason" is null and "business_notifications"."day" is null end);--> statement-breakpoint
ALTER TABLE "business_notifications" ADD CONSTRAINT "business_notifications_kind_check" CHECK ("business_notifications"."kind" in ('online_booking', 'online_cancelled', 'client_confirmed', 'client_cancelled', 'message_skipped'));--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_status_check" CHECK (("notification_deliveries"."status" = 'sent' and "notification_deliveries"."reason" is null) or ("notification_deliveries"."status" = 'skipped' and "notification_deliveries"."reason" in ('owner_unconfirmed', 'daily_cap')));--> statement-breakpoint
-- A 'message_skipped' row tells the owners in the bell; it is no client event to e-mail them about
-- (that e-mail would itself be a message the same rules hold back).
DROP TRIGGER business_notifications_owner_notice ON business_notifications;
--> statement-breakpoint
CREATE TRIGGER business_notifications_owner_notice AFTER INSERT ON business_notifications
  FOR EACH ROW WHEN (NEW.kind <> 'message_skipped') EXECUTE FUNCTION business_notifications_owner_notice();

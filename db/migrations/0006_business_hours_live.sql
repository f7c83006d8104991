DROP INDEX "business_holidays_business_date_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "business_holidays_date_key" ON "business_holidays" USING btree ("business_id","holiday_date");--> statement-breakpoint
ALTER TABLE "business_holidays" ADD CONSTRAINT "business_holidays_times_check" CHECK (("business_holidays"."is_working" or ("business_holidays"."open_time" is null and "business_holidays"."close_time" is null)) and ("business_holidays"."open_time" is null or "business_holidays"."close_time" is null or "business_holidays"."close_time" > "business_holidays"."open_time"));--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_times_check" CHECK (("business_hours"."is_open" or ("business_hours"."open_time" is null and "business_hours"."close_time" is null)) and ("business_hours"."open_time" is null or "business_hours"."close_time" is null or "business_hours"."close_time" > "business_hours"."open_time"));--> statement-breakpoint

-- Live updates of the Horários de Funcionamento screen: the specific holidays and the
-- 'works on holidays' default are announced like business_hours (0001_booking_guarantees).
CREATE TRIGGER business_holidays_notify AFTER INSERT OR UPDATE OR DELETE ON business_holidays
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();
--> statement-breakpoint
CREATE TRIGGER business_holiday_settings_notify AFTER INSERT OR UPDATE OR DELETE ON business_holiday_settings
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_change();

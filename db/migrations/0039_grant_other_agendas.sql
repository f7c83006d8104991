ALTER TABLE "user_business_roles" DROP CONSTRAINT "user_business_roles_grants_check";--> statement-breakpoint
ALTER TABLE "user_business_roles" ALTER COLUMN "grants" SET DEFAULT array['deleteClients', 'catalog', 'hours', 'otherAgendas']::text[];--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD COLUMN "professional_id" uuid;--> statement-breakpoint
-- Every member saw every professional's agenda before this grant existed: keep it so.
UPDATE "user_business_roles" SET "grants" = array_append("grants", 'otherAgendas') WHERE NOT ('otherAgendas' = ANY("grants"));--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD CONSTRAINT "user_business_roles_professional_same_business_fk" FOREIGN KEY ("business_id","professional_id") REFERENCES "public"."professionals"("business_id","id") ON DELETE SET NULL ("professional_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_business_roles_business_professional_key" ON "user_business_roles" USING btree ("business_id","professional_id");--> statement-breakpoint
ALTER TABLE "user_business_roles" ADD CONSTRAINT "user_business_roles_grants_check" CHECK ("user_business_roles"."grants" <@ array['deleteClients', 'catalog', 'hours', 'calendarLinks', 'otherAgendas']::text[]);
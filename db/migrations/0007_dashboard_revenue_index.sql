-- The dashboard's revenue (each service of a confirmed appointment at its professional's price)
-- reads a business's appointment_services by appointment. With only (appointment_id) PostgreSQL
-- preferred a sequential scan of the whole table, every business's rows (EXPLAIN at 200,000
-- appointments); this covering index lets it probe the business's rows by index alone.
-- Drizzle cannot express INCLUDE, so the index is written here (see db/schema/scheduling.ts).
CREATE INDEX "appointment_services_business_appointment_idx" ON "appointment_services" USING btree ("business_id", "appointment_id") INCLUDE ("service_id", "professional_id");

/**
 * The writes' statements by key run as prepared statements of their connection (lib/core/db/prepared.ts,
 * drizzle's `.prepare()`): PostgreSQL parses them once per connection and may keep one plan, which
 * took a booking's PostgreSQL time from ~3.3 to ~2 ms (bench/HISTORY.md, round 8). Each test works inside
 * one transaction, so pg_prepared_statements (per connection) is the connection that ran them.
 */
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, type Tx } from "@/db";
import { businessHours, professionalServices } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { createAppointment, moveAppointment } from "@/lib/appointments/mutations";
import { recordAudit } from "@/lib/audit/record";
import { executePrepared } from "@/lib/core/db/prepared";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

/** The statements prepared on the transaction's connection. */
async function preparedOn(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
  return rows.map((r) => r.statement);
}

test("executePrepared leaves its statement prepared on the connection; a plain execute does not", async () => {
  const [prepared, plain] = [`probe_prepared_${uniq()}`, `probe_plain_${uniq()}`];
  await db.transaction(async (tx) => {
    const rows = await executePrepared<{ n: number }>(tx, sql`select ${41}::int + 1 as n /* ${sql.raw(prepared)} */`);
    expect(rows).toEqual([{ n: 42 }]);
    await tx.execute(sql`select ${1}::int as n /* ${sql.raw(plain)} */`);
    const statements = await preparedOn(tx);
    expect(statements.filter((s) => s.includes(prepared))).toHaveLength(1);
    expect(statements.filter((s) => s.includes(plain))).toHaveLength(0);
  });
});

describe("a booking and a move", () => {
  test("prepare every statement they send: the reads by key, the writes and the audit row", async () => {
    // 2032-03-01 is a Monday.
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    await db.insert(businessHours).values([1, 2].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })));
    const service = await createService(business.id, 60, { name: `Corte ${uniq()}` });
    const pro = await createProfessional(business.id, { name: `Ana ${uniq()}` });
    await db.insert(professionalServices).values({ professionalId: pro.id, serviceId: service.id, price: "50.00", businessId: business.id });
    const client = await createClient(business.id, { name: `Cliente ${uniq()}` });

    await db.transaction(async (tx) => {
      const w = {
        ctx: { businessId: business.id, userId: owner.id },
        tx,
        audit: (entry) => recordAudit(tx, { ...entry, actorId: owner.id, businessId: business.id }),
      } as Write;
      const made = await createAppointment(w, {
        client: { kind: "existing", id: client.id }, date: "2032-03-01", time: "10:00", lines: [{ serviceId: service.id, professionalId: pro.id }],
      } as Parameters<typeof createAppointment>[1]);
      expect(made.ok).toBe(true);
      if (!made.ok) return;
      expect(await moveAppointment(w, made.id, "2032-03-02")).toEqual({ ok: true });

      const statements = await preparedOn(tx);
      const has = (fragment: string) => statements.some((s) => s.includes(fragment));
      for (const fragment of [
        'from "clients"', // the client, locked against its deletion
        "client_period &&", // the client's other appointments
        'from "services"', // the lines' services
        "business_holiday_settings", // the calendar
        "professional_weekly_schedules", // the professionals' day
        'insert into "appointments"',
        'insert into "appointment_services"',
        'insert into "audit_logs"',
        "for update of a", // the move: the appointment, locked
        "from appointment_services s join services sv", // and its lines
        'update "appointments"',
      ]) expect(has(fragment), fragment).toBe(true);
    });
  });
});

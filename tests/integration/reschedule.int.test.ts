/**
 * 'Reagendar' (appointments.reschedule): date, time and professional in one change, checked as every
 * move is, audited; a conflict refuses with 'Conflito de agenda' and changes nothing; another
 * business's user moves nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, businessHours, professionalServices } from "@/db/schema";
import { createAppointmentAction, rescheduleAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { actAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-03-03";
const TUESDAY = "2031-03-04";

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })));
  const corte = await createService(business.id, 60, { name: `Corte ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
  ]);
  await actAs(owner.id);
  const book = async (date: string, time: string, professionalId: string) => {
    const r = await createAppointmentAction({ businessId: business.id, client: { kind: "existing", id: (await createClient(business.id)).id }, date, time, lines: [{ serviceId: corte.id, professionalId }] });
    if (!r.ok) throw new Error(r.description ?? r.error);
    return r.id;
  };
  return { owner, business, corte, ana, bruno, book };
}

const state = async (id: string) => {
  const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
  const lines = await db.execute<{ professional_id: string | null }>(sql`select professional_id from appointment_services where appointment_id = ${id}`);
  return { date: a.date, time: a.time.slice(0, 5), pros: lines.map((l) => l.professional_id) };
};

describe("reschedule", () => {
  test("moves date, time and professional in one change, audited", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    const r = await rescheduleAction({ businessId: s.business.id, id, date: TUESDAY, time: "14:00", professionalId: s.bruno.id });
    expect(r).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ date: TUESDAY, time: "14:00", pros: [s.bruno.id] });
    const [audit] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), sql`${auditLogs.description} like '%reagendado%'`));
    expect(audit.description).toContain("03/03/2031 10:00 → 04/03/2031 14:00");
    expect(audit.description).toContain(`${s.ana.name} → ${s.bruno.name}`);
  });

  test("refused on a conflict with 'Conflito de agenda', nothing changed", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    await s.book(TUESDAY, "14:00", s.bruno.id);
    const r = await rescheduleAction({ businessId: s.business.id, id, date: TUESDAY, time: "14:30", professionalId: s.bruno.id });
    expect(r).toMatchObject({ ok: false, error: MSG.conflict });
    expect(await state(id)).toEqual({ date: MONDAY, time: "10:00", pros: [s.ana.id] });
  });

  test("another business's owner moves nothing", async () => {
    const s = await salon();
    const id = await s.book(MONDAY, "10:00", s.ana.id);
    const other = await salon();
    expect((await rescheduleAction({ businessId: other.business.id, id, date: TUESDAY, time: "14:00", professionalId: null })).ok).toBe(false);
    await actAs(other.owner.id);
    expect((await rescheduleAction({ businessId: s.business.id, id, date: TUESDAY, time: "14:00", professionalId: null })).ok).toBe(false);
    expect(await state(id)).toEqual({ date: MONDAY, time: "10:00", pros: [s.ana.id] });
  });
});

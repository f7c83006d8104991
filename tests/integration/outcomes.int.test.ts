/**
 * 'Concluído' and 'Faltou' (issue 35): only once the visit has started, whatever the client sends;
 * audited; concluded visits bill, no-shows don't; 'Pendentes antigos' lists what a day later is
 * still pendente, only the business's own.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, professionalServices } from "@/db/schema";
import { setAppointmentStatusAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { stalePending } from "@/lib/appointments/queries";
import { NOT_STARTED_TEXT, STATUS } from "@/lib/appointments/status";
import { addDays } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant, instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { actAs } from "./act-as";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const today = todayInBusiness();

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  const corte = await createService(business.id, 60);
  const ana = await createProfessional(business.id);
  await db.insert(professionalServices).values({ professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id });
  const client = await createClient(business.id);
  const book = (date: string, time: string, statusId = 1) =>
    createAppointment({ businessId: business.id, clientId: client.id, date, time, statusId, services: [{ serviceId: corte.id, professionalId: ana.id }] });
  return { owner, business, corte, ana, client, book };
}

const billed = async (businessId: string) => {
  const [r] = await db.execute<{ n: string }>(sql`select coalesce(sum(confirmed), 0) as n from confirmed_service_totals where business_id = ${businessId}`);
  return Number(r.n);
};

describe("Concluído and Faltou", () => {
  let s: Awaited<ReturnType<typeof salon>>;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.owner.id);
  });

  test("refused before the start, with the menu's text; nothing changes", async () => {
    const a = await s.book(addDays(today, 2), "10:00");
    for (const statusId of [STATUS.concluido, STATUS.faltou] as const) {
      expect(await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId })).toMatchObject({
        ok: false, error: MSG.statusError, description: NOT_STARTED_TEXT,
      });
    }
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row.statusId).toBe(STATUS.pendente);
    // The spec's three move freely, started or not.
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId: STATUS.confirmado })).toMatchObject({ ok: true });
  });

  test("the start is the business zone's wall clock: a visit that began a minute ago takes them", async () => {
    const { date, time } = instantToBusinessParts(new Date(Date.now() - 60_000));
    const later = instantToBusinessParts(new Date(Date.now() + 10 * 60_000));
    const started = await s.book(date, time);
    const notYet = await createAppointment({
      businessId: s.business.id, clientId: (await createClient(s.business.id)).id, date: later.date, time: later.time,
      services: [{ serviceId: s.corte.id, professionalId: null }],
    });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: started.id, statusId: STATUS.concluido })).toMatchObject({ ok: true });
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: notYet.id, statusId: STATUS.faltou })).toMatchObject({ ok: false, description: NOT_STARTED_TEXT });
  });

  test("after the start: audited; concluded bills, a no-show doesn't, and back again", async () => {
    const a = await s.book(addDays(today, -1), "10:00", STATUS.confirmado);
    expect(await billed(s.business.id)).toBe(1);
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId: STATUS.concluido })).toMatchObject({ ok: true });
    expect(await billed(s.business.id)).toBe(1);
    expect(await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId: STATUS.faltou })).toMatchObject({ ok: true });
    expect(await billed(s.business.id)).toBe(0);
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, a.id), eq(auditLogs.actionType, "UPDATE")));
    expect(audits.map((x) => x.description)).toEqual(
      expect.arrayContaining([expect.stringContaining("confirmado → concluido"), expect.stringContaining("concluido → faltou")]),
    );
    expect(audits.find((x) => x.description.includes("→ faltou"))?.newValues).toMatchObject({ status: "faltou" });
  });

  test("an unknown status is refused by the schema", async () => {
    const a = await s.book(addDays(today, -1), "10:00");
    const r = await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId: 6 as 5 });
    expect(r.ok).toBe(false);
  });

  test("another business's owner can set neither", async () => {
    const a = await s.book(addDays(today, -1), "10:00");
    const stranger = await createUser();
    await createBusiness(stranger.id);
    await actAs(stranger.id);
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id: a.id, statusId: STATUS.faltou })).ok).toBe(false);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row.statusId).toBe(STATUS.pendente);
  });
});

describe("Pendentes antigos", () => {
  test("pendente a day after the start, oldest first; not confirmed, not recent, not another business's", async () => {
    const s = await salon();
    const other = await salon();
    const now = businessDateTimeToInstant(today, "12:00");
    const old = await s.book(addDays(today, -3), "09:00");
    const dayAgo = await s.book(addDays(today, -1), "11:59");
    // 23 h 59 min ago: not yet (another client, no professional: the 11:59 visit still runs then).
    await createAppointment({ businessId: s.business.id, clientId: (await createClient(s.business.id)).id, date: addDays(today, -1), time: "12:01", services: [] });
    await s.book(addDays(today, -4), "09:00", STATUS.confirmado);
    await other.book(addDays(today, -5), "09:00");
    const stale = await stalePending(s.business.id, now);
    expect(stale.count).toBe(2);
    expect(stale.first.map((a) => a.id)).toEqual([old.id, dayAgo.id]);
    expect(stale.first[0]).toMatchObject({ date: addDays(today, -3), time: "09:00", clientName: s.client.name });
    await db.update(appointments).set({ statusId: STATUS.concluido }).where(eq(appointments.id, old.id));
    expect((await stalePending(s.business.id, now)).count).toBe(1);
  });
});

/**
 * The grid's drag (appointments.gridMove): another time and another professional's column in one
 * change, checked as every booking is, written so only the final state meets the constraints,
 * audited; refusals change nothing; two drops racing for one slot: one wins. A booking made from a
 * professional's column (issue 52) names them on one of its services, or is refused.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs } from "@/db/schema";
import { createAppointmentAction, createSeriesAction, gridMoveAction, seriesPreviewAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG, notOfferedText, OUTSIDE_HOURS_CODE } from "@/lib/appointments/messages";
import { moveSalon } from "./move-salon";
import { createClient } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-03-03";

async function salon() {
  const s = await moveSalon();
  return { ...s, book: (time: string, lines: { serviceId: string; professionalId: string | null; afterPrevious?: boolean }[]) => s.book(MONDAY, time, lines) };
}

const state = async (id: string) => {
  const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
  const lines = await db.execute<{ professional_id: string | null }>(sql`select professional_id from appointment_services where appointment_id = ${id} order by professional_id`);
  return { time: a.time.slice(0, 5), pros: lines.map((l) => l.professional_id) };
};

describe("grid move", () => {
  test("to another professional and time in one change, audited with both", async () => {
    const s = await salon();
    const id = await s.book("10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    // Bruno is busy 10:00–11:00 until the move: the new line lands where nobody is.
    await s.book("10:00", [{ serviceId: s.corte.id, professionalId: s.bruno.id }]);
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "14:00", from: s.ana.id, to: s.bruno.id })).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ time: "14:00", pros: [s.bruno.id] });
    const [audit] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), sql`${auditLogs.description} like '%movido na grade%'`));
    expect(audit.description).toContain(`10:00 → 14:00, ${"Ana"}`);
    expect(audit.newValues).toMatchObject({ time: "14:00" });
  });

  test("only the dragged professional's services change hands; the other part moves in time with it", async () => {
    const s = await salon();
    // 'Ao mesmo tempo' (issue 52 item 12: another professional's line defaults to 'Em seguida').
    const id = await s.book("09:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.caio.id, afterPrevious: false }]);
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "11:00", from: s.caio.id, to: s.ana.id })).toMatchObject({ ok: false });
    // Ana can't take the barba at the same time as her own corte (1 h + 30 min from 11:00 is fine: loads add up).
    const r = await gridMoveAction({ businessId: s.business.id, id, time: "11:00", from: s.ana.id, to: s.bruno.id });
    expect(r).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ time: "11:00", pros: [s.bruno.id, s.caio.id].sort() });
  });

  test("refused and unchanged: a professional who doesn't do the service, a busy one, outside the hours, a stale drag", async () => {
    const s = await salon();
    const id = await s.book("10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    await s.book("15:00", [{ serviceId: s.corte.id, professionalId: s.bruno.id }]);
    // Caio doesn't do Corte: the refusal says so, naming both (not the spec's 'Conflito de agenda', which is for clashes).
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "10:00", from: s.ana.id, to: s.caio.id })).toEqual({
      ok: false, error: MSG.notOffered, description: notOfferedText(s.caio.name, s.corte.name),
    });
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "15:30", from: s.ana.id, to: s.bruno.id })).toMatchObject({ ok: false, error: MSG.conflict });
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "18:30", from: s.ana.id, to: s.ana.id })).toMatchObject({ ok: false, code: OUTSIDE_HOURS_CODE });
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "12:00", from: s.bruno.id, to: s.ana.id })).toMatchObject({ ok: false });
    expect(await state(id)).toEqual({ time: "10:00", pros: [s.ana.id] });
  });

  test("from 'Sem profissional' to a professional, and back", async () => {
    const s = await salon();
    // Booked without one, the automatic assignment gives it one: taken away, as when nobody was free.
    const id = await s.book("10:00", [{ serviceId: s.corte.id, professionalId: null }]);
    await db.execute(sql`update appointment_services set professional_id = null where appointment_id = ${id}`);
    const r = await gridMoveAction({ businessId: s.business.id, id, time: "10:00", from: null, to: s.bruno.id });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ time: "10:00", pros: [s.bruno.id] });
    expect(await gridMoveAction({ businessId: s.business.id, id, time: "10:00", from: s.bruno.id, to: null })).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ time: "10:00", pros: [null] });
  });

  test("two drops racing for Bruno at 16:00: exactly one lands", async () => {
    const s = await salon();
    const one = await s.book("09:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const two = await s.book("14:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const results = await Promise.all([
      gridMoveAction({ businessId: s.business.id, id: one, time: "16:00", from: s.ana.id, to: s.bruno.id }),
      gridMoveAction({ businessId: s.business.id, id: two, time: "16:00", from: s.ana.id, to: s.bruno.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: MSG.conflict });
  });

  test("another business's owner moves nothing", async () => {
    const s = await salon();
    const id = await s.book("10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const other = await salon();
    expect((await gridMoveAction({ businessId: other.business.id, id, time: "14:00", from: s.ana.id, to: s.ana.id })).ok).toBe(false);
    expect(await state(id)).toEqual({ time: "10:00", pros: [s.ana.id] });
  });
});

describe("a booking from a professional's column", () => {
  const count = async (clientId: string) => (await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, clientId))).length;

  test("without a service of theirs it is refused and writes nothing: no appointment without professional and length", async () => {
    const s = await salon();
    const client = await createClient(s.business.id);
    const from = (lines: { serviceId: string; professionalId: string | null }[], professionalId: string | null = s.ana.id) =>
      createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: client.id }, date: MONDAY, time: "10:00", lines, professionalId });
    const refused = { ok: false, fieldErrors: { lines: MSG.columnServiceRequired } };
    // No service at all (what 'Agendamento criado' used to answer with nothing in the grid).
    expect(await from([])).toMatchObject(refused);
    // A service left for the automatic choice, or given to someone else: not hers.
    expect(await from([{ serviceId: s.corte.id, professionalId: null }])).toMatchObject(refused);
    expect(await from([{ serviceId: s.barba.id, professionalId: s.caio.id }])).toMatchObject(refused);
    // 'Repetir' holds the same rule, in the preview and in the save.
    const recurrence = { frequency: "week1" as const, end: { kind: "count" as const, count: 2 } };
    const series = { businessId: s.business.id, client: { kind: "existing" as const, id: client.id }, date: MONDAY, time: "10:00", lines: [], professionalId: s.ana.id, recurrence };
    expect(await seriesPreviewAction(series)).toMatchObject(refused);
    expect(await createSeriesAction({ ...series, chosen: [MONDAY] })).toMatchObject(refused);
    // Named on a service she does not offer: refused as not offered (issue 52 item 11).
    expect(await from([{ serviceId: s.barba.id, professionalId: s.bruno.id }], s.bruno.id)).toMatchObject({ ok: false, error: MSG.notOffered });
    expect(await count(client.id)).toBe(0);
    // Outside a column (the cards' day tile) an appointment without services is still the spec's.
    expect(await from([], null)).toMatchObject({ ok: true });
  });

  test("with a service of theirs it lands in their column and makes them busy", async () => {
    const s = await salon();
    const client = await createClient(s.business.id);
    const r = await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: client.id }, date: MONDAY, time: "10:00",
      lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: null }], professionalId: s.ana.id,
    });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect((await state(r.id)).pros).toContain(s.ana.id);
    // The exclusion constraint sees her (her block is in its table), and the next booking over her time is refused.
    const [block] = await db.execute<{ n: number }>(sql`select count(*)::int as n from appointment_professional_blocks where appointment_id = ${r.id} and professional_id = ${s.ana.id}`);
    expect(block.n).toBe(1);
    const other = await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: (await createClient(s.business.id)).id }, date: MONDAY, time: "10:30",
      lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }], professionalId: s.ana.id,
    });
    expect(other).toMatchObject({ ok: false, error: MSG.conflict });
  });
});

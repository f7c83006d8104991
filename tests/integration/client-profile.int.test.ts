/**
 * The client's page (issue 35): totals worked out by hand, the next appointments, the history
 * newest first and paged, the notes (validated, audited), and nothing of another business.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, clients, professionalServices } from "@/db/schema";
import { updateClientNotesAction } from "@/lib/clients/actions";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { clientHistory, clientProfile } from "@/lib/clients/queries";
import { CLIENT_HISTORY_PAGE_SIZE } from "@/lib/clients/schemas";
import { STATUS } from "@/lib/appointments/status";
import { addDays } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { actAs } from "./act-as";
import { createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const TODAY = "2031-06-10";
const NOW = businessDateTimeToInstant(TODAY, "12:00");

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  const corte = await createService(business.id, 30, { name: "Corte" });
  const barba = await createService(business.id, 30, { name: "Barba" });
  const ana = await createProfessional(business.id, { name: "Ana" });
  await db.insert(professionalServices).values([
    { businessId: business.id, professionalId: ana.id, serviceId: corte.id, price: "50.00" },
    { businessId: business.id, professionalId: ana.id, serviceId: barba.id, price: "30.00" },
  ]);
  const client = await createClient(business.id, { name: "Marina" });
  const book = (date: string, time: string, statusId: number, withBarba = false) =>
    createAppointment({
      businessId: business.id, clientId: client.id, date, time, statusId,
      services: [{ serviceId: corte.id, professionalId: ana.id }, ...(withBarba ? [{ serviceId: barba.id, professionalId: ana.id }] : [])],
    });
  return { owner, business, client, book };
}

describe("client page", () => {
  test("totals, next appointments and history, by hand", async () => {
    const s = await salon();
    await s.book(addDays(TODAY, -30), "10:00", STATUS.concluido, true); // visit, 80
    await s.book(addDays(TODAY, -20), "10:00", STATUS.confirmado); // visit, 50
    await s.book(addDays(TODAY, -10), "10:00", STATUS.faltou); // no-show
    await s.book(addDays(TODAY, -5), "10:00", STATUS.cancelado);
    const visit = await s.book(TODAY, "11:00", STATUS.confirmado); // started at noon: a visit, 50
    const next = await s.book(TODAY, "15:00", STATUS.pendente); // not started
    const later = await s.book(addDays(TODAY, 7), "09:00", STATUS.confirmado);
    const called = await s.book(addDays(TODAY, 8), "09:00", STATUS.cancelado); // a future date, cancelled: with the next ones, marked

    const p = await clientProfile(s.business.id, s.client.id, NOW);
    expect(p?.client).toMatchObject({ id: s.client.id, name: "Marina", notes: null });
    expect(p?.totals).toEqual({ appointments: 8, visits: 3, spent: 180, lastVisit: TODAY, noShows: 1 });
    expect(p?.upcoming.map((v) => v.id)).toEqual([next.id, later.id, called.id]);
    expect(p?.upcoming[0]).toMatchObject({ time: "15:00", amount: 50, lines: [{ serviceName: "Corte", professionalName: "Ana", price: "50.00" }] });
    expect(p?.upcoming[2]).toMatchObject({ statusId: STATUS.cancelado });
    expect(p?.lastVisitId).toBe(visit.id);

    // The history is the past alone: no future date above the visits, cancelled or not.
    const h = await clientHistory(s.business.id, s.client.id, 1, NOW);
    expect(h.total).toBe(5);
    expect(h.items.map((v) => v.date)).toEqual([TODAY, addDays(TODAY, -5), addDays(TODAY, -10), addDays(TODAY, -20), addDays(TODAY, -30)]);
    expect(h.items[4]).toMatchObject({ statusId: STATUS.concluido, amount: 80 });
  });

  test("'Agendar novamente' copies the last past visit: not a later booking, a no-show or a cancellation; none without one", async () => {
    const s = await salon();
    expect((await clientProfile(s.business.id, s.client.id, NOW))?.lastVisitId).toBeNull();
    await s.book(addDays(TODAY, 3), "09:00", STATUS.confirmado); // still to come
    await s.book(TODAY, "14:00", STATUS.confirmado); // today, not started at noon
    await s.book(addDays(TODAY, -7), "09:00", STATUS.faltou);
    await s.book(addDays(TODAY, -3), "09:00", STATUS.cancelado);
    expect((await clientProfile(s.business.id, s.client.id, NOW))?.lastVisitId).toBeNull();

    await s.book(addDays(TODAY, -40), "09:00", STATUS.concluido);
    const last = await s.book(addDays(TODAY, -14), "16:00", STATUS.confirmado, true);
    await s.book(addDays(TODAY, -14), "10:00", STATUS.concluido); // the same day, earlier
    let p = await clientProfile(s.business.id, s.client.id, NOW);
    expect(p?.lastVisitId).toBe(last.id);
    expect(p?.totals.lastVisit).toBe(addDays(TODAY, -14));

    // A past one left 'Pendente' (not every salon confirms) is a visit to book again too.
    const pending = await s.book(addDays(TODAY, -1), "09:00", STATUS.pendente);
    p = await clientProfile(s.business.id, s.client.id, NOW);
    expect(p?.lastVisitId).toBe(pending.id);
  });

  test("history pages of CLIENT_HISTORY_PAGE_SIZE, newest first, none repeated", async () => {
    const s = await salon();
    for (let i = 1; i <= CLIENT_HISTORY_PAGE_SIZE + 5; i++) await s.book(addDays(TODAY, -i), "10:00", STATUS.concluido);
    const first = await clientHistory(s.business.id, s.client.id, 1, NOW);
    const second = await clientHistory(s.business.id, s.client.id, 2, NOW);
    expect(first).toMatchObject({ total: CLIENT_HISTORY_PAGE_SIZE + 5, pageCount: 2 });
    expect(first.items).toHaveLength(CLIENT_HISTORY_PAGE_SIZE);
    expect(second.items).toHaveLength(5);
    expect(first.items[0].date).toBe(addDays(TODAY, -1));
    expect(new Set([...first.items, ...second.items].map((v) => v.id)).size).toBe(CLIENT_HISTORY_PAGE_SIZE + 5);
  });

  test("another business's client is not found, and its history is empty", async () => {
    const s = await salon();
    const other = await salon();
    await s.book(addDays(TODAY, -3), "10:00", STATUS.concluido);
    expect(await clientProfile(other.business.id, s.client.id, NOW)).toBeNull();
    expect((await clientHistory(other.business.id, s.client.id, 1, NOW)).total).toBe(0);
  });

  test("notes: saved trimmed, audited with the old and new text, emptied to none; too long refused and kept", async () => {
    const s = await salon();
    await actAs(s.owner.id);
    expect(await updateClientNotesAction({ businessId: s.business.id, id: s.client.id, notes: "  Alérgica a amônia.  " })).toMatchObject({ ok: true });
    const [c] = await db.select().from(clients).where(eq(clients.id, s.client.id));
    expect(c.notes).toBe("Alérgica a amônia.");
    const [audit] = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, s.client.id), eq(auditLogs.actionType, "UPDATE")));
    expect(audit).toMatchObject({ description: 'Observações do cliente "Marina" atualizadas', oldValues: { notes: null }, newValues: { notes: "Alérgica a amônia." } });

    const long = await updateClientNotesAction({ businessId: s.business.id, id: s.client.id, notes: "x".repeat(2001) });
    expect(long).toMatchObject({ ok: false, error: CLIENT_MESSAGES.notesError });
    expect(JSON.stringify(long)).toContain("Máximo de 2000 caracteres");
    expect((await db.select().from(clients).where(eq(clients.id, s.client.id)))[0].notes).toBe("Alérgica a amônia.");

    expect(await updateClientNotesAction({ businessId: s.business.id, id: s.client.id, notes: "   " })).toMatchObject({ ok: true });
    expect((await db.select().from(clients).where(eq(clients.id, s.client.id)))[0].notes).toBeNull();
  });
});

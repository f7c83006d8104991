/**
 * Issue 52 item 7: 'Desfazer' after a delete puts back exactly what was deleted, from the delete's
 * own audit row (never from what the browser sends), for the same business only, within
 * UNDO_DELETE_SECONDS, refused when the time was taken meanwhile (the exclusion constraints
 * decide), once however often it is sent.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs, professionalServices } from "@/db/schema";
import { createAppointmentAction, deleteAppointmentAction, undoDeleteAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { CONFLICTS } from "@/lib/core/actions/messages";
import { UNDO_DELETE_SECONDS } from "@/lib/appointments/undo-delete";
import { actAs } from "./act-as";
import { addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

async function salon() {
  const owner = await createUser();
  const employee = await createUser();
  const business = await createBusiness(owner.id);
  await addBusinessRole(employee.id, business.id, "employee");
  const escova = await createService(business.id, 45, { name: `Escova ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const juliana = await createProfessional(business.id, { name: `Juliana ${uniq()}` });
  const rafael = await createProfessional(business.id, { name: `Rafael ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: juliana.id, serviceId: escova.id, businessId: business.id },
    { professionalId: rafael.id, serviceId: barba.id, businessId: business.id },
  ]);
  const client = await createClient(business.id, { name: `Ana ${uniq()}` });
  return { owner, employee, business, escova, barba, juliana, rafael, client };
}
type Salon = Awaited<ReturnType<typeof salon>>;

const SERIES = ["2031-10-07", "2031-10-14", "2031-10-21"];

/** A weekly series of three, 10:00, Escova with Juliana then Barba with Rafael 'em seguida'; confirmed, an 'Encaixe', booked online. */
async function series(s: Salon) {
  const seriesId = crypto.randomUUID();
  const ids: string[] = [];
  for (const date of SERIES) {
    const a = await createAppointment({
      businessId: s.business.id, clientId: s.client.id, date, time: "10:00", statusId: 2, userId: s.employee.id,
      services: [
        { serviceId: s.escova.id, professionalId: s.juliana.id },
        { serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious: true },
      ],
    });
    ids.push(a.id);
  }
  await db.update(appointments).set({ seriesId, outsideHours: true, source: "online" }).where(inArray(appointments.id, ids));
  return { seriesId, ids };
}

/** Everything stored of the appointments (but updated_at), their lines and their blocks. */
async function rows(ids: string[]) {
  const list = `{${ids.join(",")}}`;
  return {
    appointments: await db.execute(sql`
      select id, business_id, client_id, date::text, time::text, status_id, source, outside_hours, series_id, user_id, created_at::text
        from appointments where id = any(${list}::uuid[]) order by date`),
    lines: await db.execute(sql`
      select id, appointment_id, service_id, professional_id, user_id, business_id, position, after_previous
        from appointment_services where appointment_id = any(${list}::uuid[]) order by appointment_id, position`),
    blocks: await db.execute(sql`
      select appointment_id, professional_id, period::text from appointment_professional_blocks
       where appointment_id = any(${list}::uuid[]) order by lower(period), professional_id`),
  };
}

const restoredAudits = (ids: string[]) =>
  db.select().from(auditLogs).where(and(inArray(auditLogs.entityId, ids), eq(auditLogs.actionType, "CREATE")));

describe("'Desfazer' after a delete", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.employee.id);
  });
  const del = (id: string, scope: "one" | "following" = "one") => deleteAppointmentAction({ businessId: s.business.id, id, scope });
  const undo = (ids: string[], businessId = s.business.id) => undoDeleteAction({ businessId, ids });

  test("'Este e os seguintes': every row comes back as it was (ids, series, status, 'Encaixe', lines in order, 'em seguida', blocks), audited", async () => {
    const { seriesId, ids } = await series(s);
    const before = await rows(ids);
    expect(before.blocks).toHaveLength(6);
    expect(await del(ids[0], "following")).toMatchObject({ ok: true, ids });
    expect(await rows(ids)).toEqual({ appointments: [], lines: [], blocks: [] });

    expect(await undo(ids)).toEqual({ ok: true, restored: 3 });
    expect(await rows(ids)).toEqual(before);
    expect(before.appointments[0]).toMatchObject({ series_id: seriesId, status_id: 2, outside_hours: true, source: "online" });
    const audits = await restoredAudits(ids);
    expect(audits.map((a) => a.description).sort()).toEqual(
      ["07/10/2031", "14/10/2031", "21/10/2031"].map((d) => `Agendamento de "${s.client.name}" em ${d} às 10:00 restaurado (exclusão desfeita)`),
    );
    expect(audits.every((a) => a.userId === s.employee.id && a.businessId === s.business.id)).toBe(true);
    expect(audits[0].newValues).toMatchObject({ client: s.client.name, time: "10:00", status: "confirmado", services: `${s.escova.name}, ${s.barba.name}` });
  });

  test("sent twice (and twice at once): restored once; the later one says how many came back", async () => {
    const { ids } = await series(s);
    const before = await rows(ids);
    await del(ids[0], "following");
    // One of them first: then the three, and only the two still missing come back.
    expect(await undo([ids[1]])).toEqual({ ok: true, restored: 1 });
    const [a, b] = await Promise.all([undo(ids), undo(ids)]);
    expect([a, b].map((r) => (r as { restored: number }).restored).sort()).toEqual([0, 2]);
    expect(await undo(ids)).toEqual({ ok: true, restored: 0 });
    expect(await rows(ids)).toEqual(before);
    expect(await restoredAudits(ids)).toHaveLength(3);
  });

  test("another business naming the ids: refused, nothing restored; the browser can send no rows", async () => {
    const { ids } = await series(s);
    await del(ids[0]);
    const other = await salon();
    await actAs(other.owner.id);
    expect(await undo([ids[0]], other.business.id)).toEqual({ ok: false, error: MSG.undoDeleteError, description: MSG.undoDeleteExpired });
    // Their own business's id under the other business: refused by the membership check.
    expect((await undo([ids[0]])).ok).toBe(false);
    // Row contents are not part of the input: only the ids are read.
    expect(await undoDeleteAction({ businessId: other.business.id, ids: [ids[0]], appointment: { business_id: other.business.id } } as never)).toMatchObject({ ok: false });
    expect((await rows([ids[0]])).appointments).toEqual([]);
  });

  test(`after ${UNDO_DELETE_SECONDS} s: refused, nothing restored`, async () => {
    const { ids } = await series(s);
    await del(ids[0], "following");
    await db.execute(sql`update audit_logs set created_at = now() - make_interval(secs => ${UNDO_DELETE_SECONDS + 1})
                          where entity_id = any(${`{${ids.join(",")}}`}::uuid[]) and action_type = 'DELETE'`);
    expect(await undo(ids)).toEqual({ ok: false, error: MSG.undoDeleteError, description: MSG.undoDeleteExpired });
    expect((await rows(ids)).appointments).toEqual([]);
  });

  test("a time taken meanwhile: 'Conflito de agenda' naming the date, and none of them comes back", async () => {
    const { ids } = await series(s);
    await del(ids[0], "following");
    // Rafael booked for another client over the second occurrence's Barba (10:45–11:15).
    const other = await createClient(s.business.id, { name: `Bia ${uniq()}` });
    expect(await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: other.id }, date: SERIES[1], time: "11:00",
      lines: [{ serviceId: s.barba.id, professionalId: s.rafael.id }],
    })).toMatchObject({ ok: true });
    expect(await undo(ids)).toEqual({
      ok: false, code: CONFLICTS.professional.code, error: "Conflito de agenda",
      description: `14/10/2031 às 10:00: ${CONFLICTS.professional.description} Nada foi restaurado.`,
    });
    expect((await rows(ids)).appointments).toEqual([]);
    expect(await restoredAudits(ids)).toHaveLength(0);
  });
});

/**
 * The one read path (lib/core/actions/define-read.ts, GET /api/live/{read}): every read refuses what the
 * action pipeline refuses, with the one JSON error shape; each write answers the change-log seqs it
 * made, with the appointment's days in the change.
 */
import { sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessHours, professionalServices } from "@/db/schema";
import { ACCESS } from "@/lib/core/actions/messages";
import { READ_REGISTRY } from "@/lib/core/actions/define-read";
import { createAppointmentAction, deleteAppointmentAction, moveAppointmentAction, setAppointmentStatusAction } from "@/lib/appointments/actions";
import { LIVE_READS } from "@/lib/core/live/reads";
import { GET } from "@/app/api/live/[resource]/route";
import { actAs, readAs } from "./act-as";
import { addBusinessRole, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-03-03";
const FRIDAY = "2031-03-07";

/** Valid parameters for each read, for a business's id and one of its appointments. */
const paramsFor = (read: string, appointmentId: string, professionalId: string): Record<string, string> =>
  ({
    "agenda.day": { date: MONDAY },
    "agenda.days": { from: MONDAY, to: FRIDAY },
    "agenda.summary": { today: MONDAY },
    "agenda.appointment": { id: appointmentId },
    "agenda.options": { date: MONDAY, time: "10:00", lines: "[]", appointmentId },
    "agenda.clients": { q: "" },
    "professionals.restrictions": { professionalId },
    "professionals.timeOff": { professionalId },
    "professionals.calendarFeed": { professionalId },
    "agenda.grid": { date: MONDAY },
    "allocation.day": { date: MONDAY },
    "business-hours": {},
    conversations: { q: "", filter: "all", page: "1" },
    dashboard: {},
    "waitlist.day": { date: MONDAY },
    "waitlist.counts": { from: MONDAY, to: FRIDAY },
  })[read] ?? {};

async function world() {
  const owner = await createUser();
  const employee = await createUser();
  const stranger = await createUser();
  const business = await createBusiness(owner.id);
  const theirs = await createBusiness(stranger.id);
  await addBusinessRole(employee.id, business.id, "employee");
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })));
  const service = await createService(business.id, 60);
  const professional = await createProfessional(business.id);
  await db.insert(professionalServices).values({ professionalId: professional.id, serviceId: service.id, price: "50.00", businessId: business.id });
  const client = await createClient(business.id);
  return { owner, employee, stranger, business, theirs, service, professional, client };
}

describe("the live reads", () => {
  test("every read is in the route's table, and the table holds nothing else", () => {
    expect(Object.keys(LIVE_READS).sort()).toEqual([...READ_REGISTRY.keys()].sort());
  });

  test("each read: its members read it; a stranger, an employee of an owners' read and no session are refused, by status and in Portuguese", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const booked = await createAppointmentAction({ businessId: w.business.id, client: { kind: "existing", id: w.client.id }, date: MONDAY, time: "10:00", lines: [{ serviceId: w.service.id, professionalId: w.professional.id }] });
    if (!booked.ok) throw new Error(booked.error);
    for (const [name, read] of READ_REGISTRY) {
      const params = { businessId: w.business.id, ...paramsFor(name, booked.id, w.professional.id) };
      await actAs(w.owner.id);
      expect((await readAs(read, params)).status, name).toBe(200);
      await actAs(w.employee.id);
      expect((await readAs(read, params)).status, name).toBe(read.level === "owner" ? 403 : 200);
      await actAs(w.stranger.id);
      expect(await readAs(read, params), name).toEqual({ status: 403, body: { error: expect.any(String), description: ACCESS.forbidden } });
      // The stranger's own business named, our row's id: nothing of ours.
      if (name === "agenda.appointment") expect((await readAs(read, { ...params, businessId: w.theirs.id })).body).toEqual({ appointment: null });
      await actAs(null);
      expect(await readAs(read, params), name).toEqual({ status: 401, body: { error: expect.any(String), description: ACCESS.notSignedIn } });
    }
  });

  test("bad parameters: 400 with the message per field; a repeated one and no business are refused too", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const day = LIVE_READS["agenda.day"];
    const bad = await readAs(day, { businessId: w.business.id, date: "2031-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty("date");
    const far = await readAs(LIVE_READS["agenda.days"], { businessId: w.business.id, from: FRIDAY, to: MONDAY });
    expect(far.status).toBe(400);
    expect((await day.answer(new URLSearchParams(`businessId=${w.business.id}&date=${MONDAY}&date=${FRIDAY}`))).status).toBe(400);
    expect((await readAs(day, { date: MONDAY })).status).toBe(400);
    expect((await readAs(day, { businessId: w.business.id, date: `${MONDAY}\u0000` })).status).toBe(400);
    const options = await readAs(LIVE_READS["agenda.options"], { businessId: w.business.id, date: MONDAY, time: "10:00", lines: "{não é json" });
    expect(options).toMatchObject({ status: 400, body: { fieldErrors: { lines: "Serviços inválidos" } } });
  });

  test("the route answers a read by its name, and 404 for any other name", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const ok = await GET(new Request(`http://x/api/live/agenda.days?businessId=${w.business.id}&from=${MONDAY}&to=${FRIDAY}`), { params: Promise.resolve({ resource: "agenda.days" }) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(await ok.json()).toMatchObject({ counts: {}, calendar: { hours: expect.any(Array) } });
    for (const name of ["toString", "__proto__", "nada"]) {
      const res = await GET(new Request(`http://x/api/live/${name}?businessId=${w.business.id}`), { params: Promise.resolve({ resource: name }) });
      expect(res.status, name).toBe(404);
    }
  });
});

describe("a write answers its own changes", () => {
  const logAfter = async (businessId: string, after: number) =>
    (await db.execute<{ seq: string; entity: string; op: string; days: string[] | null }>(sql`
      select seq::text, entity, op, days::text[] as days from changes where business_id = ${businessId} and seq > ${after} order by seq`)).map((r) => ({ ...r, seq: Number(r.seq) }));
  const lastSeq = async () => Number((await db.execute<{ s: string }>(sql`select coalesce(max(seq), 0)::text as s from changes`))[0].s);

  test("a booking: its seqs are its change rows, its card comes with the answer; a move names both days", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const before = await lastSeq();
    const booked = await createAppointmentAction({ businessId: w.business.id, client: { kind: "existing", id: w.client.id }, date: MONDAY, time: "10:00", lines: [{ serviceId: w.service.id, professionalId: w.professional.id }] });
    if (!booked.ok) throw new Error(booked.error);
    const made = await logAfter(w.business.id, before);
    expect(made.map((c) => [c.entity, c.op, c.days])).toEqual([["appointments", "INSERT", [MONDAY]]]);
    expect(booked.seqs).toEqual(made.map((c) => c.seq));
    expect(booked.appointment).toMatchObject({ id: booked.id, date: MONDAY, time: "10:00", client: { id: w.client.id }, lines: [expect.objectContaining({ professionalId: w.professional.id })] });

    const moving = await lastSeq();
    const moved = await moveAppointmentAction({ businessId: w.business.id, id: booked.id, date: FRIDAY });
    expect(moved).toMatchObject({ ok: true });
    const changed = await logAfter(w.business.id, moving);
    expect(changed.map((c) => c.days)).toEqual([[MONDAY, FRIDAY]]);
    expect(moved.ok && moved.seqs).toEqual(changed.map((c) => c.seq));

    // A refused write made no change and answers none.
    const refused = await setAppointmentStatusAction({ businessId: w.theirs.id, id: booked.id, statusId: 2 });
    expect(refused.ok).toBe(false);
    expect(refused).not.toHaveProperty("seqs");

    const deleting = await lastSeq();
    const deleted = await deleteAppointmentAction({ businessId: w.business.id, id: booked.id });
    expect(deleted.ok && deleted.seqs).toEqual((await logAfter(w.business.id, deleting)).map((c) => c.seq));
  });
});

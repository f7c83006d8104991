/**
 * The one read path (lib/core/actions/define-read.ts, GET /api/live/{read}): every read is declared
 * once in its feature's reads.ts, with the tables it shows, and the registry (lib/live-reads.ts) and
 * the browser's table-to-reads map are derived from those declarations; every read refuses what the
 * action pipeline refuses, with the one JSON error shape; each business write answers the change-log
 * rows it made, with the appointment's days in the change.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessHours, professionalServices } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { READ_REGISTRY } from "@/lib/core/actions/define-read";
import { createAppointmentAction, deleteAppointmentAction, moveAppointmentAction, seriesPreviewAction, setAppointmentStatusAction } from "@/lib/appointments/actions";
import { createClientAction } from "@/lib/clients/actions";
import { invalidates } from "@/lib/core/live/invalidation";
import { liveKey, type LiveKey } from "@/lib/core/live/keys";
import type { ChangeEvent } from "@/lib/core/realtime/events";
import { LIVE_READS, LIVE_RULES } from "@/lib/live-reads";
import { createBusinessAction } from "@/lib/businesses/actions";
import { GET } from "@/app/api/live/[resource]/route";
import { sourceFiles } from "../source-files";
import { actAs, readAs } from "./act-as";
import { STATUS } from "@/lib/appointments/status";
import { addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-03-03";
const FRIDAY = "2031-03-07";

/** Valid parameters for each read, for a business's id and one of its appointments. */
const paramsFor = (read: string, appointmentId: string, professionalId: string, clientId = ""): Record<string, string> =>
  ({
    "appointments.day": { date: MONDAY },
    "appointments.days": { from: MONDAY, to: FRIDAY },
    "appointments.summary": { today: MONDAY },
    "appointments.appointment": { id: appointmentId },
    "appointments.series": { id: appointmentId },
    "appointments.options": { date: MONDAY, time: "10:00", lines: "[]", appointmentId },
    "appointments.clients": { q: "" },
    "appointments.freeTimes": { id: appointmentId, date: MONDAY },
    "appointments.lastVisit": { clientId },
    "clients.duplicates": { phone: "65 99999-0000" },
    "professionals.restrictions": { professionalId },
    "professionals.timeOff": { professionalId },
    "professionals.calendarFeed": { professionalId },
    "appointments.grid": { date: MONDAY },
    "allocation.day": { date: MONDAY },
    "business-hours": {},
    conversations: { q: "", filter: "all", page: "1" },
    dashboard: {},
    "waitlist.day": { date: MONDAY },
    "waitlist.counts": { from: MONDAY, to: FRIDAY },
    // Any id will do: an id of no product of the business reads { history: null }.
    "products.history": { productId: appointmentId },
    // Any id will do: an id of no comanda of the business reads { comanda: null }.
    comanda: { id: appointmentId },
    clientAccount: { clientId },
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

const ROOT = path.resolve(__dirname, "../..");

describe("each read declared once, the registry and the map derived", () => {
  test("every read of every lib/<feature>/reads.ts is in the route's table, and the table holds nothing else", async () => {
    const files = sourceFiles(path.join(ROOT, "lib"), (f) => /[/\\]reads\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) await import(f);
    expect(Object.keys(LIVE_READS).sort()).toEqual([...READ_REGISTRY.keys()].sort());
  });

  test("a live read names at least one table, each one the change log records; a read once says so (`live: false`)", async () => {
    // The tables whose rows the change log records: those with migration 0021's trigger.
    const watched = (await db.execute<{ t: string }>(sql`
      select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where p.proname = 'record_agenda_change'`)).map((r) => r.t);
    expect(watched).toContain("appointments");
    for (const read of READ_REGISTRY.values()) {
      if (read.live === false) continue;
      expect(read.live.tables.length, `${read.name} names no table: declare its tables, or \`live: false\` for a read once`).toBeGreaterThan(0);
      for (const t of read.live.tables) expect(watched, `${read.name}: ${t} has no change trigger`).toContain(t);
      for (const t of read.live.notInserts ?? []) expect(read.live.tables, read.name).toContain(t);
    }
    expect(Object.keys(LIVE_RULES).sort()).toEqual([...READ_REGISTRY.values()].filter((r) => r.live).map((r) => r.name).sort());
  });

  test("the derived map: an appointment's change reads again only the days it touches; a change without days every read of its table", () => {
    const A = "00000000-0000-4000-8000-00000000000a";
    const B = "00000000-0000-4000-8000-00000000000b";
    const change = (table: string, more: Partial<ChangeEvent> = {}): ChangeEvent => ({ table, op: "UPDATE", id: null, businessId: A, seq: 1, days: null, ...more });
    const stale = (e: ChangeEvent, key: LiveKey) => invalidates(e, key, LIVE_RULES);
    const moved = change("appointments", { days: ["2026-12-01", "2026-12-05"] });
    expect(stale(moved, liveKey(A, "appointments.day", { date: "2026-12-01" }))).toBe(true);
    expect(stale(moved, liveKey(A, "appointments.day", { date: "2026-12-05", first: "1" }))).toBe(true);
    expect(stale(moved, liveKey(A, "appointments.day", { date: "2026-12-02" }))).toBe(false);
    expect(stale(moved, liveKey(A, "allocation.day", { date: "2026-12-03" }))).toBe(false);
    expect(stale(moved, liveKey(A, "appointments.grid", { date: "2026-12-05" }))).toBe(true);
    expect(stale(moved, liveKey(A, "appointments.days", { from: "2026-12-02", to: "2026-12-04" }))).toBe(false);
    expect(stale(moved, liveKey(A, "appointments.days", { from: "2026-12-04", to: "2026-12-31" }))).toBe(true);
    expect(stale(moved, liveKey(A, "appointments.summary", { today: "2026-11-26" }))).toBe(true);
    expect(stale(moved, liveKey(A, "dashboard"))).toBe(true);
    expect(stale(moved, liveKey(A, "appointments.appointment", { id: A }))).toBe(false);
    for (const read of Object.keys(LIVE_RULES) as (keyof typeof LIVE_RULES & LiveKey[1])[]) {
      expect(stale(change("appointments", { businessId: B, days: ["2026-12-01"] }), liveKey(A, read, { date: "2026-12-01", from: "2026-12-01", to: "2026-12-01" }))).toBe(false);
    }
    expect(stale(change("business_holidays"), liveKey(A, "appointments.days", { from: "2026-12-01", to: "2026-12-31" }))).toBe(true);
    expect(stale(change("business_holidays"), liveKey(A, "allocation.day", { date: "2026-12-01" }))).toBe(true);
    expect(stale(change("business_holidays"), liveKey(A, "appointments.day", { date: "2026-12-01" }))).toBe(false);
    expect(stale(change("clients"), liveKey(A, "appointments.day", { date: "2026-12-01" }))).toBe(true);
    expect(stale(change("clients", { op: "INSERT" }), liveKey(A, "appointments.day", { date: "2026-12-01" }))).toBe(false);
    expect(stale(change("clients", { op: "INSERT" }), liveKey(A, "dashboard"))).toBe(true);
    expect(stale(change("clients"), liveKey(A, "business-hours"))).toBe(false);
    expect(stale(change("businesses"), liveKey(A, "business-hours"))).toBe(true);
    expect(stale(change("conversations"), liveKey(A, "conversations", { q: "", filter: "all", page: "1" }))).toBe(true);
    expect(stale(change("professional_time_off"), liveKey(A, "professionals.timeOff", { professionalId: A }))).toBe(true);
    expect(stale(change("waitlist_entries"), liveKey(A, "waitlist.counts", { from: "2026-12-01", to: "2026-12-01" }))).toBe(true);
  });
});

describe("the live reads", () => {

  test("each read: its members read it; a stranger, an employee of an owners' read and no session are refused, by status and in Portuguese", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const booked = await createAppointmentAction({ businessId: w.business.id, client: { kind: "existing", id: w.client.id }, date: MONDAY, time: "10:00", lines: [{ serviceId: w.service.id, professionalId: w.professional.id }] });
    if (!booked.ok) throw new Error(booked.error);
    for (const [name, read] of READ_REGISTRY) {
      const params = { businessId: w.business.id, ...paramsFor(name, booked.id, w.professional.id, w.client.id) };
      await actAs(w.owner.id);
      expect((await readAs(read, params)).status, name).toBe(200);
      await actAs(w.employee.id);
      expect((await readAs(read, params)).status, name).toBe(read.level === "owner" ? 403 : 200);
      await actAs(w.stranger.id);
      expect(await readAs(read, params), name).toEqual({ status: 403, body: { error: expect.any(String), description: ACCESS.forbidden } });
      // The stranger's own business named, our row's id: nothing of ours.
      if (name === "appointments.appointment") expect((await readAs(read, { ...params, businessId: w.theirs.id })).body).toEqual({ appointment: null });
      if (name === "appointments.series") expect((await readAs(read, { ...params, businessId: w.theirs.id })).body).toEqual({ series: { total: 0, active: 0 } });
      await actAs(null);
      expect(await readAs(read, params), name).toEqual({ status: 401, body: { error: expect.any(String), description: ACCESS.notSignedIn } });
    }
  });

  test("bad parameters: 400 with the message per field; a repeated one and no business are refused too", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const day = LIVE_READS["appointments.day"];
    const bad = await readAs(day, { businessId: w.business.id, date: "2031-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty("date");
    const far = await readAs(LIVE_READS["appointments.days"], { businessId: w.business.id, from: FRIDAY, to: MONDAY });
    expect(far.status).toBe(400);
    expect((await day.answer(new URLSearchParams(`businessId=${w.business.id}&date=${MONDAY}&date=${FRIDAY}`))).status).toBe(400);
    expect((await readAs(day, { date: MONDAY })).status).toBe(400);
    expect((await readAs(day, { businessId: w.business.id, date: `${MONDAY}\u0000` })).status).toBe(400);
    const options = await readAs(LIVE_READS["appointments.options"], { businessId: w.business.id, date: MONDAY, time: "10:00", lines: "{não é json" });
    expect(options).toMatchObject({ status: 400, body: { fieldErrors: { lines: "Serviços inválidos" } } });
  });

  test("the route answers a read by its name, and 404 for any other name", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const ok = await GET(new Request(`http://x/api/live/appointments.days?businessId=${w.business.id}&from=${MONDAY}&to=${FRIDAY}`), { params: Promise.resolve({ resource: "appointments.days" }) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(await ok.json()).toMatchObject({ counts: {}, calendar: { hours: expect.any(Array) } });
    for (const name of ["toString", "__proto__", "nada"]) {
      const res = await GET(new Request(`http://x/api/live/${name}?businessId=${w.business.id}`), { params: Promise.resolve({ resource: name }) });
      expect(res.status, name).toBe(404);
    }
  });
});

describe("a business write answers its own changes when the write hook asks", () => {
  // What components/live/use-write.ts sends with every write.
  const ASK = { changes: true } as const;
  const logAfter = async (businessId: string, after: number) =>
    (await db.execute<{ seq: string; entity: string; op: string; days: string[] | null }>(sql`
      select seq::text, entity, op, days::text[] as days from changes where business_id = ${businessId} and seq > ${after} order by seq`)).map((r) => ({ ...r, seq: Number(r.seq) }));
  const lastSeq = async () => Number((await db.execute<{ s: string }>(sql`select coalesce(max(seq), 0)::text as s from changes`))[0].s);

  const asLog = (changes: ChangeEvent[] | undefined) => (changes ?? []).map((c) => ({ seq: c.seq, entity: c.table, op: c.op, days: c.days ?? null }));

  test("a booking: its changes are its change rows, its card comes with the answer; a move names both days", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const before = await lastSeq();
    const booked = await createAppointmentAction({ businessId: w.business.id, client: { kind: "existing", id: w.client.id }, date: MONDAY, time: "10:00", lines: [{ serviceId: w.service.id, professionalId: w.professional.id }] }, ASK);
    if (!booked.ok) throw new Error(booked.error);
    const made = await logAfter(w.business.id, before);
    expect(made.map((c) => [c.entity, c.op, c.days])).toEqual([["appointments", "INSERT", [MONDAY]]]);
    expect(asLog(booked.changes)).toEqual(made);
    expect(booked.changes?.[0]).toMatchObject({ businessId: w.business.id, id: booked.id });
    expect(booked.appointment).toMatchObject({ id: booked.id, date: MONDAY, time: "10:00", client: { id: w.client.id }, lines: [expect.objectContaining({ professionalId: w.professional.id })] });

    const moving = await lastSeq();
    const moved = await moveAppointmentAction({ businessId: w.business.id, id: booked.id, date: FRIDAY }, ASK);
    expect(moved).toMatchObject({ ok: true });
    const changed = await logAfter(w.business.id, moving);
    expect(changed.map((c) => c.days)).toEqual([[MONDAY, FRIDAY]]);
    expect(asLog(moved.ok ? moved.changes : [])).toEqual(changed);

    // A refused write made no change and answers none.
    const refused = await setAppointmentStatusAction({ businessId: w.theirs.id, id: booked.id, statusId: 2 }, ASK);
    expect(refused.ok).toBe(false);
    expect(refused).not.toHaveProperty("changes");

    const deleting = await lastSeq();
    const deleted = await deleteAppointmentAction({ businessId: w.business.id, id: booked.id }, ASK);
    expect(asLog(deleted.ok ? deleted.changes : [])).toEqual(await logAfter(w.business.id, deleting));
  });

  test("'Faltou' answers the client's no-show count change, without days: every loaded day's cards are stale (the client's 'N faltas'), other reads are not", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const past = await createAppointment({ businessId: w.business.id, clientId: w.client.id, date: "2026-01-05", time: "10:00", services: [{ serviceId: w.service.id, professionalId: w.professional.id }] });
    const before = await lastSeq();
    const marked = await setAppointmentStatusAction({ businessId: w.business.id, id: past.id, statusId: STATUS.faltou }, ASK);
    if (!marked.ok) throw new Error(marked.error);
    const made = await logAfter(w.business.id, before);
    expect(made.map((c) => [c.entity, c.op, c.days])).toEqual([["appointments", "UPDATE", ["2026-01-05"]], ["client_appointment_stats", "UPDATE", null]]);
    expect(asLog(marked.changes)).toEqual(made);
    const stats = marked.changes!.find((c) => c.table === "client_appointment_stats")!;
    expect(invalidates(stats, liveKey(w.business.id, "appointments.day", { date: MONDAY }), LIVE_RULES)).toBe(true);
    expect(invalidates(stats, liveKey(w.business.id, "appointments.summary", { today: MONDAY }), LIVE_RULES)).toBe(false);
    // A status that is not 'Faltou' and was not leaves the count alone: no such change.
    const again = await lastSeq();
    await setAppointmentStatusAction({ businessId: w.business.id, id: past.id, statusId: STATUS.concluido }, ASK);
    await setAppointmentStatusAction({ businessId: w.business.id, id: past.id, statusId: STATUS.confirmado }, ASK);
    // ('Concluído' opens the visit's comanda, issue 53.)
    expect((await logAfter(w.business.id, again)).map((c) => c.entity)).toEqual(["appointments", "client_appointment_stats", "comandas", "appointments"]);
  });

  test("every business write answers them (a client's too); unasked, a write of no business and a read answer none", async () => {
    const w = await world();
    await actAs(w.owner.id);
    const unasked = await createClientAction({ businessId: w.business.id, name: "Cliente Sem Pedido", phone: "65999990001", email: "" });
    expect(unasked.ok).toBe(true);
    expect(unasked).not.toHaveProperty("changes");
    const before = await lastSeq();
    const made = await createClientAction({ businessId: w.business.id, name: "Cliente Nova", phone: "65999990000", email: "" }, ASK);
    if (!made.ok) throw new Error(made.error);
    expect(asLog(made.changes)).toEqual(await logAfter(w.business.id, before));
    expect(made.changes?.map((c) => [c.table, c.op])).toEqual([["clients", "INSERT"]]);
    // A user's write (the business is new: no page of it is open) and a business's read.
    const business = await createBusinessAction({ name: "Outro Negócio" }, ASK);
    expect(business.ok).toBe(true);
    expect(business).not.toHaveProperty("changes");
    const preview = await seriesPreviewAction({
      businessId: w.business.id, client: { kind: "existing", id: w.client.id }, date: MONDAY, time: "10:00",
      lines: [{ serviceId: w.service.id, professionalId: w.professional.id }], recurrence: { frequency: "week1", end: { kind: "count", count: 2 } },
    }, ASK);
    expect(preview.ok).toBe(true);
    expect(preview).not.toHaveProperty("changes");
  });
});

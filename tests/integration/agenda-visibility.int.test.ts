/**
 * 'Ver a agenda dos outros profissionais' (issue 52 item 14, the grant `otherAgendas`): an employee
 * without it sees and changes only the appointments of the professional linked to them
 * ('Profissional vinculado', user_business_roles.professional_id), none when no professional is
 * linked (lib/appointments/visibility.ts). Every agenda action of the authorization table, called
 * by such an employee on another professional's appointment, is refused with nothing changed, and
 * works on their own; every read leaves the other's appointment out; the link can't name another
 * business's professional; a change of the grant holds from the next call.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { userBusinessRoles } from "@/db/schema";
import { ACCESS, GRANTS } from "@/lib/auth/permissions";
import { TABLE, type ActionRow, type RouteRow, type Target } from "./authz-table";
import { become, buildWorld, fingerprint, type World } from "./authz-world";
import { serverActions, type ServerAction } from "./server-surface";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

const actions = await serverActions();
const withoutAgendas = GRANTS.filter((g) => g !== "otherAgendas");
const every = { deleteClients: true, catalog: true, hours: true, calendarLinks: true, otherAgendas: true };

/** A world whose business A has a second professional, 'Outra Pessoa' (no tag in the name: a read's answer is searched for A's tag). */
async function world(): Promise<World & { other: string }> {
  const w = await buildWorld();
  const [p] = await db.execute<{ id: string }>(sql`insert into professionals (business_id, name) values (${w.a.business.id}, 'Outra Pessoa') returning id`);
  return Object.assign(w, { other: p.id });
}
/** The employee of A: its grants, and the professional linked to them. */
async function employeeOf(w: World, grants: readonly string[], professionalId: string | null) {
  await db.update(userBusinessRoles).set({ grants: [...grants] as never, professionalId })
    .where(and(eq(userBusinessRoles.userId, w.a.employee.id), eq(userBusinessRoles.businessId, w.a.business.id)));
  await become(w, "employee");
}
const direct = (w: World): Target => ({ businessId: w.a.business.id, own: w.a, rows: w.a });

async function call(w: World, row: ActionRow) {
  await row.arrange?.(w, "employee");
  const fn = actions.get(row.name)!.fn as ServerAction;
  return (await fn((await row.input(direct(w), w, "employee")) as never)) as { ok: boolean; error?: string; description?: string };
}

// The agenda's writes on A's appointment (its service is with A's professional). 'Desfazer' of a
// delete has its own case below: the table's deleted appointment has no professional.
const writes = TABLE.filter((r): r is ActionRow => r.kind === "action" && r.name.startsWith("appointments.") && r.name !== "appointments.seriesPreview" && r.name !== "appointments.undoDelete");

describe("the agenda's writes", () => {
  test("the table lists every agenda write", () => {
    expect(writes.map((r) => r.name).sort()).toEqual([
      "appointments.create", "appointments.createSeries", "appointments.delete", "appointments.gridMove", "appointments.move", "appointments.reschedule",
      "appointments.services", "appointments.status", "appointments.time", "appointments.undoCancel",
    ]);
  });

  test.each(writes.map((r) => [r.name, r] as const))("%s: refused on another professional's appointment, nothing changed; works on their own", async (_, row) => {
    const w = await world();
    if (row.name === "appointments.undoCancel") await db.execute(sql`update appointments set status_id = 3 where id = ${w.a.appointment.id}`);
    await employeeOf(w, withoutAgendas, w.other);
    const before = await fingerprint([w.a, w.b]);
    const refused = await call(w, row);
    expect(refused).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await fingerprint([w.a, w.b])).toEqual(before);

    // None linked: refused too.
    await employeeOf(w, withoutAgendas, null);
    expect(await call(w, row)).toMatchObject({ ok: false, description: ACCESS.forbidden });

    await employeeOf(w, withoutAgendas, w.a.professional.id);
    const done = await call(w, row);
    expect(done.ok, JSON.stringify(done)).toBe(true);
  });

  test("the grid's drag and 'Reagendar' can't give the appointment to another professional", async () => {
    const w = await world();
    await db.execute(sql`insert into professional_services (professional_id, service_id, price, business_id) values (${w.other}, ${w.a.service.id}, 10, ${w.a.business.id})`);
    await employeeOf(w, withoutAgendas, w.a.professional.id);
    const gridMove = actions.get("appointments.gridMove")!.fn as ServerAction;
    expect(await gridMove({ businessId: w.a.business.id, id: w.a.appointment.id, time: "10:00", from: w.a.professional.id, to: w.other } as never))
      .toMatchObject({ ok: false, description: ACCESS.forbidden });
    const reschedule = actions.get("appointments.reschedule")!.fn as ServerAction;
    expect(await reschedule({ businessId: w.a.business.id, id: w.a.appointment.id, date: w.a.date, time: "16:00", professionalId: w.other } as never))
      .toMatchObject({ ok: false, description: ACCESS.forbidden });
    const create = actions.get("appointments.create")!.fn as ServerAction;
    expect(await create({ businessId: w.a.business.id, client: { kind: "existing", id: w.a.client.id }, date: w.a.date, time: "15:00", lines: [{ serviceId: w.a.service.id, professionalId: null }] } as never))
      .toMatchObject({ ok: false, description: ACCESS.forbidden });
  });

  test("on a shared appointment they change their own professional's services only; the other professional's lines stay", async () => {
    const w = await world();
    // A's appointment gets a second line, with the other professional.
    await db.execute(sql`insert into professional_services (professional_id, service_id, price, business_id) values (${w.other}, ${w.a.service.id}, 10, ${w.a.business.id})`);
    await db.execute(sql`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position, after_previous)
      values (${w.a.appointment.id}, ${w.a.service.id}, ${w.other}, ${w.a.business.id}, 1, true)`);
    await employeeOf(w, withoutAgendas, w.a.professional.id);
    const services = actions.get("appointments.services")!.fn as ServerAction;
    const own = { serviceId: w.a.service.id, professionalId: w.a.professional.id, afterPrevious: false };
    const theirs = { serviceId: w.a.service.id, professionalId: w.other, afterPrevious: true };
    const lines = async () => (await db.execute<{ p: string }>(sql`select professional_id::text as p from appointment_services where appointment_id = ${w.a.appointment.id} order by position`)).map((r) => r.p);
    // Dropping the other professional's line, or moving it to themselves: refused, nothing changed.
    for (const bent of [[own], [own, { ...theirs, professionalId: w.a.professional.id }]]) {
      expect(await services({ businessId: w.a.business.id, id: w.a.appointment.id, lines: bent } as never)).toMatchObject({ ok: false, description: ACCESS.forbidden });
      expect(await lines()).toEqual([w.a.professional.id, w.other]);
    }
    // Their own line changed, the other's kept: done.
    const kept = (await services({ businessId: w.a.business.id, id: w.a.appointment.id, lines: [own, theirs] } as never)) as { ok: boolean };
    expect(kept.ok, JSON.stringify(kept)).toBe(true);
    expect(await lines()).toEqual([w.a.professional.id, w.other]);
  });

  test("'Desfazer' of a delete puts back their own appointment, not another professional's", async () => {
    const w = await world();
    const del = actions.get("appointments.delete")!.fn as ServerAction;
    const undo = actions.get("appointments.undoDelete")!.fn as ServerAction;
    await become(w, "owner");
    expect(await del({ businessId: w.a.business.id, id: w.a.appointment.id } as never)).toMatchObject({ ok: true });
    await employeeOf(w, withoutAgendas, w.other);
    expect(await undo({ businessId: w.a.business.id, ids: [w.a.appointment.id] } as never)).toMatchObject({ ok: false, description: ACCESS.forbidden });
    await employeeOf(w, withoutAgendas, w.a.professional.id);
    expect(await undo({ businessId: w.a.business.id, ids: [w.a.appointment.id] } as never)).toMatchObject({ ok: true, restored: 1 });
  });
});

const route = (name: string) => TABLE.find((r): r is RouteRow => r.kind === "route" && r.name === name)!;
// The reads that show A's appointment (its client's name carries A's tag).
const reads = ["appointments.day", "appointments.appointment", "appointments.grid", "allocation.day", "notifications"].map((n) => `GET /api/live/${n}`);

describe("the agenda's reads", () => {
  let w: World & { other: string };
  beforeAll(async () => {
    w = await world();
  });

  test.each(reads)("%s: another professional's appointment is left out; their own is in", async (name) => {
    const row = route(name);
    await employeeOf(w, withoutAgendas, w.other);
    const hidden = await row.call(direct(w), w, "employee");
    expect(hidden.status).toBe(200);
    expect(hidden.body).not.toContain(w.a.tag);
    await employeeOf(w, withoutAgendas, w.a.professional.id);
    const shown = await row.call(direct(w), w, "employee");
    expect(row.ok(shown, direct(w))).toBe(true);
  });

  test("the day counts and the month cards count their own appointments alone", async () => {
    const days = route("GET /api/live/appointments.days");
    const summary = route("GET /api/live/appointments.summary");
    await employeeOf(w, withoutAgendas, w.other);
    const counts = JSON.parse((await days.call(direct(w), w, "employee")).body).counts as Record<string, number>;
    expect(counts[w.a.date]).toBeUndefined();
    expect(JSON.parse((await summary.call(direct(w), w, "employee")).body).summary.total).toBe(0);
    await employeeOf(w, GRANTS, w.other);
    expect((JSON.parse((await days.call(direct(w), w, "employee")).body).counts as Record<string, number>)[w.a.date]).toBeGreaterThan(0);
  });

  test("the grant's removal holds from the next call; given back, every professional's again", async () => {
    const row = route("GET /api/live/appointments.day");
    await employeeOf(w, GRANTS, w.other);
    expect((await row.call(direct(w), w, "employee")).body).toContain(w.a.tag);
    const { setMemberGrantsAction } = await import("@/lib/team/actions");
    await become(w, "owner");
    expect(await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: { ...every, otherAgendas: false }, professionalId: w.other })).toMatchObject({ ok: true });
    await become(w, "employee");
    expect((await row.call(direct(w), w, "employee")).body).not.toContain(w.a.tag);
    await become(w, "owner");
    expect(await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: every, professionalId: w.other })).toMatchObject({ ok: true });
    await become(w, "employee");
    expect((await row.call(direct(w), w, "employee")).body).toContain(w.a.tag);
  });

  test("the owner sees every professional's, whatever their own row says", async () => {
    await db.update(userBusinessRoles).set({ grants: [] }).where(and(eq(userBusinessRoles.userId, w.a.owner.id), eq(userBusinessRoles.businessId, w.a.business.id)));
    await become(w, "owner");
    expect((await route("GET /api/live/appointments.day").call(direct(w), w, "owner")).body).toContain(w.a.tag);
    await db.update(userBusinessRoles).set({ grants: [...GRANTS] }).where(and(eq(userBusinessRoles.userId, w.a.owner.id), eq(userBusinessRoles.businessId, w.a.business.id)));
  });
});

describe("the link ('Profissional vinculado')", () => {
  test("set with the grants, audited; another business's professional is refused; one professional, one member", async () => {
    const w = await world();
    const { setMemberGrantsAction } = await import("@/lib/team/actions");
    await become(w, "owner");
    const input = (professionalId: string) => ({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: { ...every, otherAgendas: false }, professionalId });
    expect(await setMemberGrantsAction(input(w.a.professional.id))).toMatchObject({ ok: true });
    const linked = async () => (await db.select({ p: userBusinessRoles.professionalId }).from(userBusinessRoles)
      .where(and(eq(userBusinessRoles.userId, w.a.employee.id), eq(userBusinessRoles.businessId, w.a.business.id))))[0].p;
    expect(await linked()).toBe(w.a.professional.id);
    const [audit] = await db.execute<{ description: string }>(sql`
      select description from audit_logs where business_id = ${w.a.business.id} and entity_id = ${w.a.professional.id} and description like '%vinculado a%'`);
    expect(audit.description).toMatch(/^Profissional "Profissional tag\w+" vinculado a Pessoa tag/);

    // Another business's professional: refused by the server, and by the database's key.
    expect(await setMemberGrantsAction(input(w.b.professional.id))).toMatchObject({ ok: false });
    expect(await linked()).toBe(w.a.professional.id);
    await expect(db.execute(sql`update user_business_roles set professional_id = ${w.b.professional.id} where user_id = ${w.a.employee.id} and business_id = ${w.a.business.id}`)).rejects.toThrow();
    // Not a uuid: the schema refuses it.
    expect(await setMemberGrantsAction(input("qualquer"))).toMatchObject({ ok: false });

    // One member per professional.
    await expect(db.execute(sql`update user_business_roles set professional_id = ${w.a.professional.id} where user_id = ${w.a.owner.id} and business_id = ${w.a.business.id}`)).rejects.toThrow();

    // 'Nenhum' unlinks, audited.
    expect(await setMemberGrantsAction(input("nenhum"))).toMatchObject({ ok: true });
    expect(await linked()).toBeNull();

    // Deleting the professional empties the link only.
    expect(await setMemberGrantsAction(input(w.other))).toMatchObject({ ok: true });
    await db.execute(sql`delete from professionals where id = ${w.other}`);
    expect(await linked()).toBeNull();
  });
});

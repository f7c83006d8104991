/**
 * Access profiles (issue 52, item 14): what an employee may do beyond booking is the owner's to
 * grant, per member (user_business_roles.grants, lib/auth/permissions.ts GRANTS). Every action
 * that names a grant (ACTION_REGISTRY) is refused by the server to an employee without it, with the
 * authorization table's own input and nothing changed; every page whose route row names one says
 * why in its place; the sidebar leaves it out; an owner or administrator holds every grant; the
 * owner sets them on the team page ('team.setGrants'), and the member's next call reads them from
 * the database, not from the session.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { userBusinessRoles } from "@/db/schema";
import { navGroups } from "@/components/shell/nav";
import { requireBusinessPage } from "@/lib/auth/guards";
import { ACCESS, DEFAULT_GRANTS, GRANTS, type Grant } from "@/lib/auth/permissions";
import { ACTION_REGISTRY } from "@/lib/core/actions/define-action";
import { ROUTES, type RoutePath } from "@/lib/routes";
import { TABLE, type ActionRow, type Target } from "./authz-table";
import { become, buildWorld, fingerprint, type World } from "./authz-world";
import { serverActions, type ServerAction } from "./server-surface";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);
vi.mock("next/server", async () => ({ ...(await vi.importActual<object>("next/server")), after: (fn: () => unknown) => void fn() }));

// Imported before the cases are listed: the registry fills as the action modules load.
const actions = await serverActions();
let w: World;

beforeAll(async () => {
  w = await buildWorld();
});

async function grantsOf(userId: string, businessId: string) {
  const [row] = await db.select({ grants: userBusinessRoles.grants }).from(userBusinessRoles)
    .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
  return row.grants;
}
async function setGrants(userId: string, businessId: string, grants: readonly Grant[]) {
  await db.update(userBusinessRoles).set({ grants: [...grants] })
    .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
}
const every = { deleteClients: true, catalog: true, hours: true, calendarLinks: true, otherAgendas: true };
const allBut = (grant: Grant) => GRANTS.filter((g) => g !== grant);
const direct = (): Target => ({ businessId: w.a.business.id, own: w.a, rows: w.a });

async function call(name: string) {
  const row = TABLE.find((r): r is ActionRow => r.kind === "action" && r.name === name)!;
  const fn = actions.get(name)!.fn as ServerAction;
  return (await fn((await row.input(direct(), w, "employee")) as never)) as { ok: boolean; error?: string; description?: string };
}

const gated = [...ACTION_REGISTRY].filter(([, a]) => a.grant).map(([name, a]) => [name, a.grant as Grant] as const);

describe("the gated actions", () => {
  test("each grant gates the actions of its part: deleting clients, the catalog, the hours, the calendar links", () => {
    const by = (g: Grant) => gated.filter(([, x]) => x === g).map(([n]) => n).sort();
    expect(by("deleteClients")).toEqual(["clients.delete"]);
    expect(by("catalog")).toEqual([
      "professionals.create", "professionals.delete", "professionals.update",
      "services.create", "services.delete", "services.setActive", "services.update",
    ]);
    expect(by("hours")).toEqual([
      "businessHours.addHoliday", "businessHours.bookingWindow", "businessHours.holidaySetting", "businessHours.removeHoliday", "businessHours.saveWeek",
    ]);
    expect(by("calendarLinks")).toEqual(["professionals.calendarFeed.generate", "professionals.calendarFeed.revoke"]);
    // The other professionals' agendas gate no action: without it, the agenda's reads and writes keep
    // to the linked professional's appointments (agenda-visibility.int.test.ts).
    expect(by("otherAgendas")).toEqual([]);
  });

  test("a new membership holds the default grants: the all-staff management pages and every agenda, not the calendar links (the owner's before grants)", async () => {
    expect(await grantsOf(w.a.employee.id, w.a.business.id)).toEqual([...DEFAULT_GRANTS]);
    expect(DEFAULT_GRANTS).toEqual(GRANTS.filter((g) => g !== "calendarLinks"));
  });

  test.each(gated)("%s is refused by the server to an employee without '%s', and nothing changes", async (name, grant) => {
    await setGrants(w.a.employee.id, w.a.business.id, allBut(grant));
    await become(w, "employee");
    const before = await fingerprint([w.a, w.b], [w.client.id, w.admin.id]);
    const out = await call(name);
    expect(out.ok, JSON.stringify(out)).toBe(false);
    expect(out.description).toBe(ACCESS.forbidden);
    expect(await fingerprint([w.a, w.b], [w.client.id, w.admin.id])).toEqual(before);
    await setGrants(w.a.employee.id, w.a.business.id, GRANTS);
  });

  test("an owner holds every grant whatever their row says", async () => {
    await setGrants(w.a.owner.id, w.a.business.id, []);
    await become(w, "owner");
    expect((await call("businessHours.bookingWindow")).ok).toBe(true);
    expect((await call("services.create")).ok).toBe(true);
    await setGrants(w.a.owner.id, w.a.business.id, GRANTS);
  });
});

describe("the owner sets them on the team page", () => {
  test("'team.setGrants' takes effect on the member's next call (read from the database, not the session)", async () => {
    const { setMemberGrantsAction } = await import("@/lib/team/actions");
    await become(w, "employee");
    expect((await call("businessHours.bookingWindow")).ok).toBe(true);

    await become(w, "owner");
    expect(await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: { deleteClients: true, catalog: false, hours: false, calendarLinks: false, otherAgendas: true }, professionalId: "nenhum" })).toMatchObject({ ok: true });
    expect(await grantsOf(w.a.employee.id, w.a.business.id)).toEqual(["deleteClients", "otherAgendas"]);

    // The same session as before the change.
    await become(w, "employee");
    expect(await call("businessHours.bookingWindow")).toMatchObject({ ok: false, description: ACCESS.forbidden });

    await become(w, "owner");
    expect(await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: every, professionalId: "nenhum" })).toMatchObject({ ok: true });
    await become(w, "employee");
    expect((await call("businessHours.bookingWindow")).ok).toBe(true);
  });

  test("'calendarLinks' lets an employee make a professional's link; taking it away revokes the links they made, audited", async () => {
    const { setMemberGrantsAction } = await import("@/lib/team/actions");
    await setGrants(w.a.employee.id, w.a.business.id, GRANTS);
    await become(w, "employee");
    const made = await call("professionals.calendarFeed.generate");
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const feeds = () => db.execute<{ n: number }>(sql`select count(*)::int as n from professional_calendar_feeds where business_id = ${w.a.business.id} and created_by = ${w.a.employee.id}`);
    expect((await feeds())[0].n).toBe(1);

    await become(w, "owner");
    expect(await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: { ...every, calendarLinks: false, otherAgendas: true }, professionalId: "nenhum" })).toMatchObject({ ok: true });
    expect((await feeds())[0].n).toBe(0);
    const [audit] = await db.execute<{ description: string }>(sql`
      select description from audit_logs where business_id = ${w.a.business.id} and description like '%perdeu a permissão' order by created_at desc limit 1`);
    const [pro] = await db.execute<{ name: string }>(sql`select name from professionals where id = ${w.a.professional.id}`);
    expect(audit.description).toBe(`Link da agenda (iCal) de "${pro.name}" revogado: quem o gerou perdeu a permissão`);
    await become(w, "employee");
    expect(await call("professionals.calendarFeed.generate")).toMatchObject({ ok: false, description: ACCESS.forbidden });
    await setGrants(w.a.employee.id, w.a.business.id, GRANTS);
  });

  test("an owner's own grants can't be set, nor an unknown grant; an employee can't set any", async () => {
    const { setMemberGrantsAction } = await import("@/lib/team/actions");
    await become(w, "owner");
    expect((await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.owner.id, grants: { deleteClients: false, catalog: false, hours: false, calendarLinks: false, otherAgendas: true }, professionalId: "nenhum" })).ok).toBe(false);
    expect((await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: { ...every, reports: true } as typeof every, professionalId: "nenhum" })).ok).toBe(false);
    await become(w, "employee");
    expect((await setMemberGrantsAction({ businessId: w.a.business.id, memberId: w.a.employee.id, grants: every, professionalId: "nenhum" })).ok).toBe(false);
    expect(await grantsOf(w.a.owner.id, w.a.business.id)).toEqual([...GRANTS]);
  });
});

describe("the gated pages", () => {
  const pages = (ROUTES as readonly { path: string; grant?: Grant }[]).filter((r) => r.grant);

  test("the services page needs the catalog, the hours page the hours", () => {
    expect(pages.map((r) => [r.path, r.grant])).toEqual([["/services", "catalog"], ["/business-hours", "hours"]]);
  });

  test.each(pages.map((r) => [r.path, r.grant!] as const))("%s without '%s': the page is refused in place, not redirected; with it, shown", async (path, grant) => {
    await setGrants(w.a.employee.id, w.a.business.id, allBut(grant));
    await become(w, "employee");
    expect(await requireBusinessPage(path as RoutePath)).toEqual({ refused: grant });
    // The sidebar leaves the entry out; the rest of 'Management' stays.
    const entries = navGroups({ signedIn: true, isAdmin: false, businessRole: "employee", grants: allBut(grant) }).flatMap((g) => g.items.map((i) => i.href));
    expect(entries).not.toContain(path);
    expect(entries).toContain("/appointments");

    await setGrants(w.a.employee.id, w.a.business.id, GRANTS);
    const shown = await requireBusinessPage(path as RoutePath);
    expect("business" in shown && shown.business.id).toBe(w.a.business.id);
    expect(navGroups({ signedIn: true, isAdmin: false, businessRole: "employee", grants: GRANTS }).flatMap((g) => g.items.map((i) => i.href))).toContain(path);

    // An owner whose row lists none still opens it.
    await setGrants(w.a.owner.id, w.a.business.id, []);
    await become(w, "owner");
    expect("business" in (await requireBusinessPage(path as RoutePath))).toBe(true);
    await setGrants(w.a.owner.id, w.a.business.id, GRANTS);
  });
});

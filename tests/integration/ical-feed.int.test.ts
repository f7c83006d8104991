/**
 * 'Link da agenda (iCal)' (issue 36, part 2): a professional's secret calendar address, read through
 * its route handler and parsed back with ical.js. The address is shown once and stored hashed; the
 * feed holds the professional's appointments from 30 days back to 90 ahead (their own services of
 * each), times of the business's wall clock, first names and services only, cancelled ones
 * CANCELLED, SEQUENCE growing with each change; ETag / Last-Modified answer 304; 'Gerar novo link'
 * and 'Revogar link' make the old address 404 at once; another business can't touch the link.
 * Only the owner (or an administrator) makes, replaces or revokes a link, not any employee; a link
 * ends with the membership of whoever made it (issue 50, item 3), even one removed mid-making.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db, type Tx } from "@/db";
import { businessHours, professionalCalendarFeeds, professionalServices } from "@/db/schema";
import { GET } from "@/app/agenda/ical/[token]/route";
import {
  changeAppointmentTimeAction, createAppointmentAction, deleteAppointmentAction, setAppointmentStatusAction,
} from "@/lib/appointments/actions";
import { STATUS } from "@/lib/appointments/status";
import { generateCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/calendar-feeds/actions";
import { CALENDAR_FEED_MESSAGES as MSG } from "@/lib/calendar-feeds/messages";
import { calendarFeedRead } from "@/lib/calendar-feeds/reads";
import { appUrl } from "@/lib/core/config/app-url";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { hit } from "@/lib/core/rate-limit";
import { CALENDAR_FEED } from "@/lib/core/rate-limit/policies";
import { addDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { generateFeed } from "@/lib/calendar-feeds/mutations";
import { newFeedToken } from "@/lib/calendar-feeds/tokens";
import { recordAudit } from "@/lib/audit/record";
import type { Write } from "@/lib/pipeline";
import { ACCESS } from "@/lib/auth/permissions";
import { deleteProfessionalAction } from "@/lib/professionals/actions";
import { removeMemberAction } from "@/lib/team/actions";
import { removeMember } from "@/lib/team/mutations";
import { actAs, readAs } from "./act-as";
import { addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

let addressSeq = Math.floor(Math.random() * 60_000);
/** A new client address per request, so the per-address limit of bad tokens counts only what a test means it to. */
const freshAddress = () => {
  addressSeq += 1;
  return `10.66.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

beforeAll(() => markPeerHeaderTrusted());

type Fetched = { status: number; body: string; headers: Headers };

async function fetchFeed(token: string, headers: Record<string, string> = {}, address = freshAddress()): Promise<Fetched> {
  const res = await GET(new Request(`http://localhost/agenda/ical/${encodeURIComponent(token)}`, { headers: { [PEER_HEADER]: address, ...headers } }), {
    params: Promise.resolve({ token }),
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

/** The feed's events by UID: summary, start on the business's wall clock, sequence, status. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    const start = e.startDate.toJSDate();
    return {
      uid: e.uid,
      summary: e.summary,
      zone: e.startDate.zone.tzid,
      start: instantToBusinessParts(start),
      minutes: (e.endDate.toJSDate().getTime() - start.getTime()) / 60_000,
      sequence: e.sequence,
      status: v.getFirstPropertyValue("status") as string,
    };
  });
  return { cal, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

async function salon() {
  const owner = await createUser();
  const employee = await createUser();
  const stranger = await createUser();
  const business = await createBusiness(owner.id, { name: `Studio ${uniq()}` });
  const theirs = await createBusiness(stranger.id);
  await addBusinessRole(employee.id, business.id, "employee");
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "07:00", closeTime: "21:00" })));
  const corte = await createService(business.id, 45, { name: "Corte" });
  const barba = await createService(business.id, null, { name: "Barba" });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: ana.id, serviceId: barba.id, price: "30.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: barba.id, price: "25.00", businessId: business.id },
  ]);
  const phone = `(65) 9${String(1000 + Math.floor(Math.random() * 8999))}-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const maria = await createClient(business.id, { name: "Maria da Silva", phone, email: `maria.${uniq()}@example.test` });
  const joao = await createClient(business.id, { name: "João Pereira", phone: "(65) 98888-7777", email: `joao.${uniq()}@example.test` });
  const today = todayInBusiness();
  await actAs(owner.id);
  const book = async (clientId: string, date: string, time: string, lines: { serviceId: string; professionalId: string | null }[]) => {
    const r = await createAppointmentAction({ businessId: business.id, client: { kind: "existing", id: clientId }, date, time, lines });
    if (!r.ok) throw new Error(`${r.error}: ${r.description}`);
    return r.id;
  };
  return { owner, employee, stranger, business, theirs, corte, barba, ana, bruno, maria, joao, phone, today, book };
}
type Salon = Awaited<ReturnType<typeof salon>>;

async function generate(s: Salon, professionalId = s.ana.id) {
  const r = await generateCalendarFeedAction({ businessId: s.business.id, professionalId });
  if (!r.ok) throw new Error(`${r.error}: ${r.description}`);
  return r;
}

describe("the calendar feed", () => {
  test("'Gerar link': the address this once, only its hash stored, audited; the feed parses back with the professional's appointments", async () => {
    const s = await salon();
    const soon = addDays(s.today, 2);
    const mine = await s.book(s.maria.id, soon, "10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.bruno.id }]);
    const both = await s.book(s.joao.id, addDays(s.today, 3), "15:30", [{ serviceId: s.corte.id, professionalId: s.ana.id }, { serviceId: s.barba.id, professionalId: s.ana.id }]);
    // 14:00: outside the default 'Almoço' (12:00–13:00, Monday to Friday) whatever weekday `soon` is.
    const brunos = await s.book(s.joao.id, soon, "14:00", [{ serviceId: s.corte.id, professionalId: s.bruno.id }]);
    // 30 days back is in, 31 back and 91 ahead are not.
    const past = await createAppointment({ businessId: s.business.id, clientId: s.maria.id, date: addDays(s.today, -30), time: "09:00", statusId: STATUS.concluido, services: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
    const tooOld = await createAppointment({ businessId: s.business.id, clientId: s.maria.id, date: addDays(s.today, -31), time: "09:00", services: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
    const tooFar = await createAppointment({ businessId: s.business.id, clientId: s.maria.id, date: addDays(s.today, 91), time: "09:00", services: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
    const last = await createAppointment({ businessId: s.business.id, clientId: s.joao.id, date: addDays(s.today, 90), time: "20:00", services: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });

    expect(await readAs(calendarFeedRead, { businessId: s.business.id, professionalId: s.ana.id })).toEqual({ status: 200, body: { professional: true, feed: null } });
    const made = await generate(s);
    expect(made.replaced).toBe(false);
    expect(made.url).toMatch(new RegExp(`^${appUrl().replace(/[.:/]/g, "\\$&")}/agenda/ical/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(made.url);
    expect((await readAs(calendarFeedRead, { businessId: s.business.id, professionalId: s.ana.id })).body).toEqual({ professional: true, feed: { createdAt: made.createdAt } });

    // Stored: the SHA-256 only. The token is in no row anywhere (the audit included).
    const [row] = await db.execute<{ token_hash: string; created_by: string }>(sql`select token_hash, created_by from professional_calendar_feeds where professional_id = ${s.ana.id}`);
    expect(row).toEqual({ token_hash: createHash("sha256").update(token).digest("hex"), created_by: s.owner.id });
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select (select count(*) from professional_calendar_feeds f where f::text like ${`%${token}%`})
           + (select count(*) from audit_logs l where l::text like ${`%${token}%`}) as n`);
    expect(Number(n)).toBe(0);
    const audits = await db.execute<{ description: string; entity_id: string }>(sql`
      select description, entity_id from audit_logs where business_id = ${s.business.id} and description like 'Link da agenda%'`);
    expect(audits).toEqual([{ description: `Link da agenda (iCal) de "${s.ana.name}" gerado`, entity_id: s.ana.id }]);

    const res = await fetchFeed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(new Date(res.headers.get("last-modified")!).getTime()).toBeLessThanOrEqual(Date.now());

    const { cal, events, byUid } = parse(res.body);
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe(`Agenda de ${s.ana.name} — ${s.business.name}`);
    const uid = (id: string) => `${id}-${s.ana.id}@agenda`;
    expect(events.map((e) => e.uid).sort()).toEqual([uid(mine), uid(both), uid(past.id), uid(last.id)].sort());
    for (const id of [brunos, tooOld.id, tooFar.id]) expect(byUid.has(uid(id))).toBe(false);

    // Times: UTC instants of the business's wall clock (the tests' server runs in Asia/Tokyo).
    expect(byUid.get(uid(mine))).toMatchObject({ zone: "UTC", start: { date: soon, time: "10:00" }, minutes: 45, summary: "Maria — Corte", status: "TENTATIVE" });
    expect(byUid.get(uid(both))).toMatchObject({ start: { date: addDays(s.today, 3), time: "15:30" }, minutes: 45 + 60, summary: "João — Barba + Corte" });
    expect(byUid.get(uid(past.id))).toMatchObject({ start: { date: addDays(s.today, -30), time: "09:00" }, status: "CONFIRMED" });
    expect(byUid.get(uid(last.id))).toMatchObject({ start: { date: addDays(s.today, 90), time: "20:00" } });

    // First names and services only: no surname, phone or e-mail anywhere in it.
    const text = unfold(res.body);
    for (const secret of ["Silva", "Pereira", s.phone, s.maria.phone!, s.maria.email!, s.joao.phone!, s.joao.email!, "98888"]) expect(text).not.toContain(secret);

    // The same feed for the employee's link view; a new professional without a link: nothing.
    await actAs(s.employee.id);
    expect((await readAs(calendarFeedRead, { businessId: s.business.id, professionalId: s.bruno.id })).body).toEqual({ professional: true, feed: null });
  });

  test("a cancelled appointment stays, STATUS:CANCELLED; SEQUENCE grows with each change; a deleted one leaves", async () => {
    const s = await salon();
    const date = addDays(s.today, 5);
    const id = await s.book(s.maria.id, date, "11:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const other = await s.book(s.joao.id, date, "14:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const token = tokenOf((await generate(s)).url);
    const uid = `${id}-${s.ana.id}@agenda`;

    const first = parse((await fetchFeed(token)).body).byUid.get(uid)!;
    expect(first).toMatchObject({ status: "TENTATIVE", start: { date, time: "11:00" } });

    expect((await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: STATUS.confirmado })).ok).toBe(true);
    const confirmed = parse((await fetchFeed(token)).body).byUid.get(uid)!;
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.sequence).toBeGreaterThan(first.sequence);

    expect((await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "09:15" })).ok).toBe(true);
    const moved = parse((await fetchFeed(token)).body).byUid.get(uid)!;
    expect(moved.start).toEqual({ date, time: "09:15" });
    expect(moved.sequence).toBeGreaterThan(confirmed.sequence);

    expect((await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: STATUS.cancelado })).ok).toBe(true);
    const feed = parse((await fetchFeed(token)).body);
    const cancelled = feed.byUid.get(uid)!;
    expect(cancelled).toMatchObject({ status: "CANCELLED", start: { date, time: "09:15" }, summary: "Maria — Corte" });
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    expect(feed.byUid.get(`${other}-${s.ana.id}@agenda`)?.status).toBe("TENTATIVE");

    // A no-op write changes nothing a calendar sees: the same SEQUENCE.
    await db.execute(sql`update appointments set status_id = status_id where id = ${id}`);
    expect(parse((await fetchFeed(token)).body).byUid.get(uid)!.sequence).toBe(cancelled.sequence);

    expect((await deleteAppointmentAction({ businessId: s.business.id, id: other })).ok).toBe(true);
    expect(parse((await fetchFeed(token)).body).byUid.has(`${other}-${s.ana.id}@agenda`)).toBe(false);
  });

  test("the calendar built last is served again only while nothing in the business changed: a client or a service renamed is in the next read", async () => {
    const s = await salon();
    const id = await s.book(s.maria.id, addDays(s.today, 6), "10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const token = tokenOf((await generate(s)).url);
    const uid = `${id}-${s.ana.id}@agenda`;
    const first = await fetchFeed(token);
    expect(parse(first.body).byUid.get(uid)!.summary).toBe("Maria — Corte");
    // Nothing changed: the same calendar, byte for byte.
    expect((await fetchFeed(token)).body).toBe(first.body);

    await db.execute(sql`update clients set name = 'Mariana Silva' where id = ${s.maria.id}`);
    expect(parse((await fetchFeed(token)).body).byUid.get(uid)!.summary).toBe("Mariana — Corte");
    await db.execute(sql`update services set name = 'Corte e escova' where id = ${s.corte.id}`);
    expect(parse((await fetchFeed(token)).body).byUid.get(uid)!.summary).toBe("Mariana — Corte e escova");
  });

  test("ETag and Last-Modified answer 304; a change (a deletion too) answers 200 again", async () => {
    const s = await salon();
    const id = await s.book(s.maria.id, addDays(s.today, 4), "09:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const gone = await s.book(s.joao.id, addDays(s.today, 4), "13:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const token = tokenOf((await generate(s)).url);

    const full = await fetchFeed(token);
    const etag = full.headers.get("etag")!;
    const lastModified = full.headers.get("last-modified")!;
    // Read again: the same validators (nothing changed).
    const again = await fetchFeed(token);
    expect([again.headers.get("etag"), again.headers.get("last-modified")]).toEqual([etag, lastModified]);

    const byTag = await fetchFeed(token, { "if-none-match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBe("");
    expect(byTag.headers.get("etag")).toBe(etag);
    expect(byTag.headers.get("cache-control")).toBe("private, max-age=60");
    expect((await fetchFeed(token, { "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await fetchFeed(token, { "if-modified-since": lastModified })).status).toBe(304);
    expect((await fetchFeed(token, { "if-none-match": '"outra"', "if-modified-since": lastModified })).status).toBe(200);

    expect((await changeAppointmentTimeAction({ businessId: s.business.id, id, time: "09:30" })).ok).toBe(true);
    const changed = await fetchFeed(token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await fetchFeed(token, { "if-modified-since": lastModified })).status).toBe(200);

    // A deletion changes no row the feed shows, and still is a change.
    const before = await fetchFeed(token);
    expect((await deleteAppointmentAction({ businessId: s.business.id, id: gone })).ok).toBe(true);
    expect((await fetchFeed(token, { "if-modified-since": before.headers.get("last-modified")! })).status).toBe(200);
    expect((await fetchFeed(token, { "if-none-match": before.headers.get("etag")! })).status).toBe(200);
  });

  test("'Gerar novo link' makes the old address 404 at once; 'Revogar link' the new one; unknown and malformed ones answer the same 404", async () => {
    const s = await salon();
    await s.book(s.maria.id, addDays(s.today, 1), "10:00", [{ serviceId: s.corte.id, professionalId: s.ana.id }]);
    const first = tokenOf((await generate(s)).url);
    expect((await fetchFeed(first)).status).toBe(200);

    const second = await generate(s);
    expect(second.replaced).toBe(true);
    const token = tokenOf(second.url);
    expect(token).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.status).toBe(404);
    expect((await fetchFeed(token)).status).toBe(200);

    expect(await revokeCalendarFeedAction({ businessId: s.business.id, professionalId: s.ana.id })).toEqual({ ok: true, revoked: true });
    const revoked = await fetchFeed(token);
    expect(revoked.status).toBe(404);
    expect((await readAs(calendarFeedRead, { businessId: s.business.id, professionalId: s.ana.id })).body).toEqual({ professional: true, feed: null });
    // Revoking again: nothing to do.
    expect(await revokeCalendarFeedAction({ businessId: s.business.id, professionalId: s.ana.id })).toEqual({ ok: true, revoked: false });

    // Nothing tells a revoked address from one that never was, or from garbage.
    const unknown = await fetchFeed("A".repeat(43));
    const malformed = await fetchFeed("../../etc/passwd");
    for (const r of [old, revoked, unknown, malformed]) {
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body)).toEqual({ error: MSG.feedNotFound });
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("etag")).toBeNull();
    }

    const audits = await db.execute<{ description: string }>(sql`
      select description from audit_logs where business_id = ${s.business.id} and entity_id = ${s.ana.id} order by created_at, id`);
    expect(audits.map((a) => a.description)).toEqual([
      `Link da agenda (iCal) de "${s.ana.name}" gerado`,
      `Novo link da agenda (iCal) de "${s.ana.name}" gerado; o anterior deixou de funcionar`,
      `Link da agenda (iCal) de "${s.ana.name}" revogado`,
    ]);

    // Deleting the professional takes the link with it.
    const third = tokenOf((await generate(s)).url);
    expect((await deleteProfessionalAction({ businessId: s.business.id, id: s.ana.id })).ok).toBe(true);
    expect((await fetchFeed(third)).status).toBe(404);
  });

  test("another business's people can't generate, revoke or read this professional's link", async () => {
    const s = await salon();
    const made = await generate(s);
    const token = tokenOf(made.url);
    const stored = async () => (await db.execute<{ token_hash: string }>(sql`select token_hash from professional_calendar_feeds where professional_id = ${s.ana.id}`))[0];
    const before = await stored();

    await actAs(s.stranger.id);
    // Naming our business: not a member.
    for (const action of [generateCalendarFeedAction, revokeCalendarFeedAction]) {
      expect(await action({ businessId: s.business.id, professionalId: s.ana.id })).toMatchObject({ ok: false });
    }
    // Naming their own business with our professional: not one of theirs.
    expect(await generateCalendarFeedAction({ businessId: s.theirs.id, professionalId: s.ana.id })).toEqual({ ok: false, error: MSG.generateError, description: MSG.notFound });
    expect(await revokeCalendarFeedAction({ businessId: s.theirs.id, professionalId: s.ana.id })).toEqual({ ok: false, error: MSG.revokeError, description: MSG.notFound });
    expect((await readAs(calendarFeedRead, { businessId: s.business.id, professionalId: s.ana.id })).status).toBe(403);
    expect((await readAs(calendarFeedRead, { businessId: s.theirs.id, professionalId: s.ana.id })).body).toEqual({ professional: false, feed: null });

    expect(await stored()).toEqual(before);
    expect((await fetchFeed(token)).status).toBe(200);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where business_id = ${s.theirs.id}`);
    expect(n).toBe(0);

    // The owner revokes it.
    await actAs(s.owner.id);
    expect((await revokeCalendarFeedAction({ businessId: s.business.id, professionalId: s.ana.id })).ok).toBe(true);
    expect((await fetchFeed(token)).status).toBe(404);
  });

  test("an employee of the business can't generate, replace or revoke a professional's link: only the owner (or an administrator) can", async () => {
    const s = await salon();
    const made = await generate(s);
    const token = tokenOf(made.url);
    const stored = async () => (await db.execute<{ token_hash: string; created_by: string }>(sql`
      select token_hash, created_by from professional_calendar_feeds where professional_id in (${s.ana.id}, ${s.bruno.id}) order by created_at`));
    const before = await stored();

    // No professional row is linked to a user account, so no employee "is" Ana: the address on her card
    // is typed by any member (professionals.update is staff level) and proves nothing. An employee with
    // Ana's e-mail on her card is refused like any other.
    const [employeeUser] = await db.execute<{ email: string }>(sql`select email from users where id = ${s.employee.id}`);
    await db.execute(sql`update professionals set email = ${employeeUser.email}, user_id = ${s.employee.id} where id = ${s.ana.id}`);
    await actAs(s.employee.id);
    for (const professionalId of [s.ana.id, s.bruno.id]) {
      expect(await generateCalendarFeedAction({ businessId: s.business.id, professionalId })).toEqual({ ok: false, error: MSG.generateError, description: ACCESS.forbidden });
      expect(await revokeCalendarFeedAction({ businessId: s.business.id, professionalId })).toEqual({ ok: false, error: MSG.revokeError, description: ACCESS.forbidden });
    }
    expect(await stored()).toEqual(before);
    expect((await fetchFeed(token)).status).toBe(200);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where business_id = ${s.business.id} and user_id = ${s.employee.id}`);
    expect(n).toBe(0);

    // An administrator of the business is owner level: they may.
    const admin = await createUser();
    await addBusinessRole(admin.id, s.business.id, "admin");
    await actAs(admin.id);
    const replaced = await generateCalendarFeedAction({ businessId: s.business.id, professionalId: s.ana.id });
    expect(replaced).toMatchObject({ ok: true, replaced: true });
    expect((await fetchFeed(token)).status).toBe(404);
  });

  test("a link made by a member stops answering when the owner removes them from the team, audited; the owner's own links stay", async () => {
    const s = await salon();
    const admin = await createUser();
    await addBusinessRole(admin.id, s.business.id, "admin");
    // The owner's link for Bruno; the administrator's for Ana (through the action); and one the employee
    // made for a third professional before generating was the owner's alone.
    const carla = await createProfessional(s.business.id, { name: `Carla ${uniq()}` });
    const owners = tokenOf((await generate(s, s.bruno.id)).url);
    await actAs(admin.id);
    const admins = tokenOf((await generate(s, s.ana.id)).url);
    const employees = newFeedToken();
    await db.insert(professionalCalendarFeeds).values({ businessId: s.business.id, professionalId: carla.id, tokenHash: employees.hash, createdBy: s.employee.id });
    for (const t of [owners, admins, employees.token]) expect((await fetchFeed(t)).status).toBe(200);

    await actAs(s.owner.id);
    expect(await removeMemberAction({ businessId: s.business.id, memberId: s.employee.id })).toEqual({ ok: true });
    expect((await fetchFeed(employees.token)).status).toBe(404);
    expect((await fetchFeed(admins)).status).toBe(200);
    expect(await removeMemberAction({ businessId: s.business.id, memberId: admin.id })).toEqual({ ok: true });
    expect((await fetchFeed(admins)).status).toBe(404);
    // The owner's link is the owner's: it stays.
    expect((await fetchFeed(owners)).status).toBe(200);
    expect((await db.execute(sql`select 1 from professional_calendar_feeds where business_id = ${s.business.id}`)).length).toBe(1);

    const audits = await db.execute<{ description: string; entity_id: string; user_id: string }>(sql`
      select description, entity_id, user_id from audit_logs
       where business_id = ${s.business.id} and description like 'Link da agenda%revogado%' order by created_at`);
    expect(audits).toEqual([
      { description: `Link da agenda (iCal) de "${carla.name}" revogado: quem o gerou saiu da equipe`, entity_id: carla.id, user_id: s.owner.id },
      { description: `Link da agenda (iCal) de "${s.ana.name}" revogado: quem o gerou saiu da equipe`, entity_id: s.ana.id, user_id: s.owner.id },
    ]);
  });

  test("a member removed while their link is being made never keeps it: the removal waits for the link and revokes it, or comes first and the link is refused", async () => {
    const s = await salon();
    const admin = await createUser();
    await addBusinessRole(admin.id, s.business.id, "admin");
    // The two writes as the pipeline runs them, each in its own transaction (the request stand-in has one
    // signed-in user at a time, so they are called below the pipeline).
    const write = (userId: string, tx: Tx) =>
      ({ ctx: { businessId: s.business.id, userId }, tx, audit: (e) => recordAudit(tx, { ...e, actorId: userId, businessId: s.business.id }) }) as Write;

    // The link's transaction first: the removal waits for it, then revokes what it made.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const linking: { pid?: number; made?: Awaited<ReturnType<typeof generateFeed>> } = {};
    const committed = db.transaction(async (tx) => {
      [{ pid: linking.pid }] = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      linking.made = await generateFeed(write(admin.id, tx), s.ana.id);
      await held;
    });
    while (!linking.made) await new Promise((r) => setTimeout(r, 10));
    const removing = db.transaction((tx) => removeMember(write(s.owner.id, tx), admin.id));
    // Until the removal is seen waiting on the link's transaction.
    for (let i = 0; ; i++) {
      const waiting = await db.execute(sql`select 1 from pg_stat_activity where ${linking.pid}::int = any(pg_blocking_pids(pid))`);
      if (waiting.length) break;
      if (i > 500) throw new Error("the removal never waited for the link being made");
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await committed;
    expect(await removing).toEqual({ ok: true });
    const made = linking.made;
    if (!made.ok) throw new Error(`${made.error}: ${made.description}`);
    expect((await fetchFeed(tokenOf(made.url))).status).toBe(404);

    // The removal first: a link asked for by the one just removed (whose request had passed the checks) is refused.
    await addBusinessRole(admin.id, s.business.id, "admin");
    await db.transaction((tx) => removeMember(write(s.owner.id, tx), admin.id));
    expect(await db.transaction((tx) => generateFeed(write(admin.id, tx), s.bruno.id))).toEqual({ ok: false, error: MSG.generateError, description: ACCESS.forbidden });
    expect(await db.execute(sql`select 1 from professional_calendar_feeds where created_by = ${admin.id}`)).toHaveLength(0);
  });

  test("rate limits: a feed read too often answers 429; bad addresses count per caller, never against a good feed", async () => {
    const s = await salon();
    const token = tokenOf((await generate(s)).url);
    const [feed] = await db.execute<{ id: string }>(sql`select id from professional_calendar_feeds where professional_id = ${s.ana.id}`);

    const address = freshAddress();
    for (let i = 0; i < CALENDAR_FEED.badToken.points; i++) expect((await fetchFeed(`x${i}`, {}, address)).status).toBe(404);
    const limited = await fetchFeed("x-again", {}, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The good address from that same caller still reads.
    expect((await fetchFeed(token, {}, address)).status).toBe(200);

    await hit(CALENDAR_FEED.feed, feed.id, CALENDAR_FEED.feed.points);
    expect((await fetchFeed(token)).status).toBe(429);
    // Another professional's feed has its own count.
    const other = tokenOf((await generate(s, s.bruno.id)).url);
    expect((await fetchFeed(other)).status).toBe(200);
    expect(await db.select().from(professionalCalendarFeeds).where(eq(professionalCalendarFeeds.businessId, s.business.id))).toHaveLength(2);
  });
});

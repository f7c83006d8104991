/**
 * A reminder's links through their real server action: 'Confirmar presença' confirms a pending
 * appointment, 'Preciso cancelar' cancels it within the business's minimum notice, each token
 * does only its own thing, once, until the start; every answer is audited as 'Sistema', reaches
 * the bell and adds the owners' e-mail job in the same transaction.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments, auditLogs } from "@/db/schema";
import { STATUS } from "@/lib/appointments/status";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { addDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { respondByLinkAction } from "@/lib/reminder-links/actions";
import { REMINDER_LINK_MESSAGES as MSG } from "@/lib/reminder-links/messages";
import { linkByHash } from "@/lib/reminder-links/queries";
import { linkState } from "@/lib/reminder-links/state";
import { createReminderLinks, hashLinkToken } from "@/lib/reminder-links/tokens";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { actAs } from "./act-as";
import { createAppointment, createSalon } from "./fixtures";
import { request } from "./request-stub";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

let address = 1;
beforeEach(async () => {
  markPeerHeaderTrusted();
  await actAs(null);
  request.headers = new Headers({ [PEER_HEADER]: `10.88.${Math.floor(address / 250) % 250}.${address++ % 250}` });
});

async function withLinks(date = addDays(todayInBusiness(), 2), time = "10:00") {
  const salon = await createSalon();
  const a = await createAppointment({
    businessId: salon.business.id, clientId: salon.client.id, date, time,
    services: [{ serviceId: salon.service.id, professionalId: salon.professional.id }],
  });
  const { confirm, cancel } = await db.transaction((tx) =>
    createReminderLinks(tx, { businessId: salon.business.id, appointmentId: a.id, startsAt: businessDateTimeToInstant(date, time), cancel: true }),
  );
  if (!cancel) throw new Error("o link 'Preciso cancelar' não foi criado");
  return { ...salon, appointment: a, links: { confirm, cancel } };
}

/** The appointment moved to another start (written straight: only the start matters to its links). */
const changeTime = async (a: { id: string }, date: string, time: string) => {
  const moved = await db.update(appointments).set({ date, time }).where(eq(appointments.id, a.id)).returning({ id: appointments.id });
  return { ok: moved.length === 1 };
};
const statusOf = async (id: string) => (await db.select({ s: appointments.statusId }).from(appointments).where(eq(appointments.id, id)))[0].s;
const bell = (appointmentId: string) =>
  db.execute<{ kind: string }>(sql`select kind from business_notifications where appointment_id = ${appointmentId} order by created_at`);
const ownerJobs = (appointmentId: string) =>
  db.execute(sql`select 1 from graphile_worker.jobs j join business_notifications n on j.key = 'owner_notice:' || n.id where n.appointment_id = ${appointmentId}`);

describe("Confirmar presença", () => {
  test("confirms, once, audited as Sistema, on the bell with the owners' e-mail job", async () => {
    const { appointment: a, links, business } = await withLinks();
    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: true, purpose: "confirm" });
    expect(await statusOf(a.id)).toBe(STATUS.confirmado);
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, a.id));
    expect(audit.at(-1)).toMatchObject({ userId: null, businessId: business.id, actionType: "UPDATE" });
    expect(audit.at(-1)!.description).toContain("pendente → confirmado");
    expect((await bell(a.id)).map((r) => r.kind)).toEqual(["client_confirmed"]);
    expect(await ownerJobs(a.id)).toHaveLength(1);

    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: false, code: "used", description: MSG.used });
    expect(await bell(a.id)).toHaveLength(1);
  });

  test("the page's plain form posts FormData to the same action: Next's own fields are left out, the token checked as always", async () => {
    const { appointment: a, links } = await withLinks();
    const form = new FormData();
    form.set("$ACTION_ID_abc", "");
    form.set("token", links.confirm);
    const post = respondByLinkAction as unknown as (f: FormData) => ReturnType<typeof respondByLinkAction>;
    expect(await post(form)).toMatchObject({ ok: true, purpose: "confirm" });
    expect(await statusOf(a.id)).toBe(STATUS.confirmado);
    const bad = new FormData();
    bad.set("token", "curto");
    expect(await post(bad)).toMatchObject({ ok: false, error: MSG.error });
  });

  test("a token does only its own purpose: the confirm token never cancels", async () => {
    const { appointment: a, links } = await withLinks();
    await respondByLinkAction({ token: links.confirm });
    expect(await statusOf(a.id)).toBe(STATUS.confirmado);
    // The cancel token is its own secret: it cancels; the spent confirm token does nothing more.
    expect(await respondByLinkAction({ token: links.cancel })).toMatchObject({ ok: true, purpose: "cancel" });
    expect(await statusOf(a.id)).toBe(STATUS.cancelado);
    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: false, code: "used" });
    expect(await statusOf(a.id)).toBe(STATUS.cancelado);
  });

  test("an unknown, malformed or expired token changes nothing", async () => {
    const { appointment: a, links } = await withLinks();
    expect(await respondByLinkAction({ token: "x".repeat(43) })).toMatchObject({ ok: false, code: "invalid" });
    expect(await respondByLinkAction({ token: "curto" })).toMatchObject({ ok: false });
    // Expired: the appointment's start has passed (a minute ago).
    const passed = instantToBusinessParts(new Date(Date.now() - 60_000));
    await db.update(appointments).set({ date: passed.date, time: passed.time }).where(eq(appointments.id, a.id));
    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: false, code: "invalid", description: MSG.invalid });
    expect(await statusOf(a.id)).toBe(STATUS.pendente);
  });
});

describe("the links follow the appointment's current start, not the start when they were sent", () => {
  test("moved earlier, to a time already past: 'Confirmar presença' and 'Preciso cancelar' refuse, the page says the link expired", async () => {
    const { appointment: a, links } = await withLinks();
    // Sent for two days ahead; then moved to an hour ago (the stored expiry still says two days ahead).
    const earlier = instantToBusinessParts(new Date(Date.now() - 60 * 60_000));
    expect((await changeTime(a, earlier.date, earlier.time)).ok).toBe(true);
    const [stored] = await db.execute<{ expired: boolean }>(sql`select bool_and(expires_at < now()) as expired from appointment_link_tokens where appointment_id = ${a.id}`);
    expect(stored.expired).toBe(false);
    const view = await linkByHash(hashLinkToken(links.confirm));
    expect(linkState(view!, new Date())).toBe("invalid");
    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: false, code: "invalid", description: MSG.invalid });
    expect(await respondByLinkAction({ token: links.cancel })).toMatchObject({ ok: false, code: "invalid", description: MSG.invalid });
    expect(await statusOf(a.id)).toBe(STATUS.pendente);
    expect(await bell(a.id)).toHaveLength(0);
  });

  test("moved later, past the start it was sent for: the link still acts until the new start", async () => {
    // Sent for a start that has now passed (an hour ago); the salon moved the appointment two days ahead.
    const before = instantToBusinessParts(new Date(Date.now() - 60 * 60_000));
    const { appointment: a, links } = await withLinks(before.date, before.time);
    const [stored] = await db.execute<{ expired: boolean }>(sql`select bool_and(expires_at < now()) as expired from appointment_link_tokens where appointment_id = ${a.id}`);
    expect(stored.expired).toBe(true);
    expect((await changeTime(a, addDays(todayInBusiness(), 2), "10:00")).ok).toBe(true);
    expect(await respondByLinkAction({ token: links.confirm })).toMatchObject({ ok: true, purpose: "confirm" });
    expect(await statusOf(a.id)).toBe(STATUS.confirmado);
    // 'Preciso cancelar' too, its minimum notice counted from the new start.
    expect(await respondByLinkAction({ token: links.cancel })).toMatchObject({ ok: true, purpose: "cancel" });
    expect(await statusOf(a.id)).toBe(STATUS.cancelado);
  });
});

describe("Preciso cancelar", () => {
  test("cancels within the minimum notice; later, says to call, with the business's phone", async () => {
    const { appointment: a, links } = await withLinks();
    expect(await respondByLinkAction({ token: links.cancel })).toMatchObject({ ok: true });
    expect(await statusOf(a.id)).toBe(STATUS.cancelado);
    expect((await bell(a.id)).map((r) => r.kind)).toEqual(["client_cancelled"]);

    const soon = instantToBusinessParts(new Date(Date.now() + 60 * 60_000));
    const late = await withLinks(soon.date, soon.time);
    await db.execute(sql`update businesses set phone = '(65) 3322-0000' where id = ${late.business.id}`);
    const r = await respondByLinkAction({ token: late.links.cancel });
    expect(r).toMatchObject({ ok: false, code: "too-late" });
    expect(!r.ok && r.description).toContain("ligue para o estabelecimento: (65) 3322-0000");
    expect(await statusOf(late.appointment.id)).toBe(STATUS.pendente);
  });

  test("forty answers at once through one link: one cancel, one bell row", async () => {
    const { appointment: a, links } = await withLinks();
    const results = await Promise.all(Array.from({ length: 40 }, () => respondByLinkAction({ token: links.cancel })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await bell(a.id)).toHaveLength(1);
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.entityId, a.id));
    expect(audits.filter((x) => x.description.includes("→ cancelado"))).toHaveLength(1);
  });
});

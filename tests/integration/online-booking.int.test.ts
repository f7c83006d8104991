/**
 * Online booking (/agendar/{slug}) through its real server actions and slots route handler: the
 * same transaction as a staff booking, no double booking under concurrency, the client found by
 * phone, the limits, the private cancel link, the owner's settings, and nothing across businesses.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  appointments, appointmentServices, auditLogs, businesses, businessHolidaySettings, businessHours, businessOnlineBooking, clients,
  onlineBookingTokens, professionalServices, professionalWeeklySchedules, users,
} from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { createAppointmentAction } from "@/lib/appointments/actions";
import { STATUS } from "@/lib/appointments/status";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { bookOnlineAction, cancelOnlineBookingAction, saveOnlineSettingsAction } from "@/lib/online-booking/actions";
import { bookOnProfessionals, isSlotTaken } from "@/lib/online-booking/mutations";
import { fail, type ActionFailure } from "@/lib/core/actions/result";
import { ONLINE_MESSAGES as MSG, SLOT_TAKEN_CODE, tooLateText } from "@/lib/online-booking/messages";
import { SLUG_PROBLEM_TEXT } from "@/lib/online-booking/slug";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { addDays } from "@/lib/core/time/business-date";
import { instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { bellOf } from "@/lib/notifications/queries";
import { GET as slotsGET } from "@/app/api/agendar/[slug]/horarios/route";
import { actAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, twoBusinesses, uniq } from "./fixtures";
import { request } from "./request-stub";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-online-outbox-"));
process.env.OUTBOX_DIR = outbox;

/**
 * Each call of the public actions comes from a new address (as 30 different phones would), unless a
 * test pins one: the request stand-in's headers answer PEER_HEADER with the next address.
 */
let nextAddress = 1;
let pinnedAddress: string | null = null;
class ClientHeaders extends Headers {
  get(name: string): string | null {
    if (name.toLowerCase() === PEER_HEADER) return pinnedAddress ?? `10.77.${Math.floor(nextAddress / 250) % 250}.${nextAddress++ % 250}`;
    return super.get(name);
  }
}
const anonymous = async () => {
  await actAs(null);
  request.headers = new ClientHeaders();
};

let phoneSeq = Math.floor(Math.random() * 9_000_000);
/** A new valid mobile number each call: (65) 9XXXX-XXXX. */
function newPhone(): string {
  const n = String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(8, "0");
  return `(65) 9${n.slice(0, 4)}-${n.slice(4, 8)}`;
}

const today = () => todayInBusiness();
/** Two days ahead in Cuiabá: inside the window, never in the past, open (see salon()). */
const DAY = () => addDays(today(), 2);

type Salon = Awaited<ReturnType<typeof salon>>;

/** A business open every day 08:00–20:00 (holidays too), with Ana (corte, barba) and Bruno (corte), switched on. */
async function salon() {
  const cast = await twoBusinesses();
  const { business } = cast;
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "20:00" })));
  await db.insert(businessHolidaySettings).values({ businessId: business.id, worksOnHolidays: true });
  const corte = await createService(business.id, 60, { name: `Corte ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: ana.id, serviceId: barba.id, price: "30.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
  ]);
  await db.insert(professionalWeeklySchedules).values(
    [ana, bruno].flatMap((p) => [0, 1, 2, 3, 4, 5, 6].map((d) => ({ professionalId: p.id, businessId: business.id, dayOfWeek: d, isWorking: true, startTime: "08:00", endTime: "20:00" }))),
  );
  await db.update(businessOnlineBooking).set({ enabled: true }).where(eq(businessOnlineBooking.businessId, business.id));
  const [{ slug }] = await db.select({ slug: businessOnlineBooking.slug }).from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, business.id));
  // An owner who confirmed the address: the page's e-mails go only then (lib/notifications/deliver.ts).
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, cast.owner.id));
  return { ...cast, slug, corte, barba, ana, bruno };
}

/** The delivery ledger's rows of a business: what went, what was skipped and why. */
const ledger = (businessId: string) =>
  db.execute<{ kind: string; status: string; reason: string | null }>(sql`
    select kind, status, reason from notification_deliveries where business_id = ${businessId} order by status, kind`);

type BookInput = Parameters<typeof bookOnlineAction>[0];
const bookingOf = (s: Salon, over: Partial<BookInput> = {}): BookInput => ({
  slug: s.slug,
  serviceIds: [s.corte.id],
  professionalId: s.ana.id,
  date: DAY(),
  time: "10:00",
  name: "Maria Online",
  phone: newPhone(),
  email: null,
  website: "",
  ...over,
});

async function slots(slug: string, q: { date: string; services: string[]; professional: string }) {
  const url = `http://localhost/api/agendar/${slug}/horarios?date=${q.date}&services=${q.services.join(",")}&professional=${q.professional}`;
  const res = await slotsGET(new Request(url, { headers: { [PEER_HEADER]: `10.88.0.${Math.floor(Math.random() * 250)}` } }), { params: Promise.resolve({ slug }) });
  return { status: res.status, cache: res.headers.get("cache-control"), body: (await res.json()) as { times?: string[]; error?: string; closed?: boolean } };
}

const appointmentsAt = (businessId: string, date: string, time: string) =>
  db.select().from(appointments).where(and(eq(appointments.businessId, businessId), eq(appointments.date, date), eq(appointments.time, `${time}:00`)));

beforeAll(() => markPeerHeaderTrusted());

describe("the slug of every business", () => {
  test("made with the business from its folded name, unique, reserved words skipped", async () => {
    const name = `Salão Ímpar ${uniq()}`;
    const a = await createBusiness(undefined, { name });
    const b = await createBusiness(undefined, { name });
    const admin = await createBusiness(undefined, { name: "Admin" });
    const rows = await db.select().from(businessOnlineBooking).where(inArray(businessOnlineBooking.businessId, [a.id, b.id, admin.id]));
    const slugOf = (id: string) => rows.find((r) => r.businessId === id)!.slug;
    const folded = name.toLowerCase().replace("ã", "a").replace("í", "i").replace(/ /g, "-");
    expect(slugOf(a.id)).toBe(folded);
    expect(slugOf(b.id)).toBe(`${folded}-2`);
    expect(slugOf(admin.id)).toMatch(/^admin-\d+$/);
    expect(rows.every((r) => !r.enabled && r.cancelDeadlineHours === 2 && r.maxFutureBookings === 3)).toBe(true);
  });

  test("the database refuses a slug twice and a malformed one", async () => {
    const [a, b] = [await createBusiness(), await createBusiness()];
    const slug = `unico-${uniq()}`;
    await db.update(businessOnlineBooking).set({ slug }).where(eq(businessOnlineBooking.businessId, a.id));
    await expect(db.update(businessOnlineBooking).set({ slug }).where(eq(businessOnlineBooking.businessId, b.id))).rejects.toMatchObject({ cause: { code: "23505" } });
    await expect(db.update(businessOnlineBooking).set({ slug: "Com Espaço" }).where(eq(businessOnlineBooking.businessId, b.id))).rejects.toMatchObject({ cause: { code: "23514" } });
  });
});

describe("booking", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await anonymous();
  });

  test("creates a pendente online appointment in the agenda's transaction, the client by phone, a hashed link, an e-mail with the .ics", async () => {
    const email = `cliente-${uniq()}@example.test`;
    const phone = newPhone();
    const r = await bookOnlineAction(bookingOf(s, { serviceIds: [s.corte.id, s.barba.id], professionalId: "any", phone, email, time: "09:30" }));
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect(Object.keys(r).sort()).toEqual(["ok", "token"]);
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [a] = await appointmentsAt(s.business.id, DAY(), "09:30");
    expect(a).toMatchObject({ statusId: STATUS.pendente, source: "online", userId: null });
    // One professional for every service: only Ana offers both.
    const lines = await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, a.id));
    expect(lines.map((l) => l.professionalId)).toEqual([s.ana.id, s.ana.id]);
    const [client] = await db.select().from(clients).where(eq(clients.id, a.clientId));
    expect(client).toMatchObject({ name: "Maria Online", phone, email, businessId: s.business.id });

    const [token] = await db.select().from(onlineBookingTokens).where(eq(onlineBookingTokens.appointmentId, a.id));
    expect(token.tokenHash).toBe(createHash("sha256").update(r.token).digest("hex"));
    expect(JSON.stringify(token)).not.toContain(r.token);

    const audit = await db.select().from(auditLogs).where(eq(auditLogs.businessId, s.business.id));
    expect(audit.map((x) => [x.entityType, x.actionType, x.userId])).toEqual(expect.arrayContaining([["client", "CREATE", null], ["appointment", "CREATE", null]]));
    expect(audit.find((x) => x.entityType === "appointment")!.description).toContain("(online)");

    const mails = fs.readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`));
    expect(mails).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, mails[0]), "utf8");
    expect(raw).toContain("agendamento.ics");
    expect(raw).toContain("text/calendar");
    expect(raw.replace(/=\r?\n/g, "")).toContain(`/agendar/reserva/${r.token}`);

    // The time is gone from the list for the next client; 10:30 (after 90 minutes) is free.
    const after = await slots(s.slug, { date: DAY(), services: [s.corte.id, s.barba.id], professional: "any" });
    expect(after.status).toBe(200);
    expect(after.cache).toBe("public, max-age=5");
    expect(after.body.times).not.toContain("09:30");
    expect(after.body.times).not.toContain("10:45");
    expect(after.body.times).toContain("11:00");
  });

  test("no mail relay: a name that is not plain stays out of the subject, body and .ics; a business's e-mails stop at the day's cap, the bookings stand", async () => {
    await db.update(businesses).set({ name: "GANHE R$5.000 agora em http://golpe.exemplo" }).where(eq(businesses.id, s.business.id));
    const victim = `vitima-${uniq()}@example.test`;
    expect((await bookOnlineAction(bookingOf(s, { email: victim, time: "08:00" }))).ok).toBe(true);
    const [file] = fs.readdirSync(outbox).filter((f) => f.endsWith(`-${victim}.eml`));
    const raw = fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "");
    expect(raw).toMatch(/^Subject: Agendamento solicitado\r?$/m);
    expect(raw).not.toMatch(/GANHE|golpe/);

    // The business's one daily cap (MESSAGES_PER_BUSINESS_PER_DAY) counts these e-mails too.
    process.env.MESSAGES_PER_BUSINESS_PER_DAY = "2";
    try {
      const last = `ultima-${uniq()}@example.test`;
      const over = `alem-${uniq()}@example.test`;
      expect((await bookOnlineAction(bookingOf(s, { email: last, time: "10:00" }))).ok).toBe(true);
      expect((await bookOnlineAction(bookingOf(s, { email: over, time: "12:00" }))).ok).toBe(true);
      expect(fs.readdirSync(outbox).filter((f) => f.endsWith(`-${last}.eml`))).toHaveLength(1);
      expect(fs.readdirSync(outbox).filter((f) => f.endsWith(`-${over}.eml`))).toHaveLength(0);
      expect(await appointmentsAt(s.business.id, DAY(), "12:00")).toHaveLength(1);
      expect((await ledger(s.business.id)).map((r) => [r.kind, r.status, r.reason])).toEqual([
        ["online_booking_email", "sent", null],
        ["online_booking_email", "sent", null],
        ["online_booking_email", "skipped", "daily_cap"],
      ]);
    } finally {
      delete process.env.MESSAGES_PER_BUSINESS_PER_DAY;
    }
  });

  test("an owner who never confirmed the address: the booking stands, its e-mail is not sent, recorded as skipped and shown in the bell", async () => {
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, s.owner.id));
    const email = `sem-confirmacao-${uniq()}@example.test`;
    expect((await bookOnlineAction(bookingOf(s, { email, time: "11:00" }))).ok).toBe(true);
    expect(await appointmentsAt(s.business.id, DAY(), "11:00")).toHaveLength(1);
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`))).toHaveLength(0);
    expect(await ledger(s.business.id)).toEqual([{ kind: "online_booking_email", status: "skipped", reason: "owner_unconfirmed" }]);
    const bell = await bellOf(s.business.id, s.owner.id);
    expect(bell.items.filter((i) => i.kind === "message_skipped")).toMatchObject([{ reason: "owner_unconfirmed", count: 1 }]);
  });

  test("30 concurrent public bookings of one slot: exactly one appointment, no client left by the others", async () => {
    const phones = Array.from({ length: 30 }, newPhone);
    const results = await Promise.all(phones.map((phone) => bookOnlineAction(bookingOf(s, { phone, time: "15:00" }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toEqual({ ok: false, error: MSG.slotTakenTitle, description: MSG.slotTaken, code: SLOT_TAKEN_CODE });
    expect(await appointmentsAt(s.business.id, DAY(), "15:00")).toHaveLength(1);
    const made = await db.select().from(clients).where(eq(clients.businessId, s.business.id));
    expect(made.filter((c) => phones.includes(c.phone ?? ""))).toHaveLength(1);
  });

  test("a taken time is told by its code (the waitlist's claim reads isSlotTaken), never by its text", async () => {
    expect((await bookOnlineAction(bookingOf(s, { time: "16:00" }))).ok).toBe(true);
    const client = await createClient(s.business.id, { name: `Outra ${uniq()}` });
    // Ana is busy at 16:00: the booking transaction of the page (and of the waitlist's claim) refuses.
    const taken = await db.transaction((tx) =>
      bookOnProfessionals(tx, { businessId: s.business.id, clientId: client.id, date: DAY(), time: "16:00", serviceIds: [s.corte.id], professionalIds: [s.ana.id] }),
    );
    expect(taken).toMatchObject({ ok: false, code: SLOT_TAKEN_CODE });
    expect(isSlotTaken(taken as ActionFailure)).toBe(true);
    // The same words without the code are some other refusal.
    expect(isSlotTaken(fail(MSG.slotTakenTitle, MSG.slotTaken))).toBe(false);
  });

  test("'Qualquer profissional': two at once get Ana and Bruno, a third finds the slot taken", async () => {
    const results = await Promise.all([1, 2].map(() => bookOnlineAction(bookingOf(s, { professionalId: "any", time: "11:00" }))));
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await appointmentsAt(s.business.id, DAY(), "11:00");
    const pros = await db.select().from(appointmentServices).where(inArray(appointmentServices.appointmentId, rows.map((r) => r.id)));
    expect(pros.map((p) => p.professionalId).sort()).toEqual([s.ana.id, s.bruno.id].sort());
    expect(await bookOnlineAction(bookingOf(s, { professionalId: "any", time: "11:00" }))).toMatchObject({ ok: false, description: MSG.slotTaken });
  });

  test("a public booking and a staff booking racing for one professional: exactly one", async () => {
    const client = await createClient(s.business.id);
    await actAs(s.employee.id);
    request.headers = new ClientHeaders();
    const [online, staff] = await Promise.all([
      bookOnlineAction(bookingOf(s, { time: "16:00" })),
      createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: client.id }, date: DAY(), time: "16:30", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }] }),
    ]);
    expect([online.ok, staff.ok].filter(Boolean)).toHaveLength(1);
    const blocks = await db.execute<{ n: number }>(sql`select count(*)::int as n from appointment_professional_blocks where professional_id = ${s.ana.id}`);
    expect(blocks[0].n).toBe(1);
  });

  test("a taken slot is refused with the page's text and fresh slots without it; nothing half-created", async () => {
    const first = await bookOnlineAction(bookingOf(s, { time: "13:00" }));
    expect(first.ok).toBe(true);
    const phone = newPhone();
    expect(await bookOnlineAction(bookingOf(s, { time: "13:30", phone }))).toEqual({ ok: false, error: MSG.slotTakenTitle, description: MSG.slotTaken, code: SLOT_TAKEN_CODE });
    expect(await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), eq(clients.phone, phone)))).toHaveLength(0);
    const fresh = await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: s.ana.id });
    expect(fresh.body.times).not.toContain("13:00");
    expect(fresh.body.times).not.toContain("13:30");
    expect(fresh.body.times).toContain("14:00");
  });

  test("a returning phone (with or without 55) and name (any case, accents, spacing) is the same client, never renamed; another business's client with that phone is not used", async () => {
    const phone = newPhone();
    const elsewhere = await createClient(s.other.id, { name: "Cliente de outro negócio", phone });
    expect((await bookOnlineAction(bookingOf(s, { phone, name: "Joana Célia", email: "joana@exemplo.com", time: "08:00" }))).ok).toBe(true);
    const digits = phone.replace(/\D/g, "");
    expect((await bookOnlineAction(bookingOf(s, { phone: `+55 ${digits}`, name: "  joana   CELIA ", email: "outro@exemplo.com", time: "12:00" }))).ok).toBe(true);
    const mine = await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), sql`agenda_digits(${clients.phone}) like ${`%${digits}`}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: "Joana Célia", email: "joana@exemplo.com" });
    const booked = await db.select().from(appointments).where(eq(appointments.businessId, s.business.id));
    expect(new Set(booked.map((a) => a.clientId))).toEqual(new Set([mine[0].id]));
    expect(booked.some((a) => a.clientId === elsewhere.id)).toBe(false);
  });

  test("the page tells a stranger nothing about a phone's appointments: another name gets its own client record, the same name near its appointment gets the taken-time answer", async () => {
    const phone = newPhone();
    const maria = await bookOnlineAction(bookingOf(s, { phone, name: "Maria Conhecida", time: "10:00", professionalId: s.ana.id }));
    expect(maria.ok).toBe(true);
    const [mariaRow] = await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), eq(clients.phone, phone)));

    // A stranger with her phone and another name, at her time with the other professional: a record of its own, never hers.
    const probe = await bookOnlineAction(bookingOf(s, { phone, name: "Quem Testa", time: "10:00", professionalId: s.bruno.id }));
    expect(probe.ok).toBe(true);
    const withPhone = await db.select().from(clients).where(and(eq(clients.businessId, s.business.id), eq(clients.phone, phone)));
    expect(withPhone.map((c) => c.name).sort()).toEqual(["Maria Conhecida", "Quem Testa"]);
    const hers = await db.select().from(appointments).where(eq(appointments.clientId, mariaRow.id));
    expect(hers).toHaveLength(1);

    // With her name too, near her time: the same answer any taken time gets, nothing about her.
    const near = await bookOnlineAction(bookingOf(s, { phone, name: "maria conhecida", time: "10:30", professionalId: s.bruno.id }));
    expect(near).toEqual({ ok: false, error: MSG.slotTakenTitle, description: MSG.slotTaken, code: SLOT_TAKEN_CODE });
    expect(JSON.stringify(near)).not.toMatch(/já tem|agendamento próximo/);
  });

  test("the cap's refusal says no number", async () => {
    await db.update(businessOnlineBooking).set({ maxFutureBookings: 1 }).where(eq(businessOnlineBooking.businessId, s.business.id));
    const phone = newPhone();
    expect((await bookOnlineAction(bookingOf(s, { phone, time: "08:00" }))).ok).toBe(true);
    const refused = await bookOnlineAction(bookingOf(s, { phone, time: "12:00" }));
    expect(refused).toEqual({ ok: false, error: MSG.bookError, description: MSG.capReached });
    expect(JSON.stringify(refused)).not.toMatch(/\d/);
  });

  test("at most N future online bookings per client (owner's setting); a cancelled one frees a place", async () => {
    await db.update(businessOnlineBooking).set({ maxFutureBookings: 2 }).where(eq(businessOnlineBooking.businessId, s.business.id));
    const phone = newPhone();
    const a = await bookOnlineAction(bookingOf(s, { phone, time: "08:00" }));
    expect((await bookOnlineAction(bookingOf(s, { phone, time: "10:00" }))).ok).toBe(true);
    expect(await bookOnlineAction(bookingOf(s, { phone, time: "12:00" }))).toEqual({ ok: false, error: MSG.bookError, description: MSG.capReached });
    if (!a.ok) throw new Error("first booking failed");
    expect((await cancelOnlineBookingAction({ token: a.token })).ok).toBe(true);
    expect((await bookOnlineAction(bookingOf(s, { phone, time: "12:00" }))).ok).toBe(true);
  });

  test("concurrent bookings from one phone never pass the cap", async () => {
    await db.update(businessOnlineBooking).set({ maxFutureBookings: 1 }).where(eq(businessOnlineBooking.businessId, s.business.id));
    const phone = newPhone();
    const results = await Promise.all(["08:00", "10:00", "12:00", "14:00"].map((time, i) => bookOnlineAction(bookingOf(s, { phone, time, professionalId: i % 2 ? s.ana.id : s.bruno.id }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  test("the day must be inside the window; past times of today and off-grid times are refused", async () => {
    const [{ n: windowDays }] = await db.execute<{ n: number }>(sql`select booking_window_days as n from businesses where id = ${s.business.id}`);
    expect(await bookOnlineAction(bookingOf(s, { date: addDays(today(), windowDays + 1) }))).toMatchObject({ ok: false, description: MSG.outsideWindow });
    expect(await bookOnlineAction(bookingOf(s, { date: addDays(today(), -1) }))).toMatchObject({ ok: false, description: MSG.outsideWindow });
    expect(await bookOnlineAction(bookingOf(s, { time: "10:05" }))).toMatchObject({ ok: false, description: MSG.slotTaken });
    const now = instantToBusinessParts(new Date());
    if (now.time >= "00:15") {
      expect(await bookOnlineAction(bookingOf(s, { date: today(), time: "00:00" }))).toMatchObject({ ok: false, description: MSG.slotTaken });
    }
    const list = await slots(s.slug, { date: addDays(today(), windowDays + 1), services: [s.corte.id], professional: "any" });
    expect(list).toMatchObject({ status: 422, body: { error: MSG.outsideWindow } });
  });

  test("the honeypot refuses quietly and creates nothing", async () => {
    const phone = newPhone();
    expect(await bookOnlineAction(bookingOf(s, { phone, website: "http://spam.example" }))).toEqual({ ok: false, error: MSG.bookError, description: MSG.bookFallback });
    expect(await db.select().from(clients).where(eq(clients.phone, phone))).toHaveLength(0);
  });
});

describe("time off ('Folgas e férias')", () => {
  test("the public page offers no time in a professional's time off; 'Qualquer profissional' falls to the other; booking into it is refused", async () => {
    const s = await salon();
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
                         values (${s.business.id}, ${s.ana.id}, ${DAY()}, ${DAY()}, '13:00', '16:00')`);
    await anonymous();
    const ana = (await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: s.ana.id })).body.times;
    expect(ana).toContain("12:00");
    expect(ana).not.toContain("12:30"); // would run into 13:00
    expect(ana).not.toContain("13:00");
    expect(ana).not.toContain("15:30");
    expect(ana).toContain("16:00");
    expect((await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: "any" })).body.times).toContain("14:00");
    expect((await bookOnlineAction(bookingOf(s, { time: "14:00" }))).ok).toBe(false);
    const any = await bookOnlineAction(bookingOf(s, { time: "14:00", professionalId: ANY_PROFESSIONAL }));
    expect(any.ok).toBe(true);
    const [a] = await appointmentsAt(s.business.id, DAY(), "14:00");
    const [line] = await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, a.id));
    expect(line.professionalId).toBe(s.bruno.id);
    // A whole day off: none of Ana's times that day.
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date)
                         values (${s.business.id}, ${s.ana.id}, ${addDays(DAY(), 1)}, ${addDays(DAY(), 3)})`);
    expect((await slots(s.slug, { date: addDays(DAY(), 2), services: [s.barba.id], professional: s.ana.id })).body.times).toEqual([]);
  });
});

describe("rate limits", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await anonymous();
  });

  test(`per phone: ${ONLINE_BOOKING.phone.points} attempts an hour, whatever the address`, async () => {
    const phone = newPhone();
    // Attempts outside the window are counted and create nothing.
    const far = addDays(today(), 400);
    for (let i = 0; i < ONLINE_BOOKING.phone.points; i++) {
      expect(await bookOnlineAction(bookingOf(s, { phone, date: far }))).toMatchObject({ description: MSG.outsideWindow });
    }
    const refused = await bookOnlineAction(bookingOf(s, { phone }));
    expect(refused).toMatchObject({ ok: false, error: MSG.tooMany });
    expect(refused.ok || refused.description).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\./);
    // Another phone from the same place goes on.
    expect((await bookOnlineAction(bookingOf(s))).ok).toBe(true);
  });

  test(`per address: ${ONLINE_BOOKING.address.points} attempts an hour, whatever the phone`, async () => {
    pinnedAddress = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const far = addDays(today(), 400);
      for (let i = 0; i < ONLINE_BOOKING.address.points; i++) {
        expect(await bookOnlineAction(bookingOf(s, { date: far }))).toMatchObject({ description: MSG.outsideWindow });
      }
      expect(await bookOnlineAction(bookingOf(s))).toMatchObject({ ok: false, error: MSG.tooMany });
    } finally {
      pinnedAddress = null;
    }
    expect((await bookOnlineAction(bookingOf(s))).ok).toBe(true);
  });
});

describe("the private link (cancel)", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await anonymous();
  });

  test("cancels its own appointment once, through the agenda's status change (audited), and frees the slot", async () => {
    const r = await bookOnlineAction(bookingOf(s, { time: "17:00" }));
    if (!r.ok) throw new Error(r.error);
    expect((await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: s.ana.id })).body.times).not.toContain("17:00");
    expect(await cancelOnlineBookingAction({ token: r.token })).toEqual({ ok: true });
    const [a] = await appointmentsAt(s.business.id, DAY(), "17:00");
    expect(a.statusId).toBe(STATUS.cancelado);
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, a.id), eq(auditLogs.actionType, "UPDATE")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: null, oldValues: { status: "pendente" }, newValues: { status: "cancelado" } });
    expect((await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: s.ana.id })).body.times).toContain("17:00");

    // Single purpose: used once, it does nothing more, even after the staff takes the booking back.
    expect(await cancelOnlineBookingAction({ token: r.token })).toEqual({ ok: false, error: MSG.cancelError, description: MSG.linkUsed });
    await db.update(appointments).set({ statusId: STATUS.confirmado }).where(eq(appointments.id, a.id));
    expect(await cancelOnlineBookingAction({ token: r.token })).toMatchObject({ ok: false, description: MSG.linkUsed });
    const [still] = await appointmentsAt(s.business.id, DAY(), "17:00");
    expect(still.statusId).toBe(STATUS.confirmado);
  });

  test("an unknown token or another booking's hash does nothing", async () => {
    const r = await bookOnlineAction(bookingOf(s, { time: "18:00" }));
    if (!r.ok) throw new Error(r.error);
    const hash = createHash("sha256").update(r.token).digest("hex");
    expect(await cancelOnlineBookingAction({ token: "x".repeat(43) })).toEqual({ ok: false, error: MSG.cancelError, description: MSG.linkInvalid });
    expect(await cancelOnlineBookingAction({ token: hash })).toMatchObject({ ok: false, description: MSG.linkInvalid });
    const [a] = await appointmentsAt(s.business.id, DAY(), "18:00");
    expect(a.statusId).toBe(STATUS.pendente);
  });

  test("refused after the owner's deadline before the start", async () => {
    // An online booking starting in about an hour (arranged directly: the page only offers quarter hours ahead).
    const soon = instantToBusinessParts(new Date(Date.now() + 65 * 60_000));
    const client = await createClient(s.business.id);
    const [a] = await db.insert(appointments).values({ businessId: s.business.id, clientId: client.id, date: soon.date, time: soon.time, source: "online" }).returning();
    const token = `prazo-${uniq()}-${uniq()}-${uniq()}`;
    await db.insert(onlineBookingTokens).values({ businessId: s.business.id, appointmentId: a.id, tokenHash: createHash("sha256").update(token).digest("hex"), bookerName: "Ana" });
    expect(await cancelOnlineBookingAction({ token })).toEqual({ ok: false, error: MSG.cancelError, description: tooLateText(2) });
    await db.update(businessOnlineBooking).set({ cancelDeadlineHours: 1 }).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(await cancelOnlineBookingAction({ token })).toEqual({ ok: true });
  });
});

describe("switched off, other businesses", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await anonymous();
  });

  test("a switched-off business's page refuses bookings and lists no times", async () => {
    await db.update(businessOnlineBooking).set({ enabled: false }).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(await bookOnlineAction(bookingOf(s))).toEqual({ ok: false, error: MSG.unavailable, description: MSG.unavailableDescription });
    expect((await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: "any" })).status).toBe(404);
    expect(await db.select().from(appointments).where(eq(appointments.businessId, s.business.id))).toHaveLength(0);
  });

  test("an unknown slug is not found", async () => {
    expect(await bookOnlineAction(bookingOf(s, { slug: `nao-existe-${uniq()}` }))).toMatchObject({ ok: false, error: MSG.unavailable });
    expect((await slots(`nao-existe-${uniq()}`, { date: DAY(), services: [s.corte.id], professional: "any" })).status).toBe(404);
  });

  test("another business's services and professionals can't be booked or listed through this slug", async () => {
    const theirService = await createService(s.other.id, 30);
    const theirPro = await createProfessional(s.other.id);
    await db.insert(professionalServices).values({ professionalId: theirPro.id, serviceId: theirService.id, businessId: s.other.id });
    expect(await bookOnlineAction(bookingOf(s, { serviceIds: [theirService.id], professionalId: "any" }))).toMatchObject({ ok: false, description: MSG.serviceGone });
    expect(await bookOnlineAction(bookingOf(s, { serviceIds: [s.corte.id], professionalId: theirPro.id }))).toMatchObject({ ok: false, description: MSG.professionalGone });
    expect((await slots(s.slug, { date: DAY(), services: [theirService.id], professional: "any" })).status).toBe(422);
    expect((await slots(s.slug, { date: DAY(), services: [s.corte.id], professional: theirPro.id })).body.times).toEqual([]);
    const touched = await db.select().from(appointments).where(inArray(appointments.businessId, [s.business.id, s.other.id]));
    expect(touched).toHaveLength(0);
  });
});

describe("the owner's settings", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
  });
  const settings = (over: Record<string, unknown> = {}) => ({ slug: `meu-salao-${uniq()}`, enabled: true, cancelDeadlineHours: 4, maxFutureBookings: 5, ...over });

  test("the owner saves the address, the switch, the deadline and the cap", async () => {
    await actAs(s.owner.id);
    const v = settings({ enabled: false });
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...v })).toEqual({ ok: true });
    const [row] = await db.select().from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(row).toMatchObject({ ...v, updatedBy: s.owner.id });
    await anonymous();
    expect(await bookOnlineAction(bookingOf(s, { slug: v.slug }))).toMatchObject({ error: MSG.unavailable });
    expect(await bookOnlineAction(bookingOf(s))).toMatchObject({ error: MSG.unavailable });
  });

  test("a taken slug, a reserved word or a malformed one is refused on the field", async () => {
    const [{ slug: theirs }] = await db.select({ slug: businessOnlineBooking.slug }).from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.other.id));
    await actAs(s.owner.id);
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings({ slug: theirs, enabled: false }) })).toEqual({
      ok: false, error: MSG.saveError, description: MSG.slugTaken, fieldErrors: { slug: MSG.slugTaken },
    });
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings({ slug: "reserva" }) })).toMatchObject({ fieldErrors: { slug: SLUG_PROBLEM_TEXT.reserved } });
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings({ slug: "Meu Salão" }) })).toMatchObject({ fieldErrors: { slug: SLUG_PROBLEM_TEXT.format } });
    const [row] = await db.select().from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(row.slug).toBe(s.slug);
  });

  test("only an owner with a confirmed address switches the page on (it e-mails addresses strangers type)", async () => {
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, s.owner.id));
    await actAs(s.owner.id);
    await db.update(businessOnlineBooking).set({ enabled: false }).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings() })).toEqual({ ok: false, error: MSG.saveError, description: MSG.confirmToEnable });
    const [off] = await db.select().from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(off.enabled).toBe(false);
    // Other settings still save while it stays off.
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings({ enabled: false }) })).toEqual({ ok: true });
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.owner.id));
    expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings() })).toEqual({ ok: true });
    const [on] = await db.select().from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(on.enabled).toBe(true);
  });

  test("an employee, another business's owner and nobody signed in can't change them", async () => {
    for (const who of [s.employee.id, s.stranger.id]) {
      await actAs(who);
      expect(await saveOnlineSettingsAction({ businessId: s.business.id, ...settings() })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    }
    await actAs(null);
    expect((await saveOnlineSettingsAction({ businessId: s.business.id, ...settings() })).ok).toBe(false);
    const [row] = await db.select().from(businessOnlineBooking).where(eq(businessOnlineBooking.businessId, s.business.id));
    expect(row.slug).toBe(s.slug);
  });
});

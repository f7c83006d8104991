/**
 * The waitlist (issue 36, part 3) on the real database and the real graphile-worker queue: the
 * entry's validation; a cancel, a move or a delete queues the date's match job in its transaction
 * (a rolled-back one none); the match offers a freed time by the public page's own availability
 * (services, professional, range, hours, time off) to the entries in order; 50 concurrent claims of
 * one offer book exactly once; an expired offer passes to the next entry; a claim after the time was
 * booked by hand is refused; the token is single-use and stored hashed; staff actions stay within
 * their business.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  appointments, auditLogs, businessHolidaySettings, businessHours, businessOnlineBooking, professionalServices,
  professionalWeeklySchedules, users, waitlistEntries, waitlistOffers,
} from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { startJobs } from "@/lib/core/jobs/queue";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { STATUS } from "@/lib/appointments/status";
import { setAppointmentStatusAction, createAppointmentAction } from "@/lib/appointments/actions";
import { runClientUpdate } from "@/lib/jobs/client-update";
import { runOfferExpire, runWaitlistMatch } from "@/lib/jobs/waitlist";
import { JOB_TASKS } from "@/lib/jobs/tasks";
import { bellOf } from "@/lib/notifications/queries";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { addWaitlistEntryAction, claimOfferAction, joinWaitlistAction, removeWaitlistEntryAction } from "@/lib/waitlist/actions";
import { WAITLIST_MESSAGES as MSG } from "@/lib/waitlist/messages";
import { claimOffer } from "@/lib/waitlist/mutations";
import { OFFER_MINUTES, offerPage } from "@/lib/waitlist/rules";
import { offerByHash } from "@/lib/waitlist/queries";
import { hashOfferToken } from "@/lib/waitlist/tokens";
import { GET as slotsGET } from "@/app/api/agendar/[slug]/horarios/route";
import type { SlotsAnswer } from "@/lib/online-booking/slots";
import { actAs } from "./act-as";
import { createClient, createProfessional, createService, twoBusinesses, uniq } from "./fixtures";
import { jar, request } from "./request-stub";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

let smtp: SmtpCapture;
beforeAll(async () => {
  markPeerHeaderTrusted();
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

let nextAddress = 1;
class ClientHeaders extends Headers {
  get(name: string): string | null {
    if (name.toLowerCase() === PEER_HEADER) return `10.66.${Math.floor(nextAddress / 250) % 250}.${nextAddress++ % 250}`;
    return super.get(name);
  }
}
const anonymous = async () => {
  await actAs(null);
  request.headers = new ClientHeaders();
};

let phoneSeq = Math.floor(Math.random() * 9_000_000);
const newPhone = () => {
  const n = String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(8, "0");
  return `(65) 9${n.slice(0, 4)}-${n.slice(4, 8)}`;
};
const DAY = () => addDays(todayInBusiness(), 2);

/** Open every day 08:00–20:00, Ana (corte, barba) and Bruno (corte) working all of it; the page on. */
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
  const client = await createClient(business.id, { name: `Cliente ${uniq()}` });
  // An owner who confirmed the address: offers go out only then (lib/notifications/deliver.ts).
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, cast.owner.id));
  return { ...cast, slug, corte, barba, ana, bruno, client };
}
type Salon = Awaited<ReturnType<typeof salon>>;

/** Books `pro` busy the whole day (08:00–20:00) in one-hour appointments through the staff action; returns their ids by time. */
async function fillDay(s: Salon, pro: { id: string }, date = DAY()): Promise<Map<string, string>> {
  await actAs(s.owner.id);
  const ids = new Map<string, string>();
  for (let h = 8; h < 20; h++) {
    const time = `${String(h).padStart(2, "0")}:00`;
    const c = await createClient(s.business.id, { name: `Ocupado ${uniq()}` });
    const r = await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: c.id }, date, time, lines: [{ serviceId: s.corte.id, professionalId: pro.id }],
    });
    if (!r.ok) throw new Error(`fillDay ${time}: ${r.error} ${r.description}`);
    ids.set(time, (r as { id: string }).id);
  }
  return ids;
}

type JoinInput = Parameters<typeof joinWaitlistAction>[0];
const joinOf = (s: Salon, over: Partial<JoinInput> = {}): JoinInput => ({
  slug: s.slug, serviceIds: [s.corte.id], professionalId: s.ana.id, dates: [DAY()], timeFrom: "08:00", timeUntil: "19:00",
  name: `Espera ${uniq()}`, phone: newPhone(), email: `espera-${uniq()}@exemplo.com`, website: "", ...over,
});

async function join(s: Salon, over: Partial<JoinInput> = {}) {
  await anonymous();
  const input = joinOf(s, over);
  const r = await joinWaitlistAction(input);
  expect(r).toEqual({ ok: true });
  const [e] = await db.select().from(waitlistEntries).where(and(eq(waitlistEntries.businessId, s.business.id), eq(waitlistEntries.email, input.email!)));
  return e;
}

/** The match jobs queued for a business's date. */
async function matchJobs(businessId: string, date: string) {
  return db.execute<{ id: string; run_at: Date }>(sql`select id::text, run_at from graphile_worker.jobs where key = ${`waitlist_match:${businessId}:${date}`}`);
}
async function clearJobs(businessId: string) {
  await db.execute(sql`select graphile_worker.permanently_fail_jobs(array(select id from graphile_worker.jobs where key like ${`waitlist_%${businessId}%`}), 'limpo pelo teste')`);
  await db.execute(sql`delete from graphile_worker._private_jobs where key like ${`waitlist_%${businessId}%`}`);
}
const offersOf = (entryId: string) => db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId)).orderBy(waitlistOffers.createdAt);
const entryOf = async (id: string) => (await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];

/** The link's token from the offer e-mail to `email` (the last one). */
function tokenFrom(email: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`nenhum email para ${email}`);
  const raw = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const m = raw.match(/\/agendar\/lista-de-espera\/([A-Za-z0-9_-]{43})/);
  if (!m) throw new Error("link não encontrado");
  return m[1];
}

/** The public page's free times of a day (its route handler). */
async function slotsFor(slug: string, q: { date: string; services: string[]; professional: string }) {
  const url = `http://localhost/api/agendar/${slug}/horarios?date=${q.date}&services=${q.services.join(",")}&professional=${q.professional}`;
  const res = await slotsGET(new Request(url, { headers: { [PEER_HEADER]: `10.89.0.${Math.floor(Math.random() * 250)}` } }), { params: Promise.resolve({ slug }) });
  return { status: res.status, body: (await res.json()) as Partial<SlotsAnswer> };
}

async function cancel(s: Salon, id: string) {
  await actAs(s.owner.id);
  const r = await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: STATUS.cancelado });
  expect(r.ok).toBe(true);
}

describe("joining from the public page", () => {
  test("validated: e-mail required, days inside the window, 'Até' not before 'Das', a professional who does the services; clear Portuguese", async () => {
    const s = await salon();
    await anonymous();
    expect(await joinWaitlistAction(joinOf(s, { email: null }))).toMatchObject({ ok: false, fieldErrors: { email: MSG.emailRequired } });
    expect(await joinWaitlistAction(joinOf(s, { dates: [] }))).toMatchObject({ ok: false, fieldErrors: { dates: MSG.pickDay } });
    expect(await joinWaitlistAction(joinOf(s, { timeFrom: "15:00", timeUntil: "14:00" }))).toMatchObject({ ok: false, fieldErrors: { timeUntil: MSG.timeOrder } });
    expect(await joinWaitlistAction(joinOf(s, { dates: [addDays(todayInBusiness(), -1)] }))).toMatchObject({ ok: false, description: MSG.pastDay });
    expect(await joinWaitlistAction(joinOf(s, { dates: [addDays(todayInBusiness(), 400)] }))).toMatchObject({ ok: false, description: MSG.outsideWindow });
    expect(await joinWaitlistAction(joinOf(s, { phone: "123" }))).toMatchObject({ ok: false, fieldErrors: { phone: expect.stringContaining("DDD") } });
    // Bruno doesn't do barba; a service of another business is not found.
    expect(await joinWaitlistAction(joinOf(s, { serviceIds: [s.barba.id], professionalId: s.bruno.id }))).toMatchObject({ ok: false });
    const foreign = await createService(s.other.id, 30);
    expect(await joinWaitlistAction(joinOf(s, { serviceIds: [foreign.id] }))).toMatchObject({ ok: false });
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.businessId, s.business.id))).toHaveLength(0);
    // The honeypot refuses quietly.
    expect(await joinWaitlistAction(joinOf(s, { website: "http://spam" }))).toMatchObject({ ok: false });

    const e = await join(s, { professionalId: ANY_PROFESSIONAL, dates: [DAY(), addDays(DAY(), 1), DAY()] });
    expect(e).toMatchObject({ status: "aguardando", source: "online", professionalId: null, dates: [DAY(), addDays(DAY(), 1)], clientId: null });
  });
});

describe("no waiting for a day nobody works (issue 52)", () => {
  test("a day off, time off all day, a closed holiday: the slots say no waitlist and the action refuses in Portuguese; a working day is fine", async () => {
    const s = await salon();
    const off = addDays(DAY(), 1);
    const away = addDays(DAY(), 2);
    const holiday = addDays(DAY(), 3);
    const b = s.business.id;
    // Ana doesn't work on `off`'s weekday; she is away all of `away`; the salon closes on `holiday`.
    const { dayOfWeek } = await import("@/lib/core/time/business-date");
    await db.update(professionalWeeklySchedules).set({ isWorking: false })
      .where(and(eq(professionalWeeklySchedules.professionalId, s.ana.id), eq(professionalWeeklySchedules.dayOfWeek, dayOfWeek(off))));
    await db.execute(sql`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
                         values (${b}, ${s.ana.id}, ${away}, ${away}, '00:00', '23:59')`);
    await db.execute(sql`insert into business_holidays (business_id, holiday_date, holiday_name, is_working) values (${b}, ${holiday}, 'Recesso', false)`);

    const answer = async (date: string, professional: string) => (await slotsFor(s.slug, { date, services: [s.corte.id], professional })).body;
    expect(await answer(off, s.ana.id)).toEqual({ date: off, times: [], closed: false, waitlist: false });
    expect(await answer(away, s.ana.id)).toMatchObject({ times: [], closed: false, waitlist: false });
    expect(await answer(holiday, ANY_PROFESSIONAL)).toMatchObject({ times: [], closed: true, waitlist: false });
    // Bruno works `off`: 'Qualquer profissional' has times there.
    expect((await answer(off, ANY_PROFESSIONAL)).times!.length).toBeGreaterThan(0);
    // A full day that Ana works: no times, the waitlist offered.
    await fillDay(s, s.ana);
    expect(await answer(DAY(), s.ana.id)).toEqual({ date: DAY(), times: [], closed: false, waitlist: true });

    await anonymous();
    const dm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
    for (const [dates, professionalId, refused] of [
      [[DAY(), off], s.ana.id, off],
      [[away], s.ana.id, away],
      [[holiday], ANY_PROFESSIONAL, holiday],
    ] as const) {
      expect(await joinWaitlistAction(joinOf(s, { dates: [...dates], professionalId }))).toEqual({
        ok: false, error: MSG.joinError, description: MSG.noWaitDay(dm(refused)), fieldErrors: { dates: MSG.noWaitDay(dm(refused)) },
      });
    }
    expect(MSG.noWaitDay(dm(off))).toMatch(/^Não há atendimento em \d\d\/\d\d para o seu pedido/);
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.businessId, b))).toHaveLength(0);
    // The full day she works, and `off` for anyone (Bruno works it): accepted.
    await join(s, { dates: [DAY()] });
    await join(s, { dates: [off], professionalId: ANY_PROFESSIONAL });
  });
});

describe("the trigger queues the match in the write's transaction", () => {
  test("cancel, move and delete queue the date's job (one per business and date); a rolled-back write none; no one waiting, none", async () => {
    const s = await salon();
    const busy = await fillDay(s, s.ana);
    // Nobody waits yet: a cancel queues nothing.
    await cancel(s, busy.get("08:00")!);
    expect(await matchJobs(s.business.id, DAY())).toHaveLength(0);

    await join(s);
    await clearJobs(s.business.id);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(appointments).set({ statusId: STATUS.cancelado }).where(eq(appointments.id, busy.get("09:00")!));
        expect(await tx.execute(sql`select 1 from graphile_worker.jobs where key = ${`waitlist_match:${s.business.id}:${DAY()}`}`)).toHaveLength(1);
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    expect(await matchJobs(s.business.id, DAY())).toHaveLength(0);

    await cancel(s, busy.get("09:00")!);
    await cancel(s, busy.get("10:00")!);
    expect(await matchJobs(s.business.id, DAY())).toHaveLength(1);

    await clearJobs(s.business.id);
    await db.update(appointments).set({ date: addDays(DAY(), 3) }).where(eq(appointments.id, busy.get("11:00")!));
    expect(await matchJobs(s.business.id, DAY())).toHaveLength(1);

    await clearJobs(s.business.id);
    await db.delete(appointments).where(eq(appointments.id, busy.get("12:00")!));
    expect(await matchJobs(s.business.id, DAY())).toHaveLength(1);
  });
});

describe("matching", () => {
  test("services, professional, range of times, hours and time off count; entries in order of arrival", async () => {
    const s = await salon();
    const busy = await fillDay(s, s.ana);
    await fillDay(s, s.bruno);
    const barbaOnly = await join(s, { serviceIds: [s.barba.id], professionalId: s.ana.id, timeFrom: "08:00", timeUntil: "19:30" });
    const late = await join(s, { timeFrom: "17:00", timeUntil: "19:00" });
    const bruno = await join(s, { professionalId: s.bruno.id });
    const first = await join(s, { timeFrom: "08:00", timeUntil: "19:00" });
    // Ana's 14:00 frees. Bruno's entry doesn't fit Ana; the late one wants 17:00+; barba fits first in line.
    await cancel(s, busy.get("14:00")!);
    const made = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
    expect(made.map((m) => [m.entryId, m.time, m.professionalId])).toEqual([[barbaOnly.id, "14:00", s.ana.id]]);
    // The barba holds 14:00–14:30 only; 14:30 is 30 minutes, too short for a cut: nobody else.
    expect(await offersOf(first.id)).toHaveLength(0);
    expect((await entryOf(barbaOnly.id)).status).toBe("oferecido");

    // Time off over Ana's 18:00 hour: freeing it offers nothing; 17:00 goes to the late one (the first one in line fits too, but 'first' came later).
    await db.execute(sql`
      insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
      values (${s.business.id}, ${s.ana.id}, ${DAY()}, ${DAY()}, '18:00', '19:00')`);
    await cancel(s, busy.get("18:00")!);
    expect(await runWaitlistMatch({ businessId: s.business.id, date: DAY() })).toEqual([]);
    await cancel(s, busy.get("17:00")!);
    const next = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
    expect(next.map((m) => [m.entryId, m.time])).toEqual([[late.id, "17:00"]]);
    expect(await offersOf(bruno.id)).toHaveLength(0);
    // Each offer went by e-mail with its link.
    expect(tokenFrom(barbaOnly.email!)).toHaveLength(43);
    expect(smtp.messages.filter((m) => m.to.includes(late.email!)).at(-1)!.raw).toContain("Quero este hor");
  });

  test("through the real queue: a cancel on the agenda → the worker offers the slot by e-mail", async () => {
    const s = await salon();
    const busy = await fillDay(s, s.ana);
    const e = await join(s);
    const jobs = await startJobs({ databaseUrl: process.env.DATABASE_URL!, tasks: JOB_TASKS, concurrency: 2, pollInterval: 200 });
    try {
      await cancel(s, busy.get("15:00")!);
      const end = Date.now() + 20_000;
      while (!smtp.messages.some((m) => m.to.includes(e.email!))) {
        if (Date.now() > end) throw new Error("a oferta não chegou");
        await new Promise((r) => setTimeout(r, 100));
      }
      const [o] = await offersOf(e.id);
      expect(o).toMatchObject({ status: "offered", time: "15:00:00", professionalId: s.ana.id });
      // Its expiry is a job at expires_at, 30 minutes on.
      expect(o.expiresAt.getTime() - o.createdAt.getTime()).toBeGreaterThan((OFFER_MINUTES - 1) * 60_000);
      const [job] = await db.execute<{ run_at: Date }>(sql`select run_at from graphile_worker.jobs where key = ${`waitlist_offer_expire:${o.id}`}`);
      expect(new Date(job.run_at).getTime()).toBe(o.expiresAt.getTime());
    } finally {
      await jobs.stop();
    }
  });
});

describe("an owner who never confirmed the address", () => {
  test("offers nothing: no e-mail, no offer holding the time, the entry still waiting; the skip recorded and in the bell; once confirmed, the next match offers it", async () => {
    const s = await salon();
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, s.owner.id));
    const busy = await fillDay(s, s.ana);
    // The staff's own list: the owner types any address.
    await actAs(s.owner.id);
    const email = `alvo-${uniq()}@exemplo.com`;
    const added = await addWaitlistEntryAction({
      businessId: s.business.id, clientId: null, name: `Alvo ${uniq()}`, phone: newPhone(), email,
      serviceIds: [s.corte.id], professionalId: s.ana.id, dates: [DAY()], timeFrom: "08:00", timeUntil: "19:00",
    });
    expect(added).toMatchObject({ ok: true });
    const entryId = (added as { id: string }).id;
    await cancel(s, busy.get("11:00")!);

    expect(await runWaitlistMatch({ businessId: s.business.id, date: DAY() })).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    expect(await offersOf(entryId)).toHaveLength(0);
    expect((await entryOf(entryId)).status).toBe("aguardando");
    const ledger = await db.execute<{ kind: string; status: string; reason: string | null }>(sql`
      select kind, status, reason from notification_deliveries where business_id = ${s.business.id}`);
    expect(ledger).toEqual([{ kind: "waitlist_offer_email", status: "skipped", reason: "owner_unconfirmed" }]);
    const bell = await bellOf(s.business.id, s.owner.id);
    expect(bell.items.filter((i) => i.kind === "message_skipped")).toMatchObject([{ reason: "owner_unconfirmed", count: 1 }]);

    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.owner.id));
    const made = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
    expect(made.map((m) => [m.entryId, m.time, m.sent])).toEqual([[entryId, "11:00", ["waitlist_offer_email"]]]);
    expect(tokenFrom(email)).toHaveLength(43);
  });
});

describe("by WhatsApp too", () => {
  test("the offer's parameters are plain text; a WhatsApp failure after the e-mail went leaves the offer, and no claim nor place for it", async () => {
    const wa = await startWhatsAppStandIn({ token: "tok-espera", phoneNumberId: "5550003" });
    Object.assign(process.env, {
      WHATSAPP_TOKEN: "tok-espera", WHATSAPP_PHONE_NUMBER_ID: "5550003", WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda",
      WHATSAPP_WAITLIST_TEMPLATE: "oferta_agenda", WHATSAPP_API_URL: wa.url,
    });
    try {
      const s = await salon();
      await db.execute(sql`update services set name = 'Corte — ganhe brinde em www.golpe.exemplo' where id = ${s.corte.id}`);
      const busy = await fillDay(s, s.ana);
      const e = await join(s);
      await cancel(s, busy.get("09:00")!);
      wa.failNext(1);
      const [made] = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
      expect(made).toMatchObject({ entryId: e.id, time: "09:00", sent: ["waitlist_offer_email"] });
      expect(wa.received).toHaveLength(0);
      const rows = await db.execute<{ kind: string; status: string }>(sql`
        select kind, status from notification_deliveries where subject_id = ${made.offerId}`);
      expect(rows).toEqual([{ kind: "waitlist_offer_email", status: "sent" }]);
      const [{ sent }] = await db.execute<{ sent: number }>(sql`select sent from business_message_counts where business_id = ${s.business.id}`);
      expect(sent).toBe(1);

      // The next offer's WhatsApp goes, its parameters without the link typed into the service's name.
      const f = await join(s);
      await cancel(s, busy.get("10:00")!);
      const [next] = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
      expect(next).toMatchObject({ entryId: f.id, sent: ["waitlist_offer_email", "waitlist_offer_whatsapp"] });
      expect(wa.received).toHaveLength(1);
      expect(wa.received[0].bodyParams.join(" | ")).not.toMatch(/golpe|www\./);
      expect(wa.received[0].bodyParams[3]).toBe("Serviço");
    } finally {
      for (const k of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_REMINDER_TEMPLATE", "WHATSAPP_WAITLIST_TEMPLATE", "WHATSAPP_API_URL"]) delete process.env[k];
      await wa.stop();
    }
  });
});

describe("claiming", () => {
  async function offered() {
    const s = await salon();
    const busy = await fillDay(s, s.ana);
    const e = await join(s);
    await cancel(s, busy.get("16:00")!);
    const [made] = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
    expect(made).toMatchObject({ entryId: e.id, time: "16:00" });
    return { s, e, busy, token: tokenFrom(e.email!), offerId: made.offerId };
  }
  const bookedAt = (businessId: string, time: string) =>
    db.select().from(appointments).where(and(eq(appointments.businessId, businessId), eq(appointments.date, DAY()), eq(appointments.time, `${time}:00`), sql`status_id <> ${STATUS.cancelado}`));

  test("50 concurrent claims of one offer: exactly one booking, 49 answers 'Esse horário acabou de ser preenchido'", async () => {
    const { s, e, token, offerId } = await offered();
    // Each claim in its own transaction, rolled back on a refusal, as the action pipeline does.
    class Refused extends Error {
      constructor(readonly result: unknown) { super("recusado"); }
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const r = await claimOffer(tx, token, new Date());
          if (!r.ok) throw new Refused(r);
          return r;
        }).catch((err: unknown) => {
          if (err instanceof Refused) return err.result as { ok: false; error: string };
          throw err;
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toMatchObject({ error: MSG.filled });
    const booked = await bookedAt(s.business.id, "16:00");
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ source: "online", statusId: STATUS.pendente });
    expect(await entryOf(e.id)).toMatchObject({ status: "agendado", appointmentId: booked[0].id });
    expect((await offersOf(e.id))[0]).toMatchObject({ id: offerId, status: "claimed", appointmentId: booked[0].id });
    // The audit row of the booking, as 'Sistema'.
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, booked[0].id), eq(auditLogs.actionType, "CREATE")));
    expect(audit).toHaveLength(1);
    expect(audit[0].userId).toBeNull();
  });

  test("the same race through the action: one 'Horário agendado', 49 'Esse horário acabou de ser preenchido'", async () => {
    const { s, token } = await offered();
    await anonymous();
    const results = await Promise.all(Array.from({ length: 50 }, () => claimOfferAction({ token })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toMatchObject({ ok: false, error: MSG.filled, code: "filled" });
    expect(await bookedAt(s.business.id, "16:00")).toHaveLength(1);
    // No cookie: the link's token is what proves the booking is the client's (its page reads 'Horário agendado!').
    expect(jar.get("waitlist-claimed")).toBeUndefined();
    // Nothing of the booking in the answer.
    expect(results.find((r) => r.ok)).toEqual({ ok: true });
  });

  test("the claim is confirmed to the client as a salon's booking: one client_update job, one e-mail with the time", async () => {
    const { e, token } = await offered();
    await anonymous();
    expect(await claimOfferAction({ token })).toEqual({ ok: true });
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, e.id));
    const id = entry.appointmentId!;
    expect(await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`client_update:${id}`}`)).toHaveLength(1);
    const before = smtp.messages.filter((m) => m.to.includes(e.email!)).length;
    expect(await runClientUpdate({ appointmentId: id })).toEqual({ sent: ["client_update_email"], duplicates: [], skipped: [] });
    const mails = smtp.messages.filter((m) => m.to.includes(e.email!)).slice(before);
    expect(mails).toHaveLength(1);
    const text = mails[0].raw.replace(/=\r?\n/g, "");
    expect(text).toContain("Agendamento marcado");
    expect(text).toContain("agendamento.ics");
    expect(Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8")).toContain("às 16:00");
    // Delivered again: nothing more.
    expect(await runClientUpdate({ appointmentId: id })).toEqual({ sent: [], duplicates: ["client_update_email"], skipped: [] });
  });

  test("single-use and hashed: the token is not stored; a second claim is refused; an unknown token is invalid", async () => {
    const { token, offerId } = await offered();
    const [o] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId));
    expect(o.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const dump = JSON.stringify(await db.execute(sql`select * from waitlist_offers where id = ${offerId}`));
    expect(dump).not.toContain(token);
    await anonymous();
    expect(await claimOfferAction({ token })).toEqual({ ok: true });
    expect(await claimOfferAction({ token })).toMatchObject({ ok: false, error: MSG.filled });
    expect(await claimOfferAction({ token: token.slice(0, -2) + "xx" })).toMatchObject({ ok: false, code: "invalid", description: MSG.invalid });
  });

  test("the link that claimed shows the booking as hers whenever it is opened again; another offer's link, nothing of hers", async () => {
    const { s, e, token, offerId } = await offered();
    const page = async (t: string) => {
      const view = await offerByHash(hashOfferToken(t));
      return view && { state: offerPage(view, new Date()), view };
    };
    expect((await page(token))!.state).toBe("live");
    await anonymous();
    expect(await claimOfferAction({ token })).toEqual({ ok: true });
    // Any device, any time later: the token alone (no cookie in this request) shows 'Seu horário'.
    jar.clear();
    const mine = (await page(token))!;
    expect(mine.state).toBe("mine");
    expect(mine.view.appointment).toEqual({ date: DAY(), time: "16:00", statusId: STATUS.pendente });
    expect(mine.view.entry.email).toBe(e.email);

    // Another entry's offer of the same time (ended when hers was claimed): 'filled', and nothing of hers.
    const other = await join(s, { professionalId: s.ana.id });
    const { newOfferToken } = await import("@/lib/waitlist/tokens");
    const theirs = newOfferToken();
    await db.insert(waitlistOffers).values({
      businessId: s.business.id, entryId: other.id, date: DAY(), time: "16:00", professionalId: s.ana.id, minutes: 60,
      tokenHash: theirs.hash, expiresAt: new Date(Date.now() + 60_000), status: "superseded",
    });
    const seen = (await page(theirs.token))!;
    expect(seen.state).toBe("filled");
    expect(seen.view.appointment).toBeNull();
    expect(seen.view.appointmentId).toBeNull();
    expect(JSON.stringify(seen.view)).not.toContain(e.email!);
    expect(JSON.stringify(seen.view)).not.toContain(offerId);
    // A made-up link: no page at all.
    expect(await page(token.slice(0, -2) + (token.endsWith("xx") ? "yy" : "xx"))).toBeNull();

    // The salon cancels her booking: the link says so instead of 'Seu horário'.
    await cancel(s, mine.view.appointmentId!);
    expect((await page(token))!.state).toBe("mine-cancelled");
  });

  test("a claim after the same time was booked by hand is refused; the offer ends and the entry waits again", async () => {
    const { s, e, token } = await offered();
    await actAs(s.owner.id);
    const r = await createAppointmentAction({
      businessId: s.business.id, client: { kind: "existing", id: s.client.id }, date: DAY(), time: "16:00", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }],
    });
    expect(r.ok).toBe(true);
    expect((await offersOf(e.id))[0].status).toBe("superseded");
    expect((await entryOf(e.id)).status).toBe("aguardando");
    await anonymous();
    expect(await claimOfferAction({ token })).toMatchObject({ ok: false, error: MSG.filled, code: "filled" });
    expect(await bookedAt(s.business.id, "16:00")).toHaveLength(1);
  });

  test("an expired offer passes to the next entry; its link says it expired; the first entry is not offered that time again", async () => {
    const s = await salon();
    const busy = await fillDay(s, s.ana);
    const first = await join(s);
    const second = await join(s);
    await cancel(s, busy.get("13:00")!);
    const [a] = await runWaitlistMatch({ businessId: s.business.id, date: DAY() });
    expect(a).toMatchObject({ entryId: first.id, time: "13:00" });
    const firstToken = tokenFrom(first.email!);
    // The second waits: the slot is held by the live offer.
    expect(await offersOf(second.id)).toHaveLength(0);

    // Time passes: the offer's expiry is now; its job runs.
    await db.update(waitlistOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(waitlistOffers.id, a.offerId));
    const made = await runOfferExpire({ offerId: a.offerId });
    expect(made.map((m) => [m.entryId, m.time])).toEqual([[second.id, "13:00"]]);
    expect((await offersOf(first.id))[0].status).toBe("expired");
    expect((await entryOf(first.id)).status).toBe("aguardando");
    await anonymous();
    expect(await claimOfferAction({ token: firstToken })).toMatchObject({ ok: false, code: "expired", error: MSG.expired });
    expect(await claimOfferAction({ token: tokenFrom(second.email!) })).toEqual({ ok: true });
    expect((await entryOf(second.id)).status).toBe("agendado");
  });
});

describe("the staff's list", () => {
  test("owners and employees add and remove (audited); another business's member can't, by id", async () => {
    const s = await salon();
    const input = {
      businessId: s.business.id, clientId: s.client.id, name: s.client.name, phone: "(65) 3322-1100", email: null,
      serviceIds: [s.corte.id], professionalId: ANY_PROFESSIONAL, dates: [DAY()], timeFrom: "09:00", timeUntil: "12:00",
    };
    await actAs(s.employee.id);
    const added = await addWaitlistEntryAction(input);
    expect(added).toMatchObject({ ok: true });
    const id = (added as { id: string }).id;
    expect(await entryOf(id)).toMatchObject({ source: "staff", clientId: s.client.id, createdBy: s.employee.id });
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
    expect(audits.map((a) => [a.actionType, a.entityType])).toEqual([["CREATE", "waitlist_entry"]]);

    // A stranger: neither through their own business id nor through ours.
    await actAs(s.stranger.id);
    expect(await addWaitlistEntryAction({ ...input, businessId: s.business.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await removeWaitlistEntryAction({ businessId: s.business.id, id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await removeWaitlistEntryAction({ businessId: s.other.id, id })).toMatchObject({ ok: false, description: MSG.notFound });
    // Our client's id under their business: not found there.
    expect(await addWaitlistEntryAction({ ...input, businessId: s.other.id, serviceIds: [(await createService(s.other.id, 30)).id] })).toMatchObject({ ok: false });
    expect((await entryOf(id)).status).toBe("aguardando");

    await actAs(s.owner.id);
    expect(await removeWaitlistEntryAction({ businessId: s.business.id, id })).toEqual({ ok: true });
    expect((await entryOf(id)).status).toBe("removido");
    expect(await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, id), eq(auditLogs.actionType, "DELETE")))).toHaveLength(1);
  });
});

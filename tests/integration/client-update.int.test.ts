/**
 * The client hears of the salon's bookings, moves and cancellations (lib/jobs/client-update.ts):
 * the staff's write queues one debounced job in its own transaction (none when rolled back, none
 * with the switch off); the job sends one e-mail with the final time through the delivery ledger,
 * and nothing when the final state is what the client was already told.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessNotificationSettings, clients, users } from "@/db/schema";
import { createAppointmentAction, createSeriesAction, rescheduleAction, seriesPreviewAction, setAppointmentStatusAction } from "@/lib/appointments/actions";
import { createAppointment } from "@/lib/appointments/mutations";
import { runClientUpdate, type ClientUpdateOutcome } from "@/lib/jobs/client-update";
import { addDays } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant, todayInBusiness } from "@/lib/core/time/business-time";
import { hashLinkToken } from "@/lib/reminder-links/tokens";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";
import { actAs } from "./act-as";
import { moveSalon } from "./move-salon";
import { createClient, createUser } from "./fixtures";
import { eq } from "drizzle-orm";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const jobs = (id: string) =>
  db.execute<{ key: string; payload: { appointmentId: string }; run_at: Date }>(sql`
    select j.key, p.payload, j.run_at from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
     where j.key = ${`client_update:${id}`}`);
/** The job's outcome, per channel: what was sent, what the ledger already had, what the rules held back. */
const told = (o: Partial<ClientUpdateOutcome>): ClientUpdateOutcome => ({ sent: [], duplicates: [], skipped: [], ...o });
const sentTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

async function salon() {
  const s = await moveSalon();
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.owner.id));
  const client = await createClient(s.business.id);
  const date = addDays(todayInBusiness(), 3);
  const book = async (time = "10:00", pro: "ana" | "bruno" = "ana") => {
    await actAs(s.owner.id);
    const r = await createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: client.id }, date, time, lines: [{ serviceId: s.corte.id, professionalId: s[pro].id }] });
    if (!r.ok) throw new Error(r.description ?? r.error);
    return r.id;
  };
  return { ...s, client, date, book };
}

describe("the salon's changes reach the client", () => {
  test("a staff booking queues one job, debounced, and sends one e-mail with the .ics and the links", async () => {
    const s = await salon();
    const id = await s.book();
    const queued = await jobs(id);
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0].run_at).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email"] }));
    const mails = sentTo(s.client.email!);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0].raw);
    expect(text).toContain("Agendamento marcado");
    expect(text).toContain("às 10:00");
    expect(text).toContain("Preciso cancelar");
    expect(text).toContain("agendamento.ics");
    // The same state again (a retry, a job added twice): nothing more.
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ duplicates: ["client_update_email"] }));
    expect(sentTo(s.client.email!)).toHaveLength(1);
  });

  test("moves back and forth within the wait: one job, one message with the final time", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email"] }));
    for (const time of ["14:00", "15:00", "16:00"]) {
      const r = await rescheduleAction({ businessId: s.business.id, id, date: s.date, time, professionalId: null });
      expect(r.ok).toBe(true);
    }
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email"] }));
    const mails = sentTo(s.client.email!);
    expect(mails).toHaveLength(2);
    const text = decoded(mails[1].raw);
    expect(text).toContain("Agendamento alterado");
    expect(text).toContain("às 16:00");
    expect(text).not.toContain("às 14:00");
  });

  test("moved and moved back to what the client was told: nothing is sent", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email"] }));
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "14:00", professionalId: null });
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "10:00", professionalId: null });
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ duplicates: ["client_update_email"] }));
    expect(sentTo(s.client.email!)).toHaveLength(1);
  });

  test("a cancellation by the staff is told once; one never told before sends nothing", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email"] }));
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 3 })).ok).toBe(true);
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_cancel_email"] }));
    const text = decoded(sentTo(s.client.email!)[1].raw);
    expect(text).toContain("Agendamento cancelado");
    expect(text).not.toContain("Preciso cancelar");

    const other = await s.book("10:00", "bruno");
    await setAppointmentStatusAction({ businessId: s.business.id, id: other, statusId: 3 });
    expect(await runClientUpdate({ appointmentId: other })).toEqual(told({}));
  });

  test("the switch off queues nothing and sends nothing", async () => {
    const s = await salon();
    await db.execute(sql`insert into business_notification_settings (business_id, client_change_messages) values (${s.business.id}, false)`);
    const id = await s.book();
    expect(await jobs(id)).toHaveLength(0);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({}));
    expect(sentTo(s.client.email!)).toHaveLength(0);
  });

  test("a rolled-back write queues nothing", async () => {
    const s = await salon();
    const id = await s.book();
    await db.execute(sql`select graphile_worker.remove_job(${`client_update:${id}`})`);
    let booked: string | null = null;
    await db.transaction(async (tx) => {
      const w = { ctx: { businessId: s.business.id, userId: s.owner.id }, tx, audit: async () => {} } as never;
      const r = await createAppointment(w, { client: { kind: "existing", id: s.client.id }, date: s.date, time: "17:00", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
      expect(r.ok).toBe(true);
      if (r.ok) {
        booked = r.id;
        expect(await tx.execute(sql`select 1 from graphile_worker.jobs where key = ${`client_update:${r.id}`}`)).toHaveLength(1);
      }
      tx.rollback();
    }).catch(() => {});
    // Its job went with it (other files' jobs for deleted appointments are theirs: this one is named).
    expect(booked).not.toBeNull();
    expect(await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`client_update:${booked}`}`)).toHaveLength(0);
  });

  test("another business's user can neither move nor cancel (so nothing is queued)", async () => {
    const s = await salon();
    const id = await s.book();
    await db.execute(sql`select graphile_worker.remove_job(${`client_update:${id}`})`);
    const stranger = await createUser();
    const theirs = await moveSalon();
    await actAs(stranger.id);
    expect((await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "15:00", professionalId: null })).ok).toBe(false);
    await actAs(theirs.owner.id);
    expect((await setAppointmentStatusAction({ businessId: theirs.business.id, id, statusId: 3 })).ok).toBe(false);
    expect(await jobs(id)).toHaveLength(0);
  });
});

describe("and by WhatsApp, where the business chose it and the client's phone can receive it", () => {
  let wa: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
  const WA_ENV = {
    WHATSAPP_TOKEN: "tok-muda", WHATSAPP_PHONE_NUMBER_ID: "5550052", WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda",
    WHATSAPP_CLIENT_UPDATE_TEMPLATE: "aviso_mudanca",
  };
  beforeAll(async () => {
    wa = await startWhatsAppStandIn({ token: WA_ENV.WHATSAPP_TOKEN, phoneNumberId: WA_ENV.WHATSAPP_PHONE_NUMBER_ID });
    Object.assign(process.env, WA_ENV, { WHATSAPP_API_URL: wa.url });
  });
  afterAll(async () => {
    for (const k of [...Object.keys(WA_ENV), "WHATSAPP_API_URL"]) delete process.env[k];
    await wa.stop();
  });

  let phoneSeq = Math.floor(Math.random() * 9_000_000);
  /** A mobile of its own per client: '(65) 9xxxx-xxxx', the API's number '55659xxxxxxxx'. */
  const newPhone = () => {
    const d = String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(8, "0");
    return { phone: `(65) 9${d.slice(0, 4)}-${d.slice(4)}`, number: `55659${d}` };
  };
  const whatsAppsTo = (number: string) => wa.received.filter((m) => m.to === number);

  /** The salon above with WhatsApp chosen on its 'Lembretes' card (`channels`) and its client's phone. */
  async function waSalon(opts: { channels?: ("email" | "whatsapp")[]; phone?: string; switchOn?: boolean } = {}) {
    const s = await salon();
    await db.insert(businessNotificationSettings).values({
      businessId: s.business.id, reminderChannels: opts.channels ?? ["email", "whatsapp"], clientChangeMessages: opts.switchOn ?? true,
    });
    const { phone, number } = newPhone();
    await db.update(clients).set({ phone: opts.phone ?? phone }).where(eq(clients.id, s.client.id));
    return { ...s, number };
  }

  test("a staff move: one WhatsApp with the final time, the news and the cancel link, besides the e-mail", async () => {
    const s = await waSalon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email", "client_update_whatsapp"] }));
    const [booked] = whatsAppsTo(s.number);
    expect(booked).toMatchObject({ template: "aviso_mudanca", language: "pt_BR", buttonParams: [] });
    expect(booked.bodyParams).toHaveLength(5);
    expect(booked.bodyParams[0]).toBe(s.client.name.split(" ")[0]);
    expect(booked.bodyParams[2]).toMatch(/^marcou um horário para você: .*, às 10:00$/);

    for (const time of ["14:00", "15:00", "16:00"]) {
      expect((await rescheduleAction({ businessId: s.business.id, id, date: s.date, time, professionalId: null })).ok).toBe(true);
    }
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email", "client_update_whatsapp"] }));
    const all = whatsAppsTo(s.number);
    expect(all).toHaveLength(2);
    const [, , news, services, closing] = all[1].bodyParams;
    expect(news).toMatch(/^mudou o seu horário\. O novo horário é .*, às 16:00$/);
    expect(all[1].bodyParams.join(" ")).not.toContain("14:00");
    expect(services).toContain("Corte");
    // Cancelling by link is allowed (3 days ahead, 2 hours' notice): the link, good for cancelling this appointment.
    expect(closing).toMatch(/^É possível cancelar pelo link até 2 horas antes do horário: http.*\/agendar\/lembrete\/[A-Za-z0-9_-]{43}$/);
    const token = decodeURIComponent(closing.split("/agendar/lembrete/")[1]);
    const [link] = await db.execute<{ purpose: string; appointment_id: string }>(sql`
      select purpose, appointment_id from appointment_link_tokens where token_hash = ${hashLinkToken(token)}`);
    expect(link).toEqual({ purpose: "cancel", appointment_id: id });
  });

  test("moved and moved back within the wait: no WhatsApp, as no e-mail", async () => {
    const s = await waSalon();
    const id = await s.book();
    await runClientUpdate({ appointmentId: id });
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "14:00", professionalId: null });
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "10:00", professionalId: null });
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ duplicates: ["client_update_email", "client_update_whatsapp"] }));
    expect(whatsAppsTo(s.number)).toHaveLength(1);
    expect(sentTo(s.client.email!)).toHaveLength(1);
  });

  test("a cancellation says so, with no link; after the cancel notice the message says to call, with the phone", async () => {
    const s = await waSalon();
    await db.execute(sql`update businesses set phone = '(65) 3322-1100' where id = ${s.business.id}`);
    const id = await s.book();
    const startsAt = businessDateTimeToInstant(s.date, "10:00:00");
    // An hour before: inside the 2 hours' notice.
    expect(await runClientUpdate({ appointmentId: id }, new Date(startsAt.getTime() - 3_600_000))).toEqual(told({ sent: ["client_update_email", "client_update_whatsapp"] }));
    expect(whatsAppsTo(s.number)[0].bodyParams[4]).toBe("O cancelamento pelo link é possível até 2 horas antes do horário. Para cancelar agora, ligue para o estabelecimento: (65) 3322-1100");
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 3 })).ok).toBe(true);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_cancel_email", "client_cancel_whatsapp"] }));
    const cancelled = whatsAppsTo(s.number)[1].bodyParams;
    expect(cancelled[2]).toMatch(/^cancelou o seu horário de .*, às 10:00$/);
    expect(cancelled[4]).toBe("Para marcar outro horário, fale com o estabelecimento: (65) 3322-1100");
    expect(cancelled.join(" ")).not.toContain("/agendar/lembrete/");
  });

  test("the switch off: no job, nothing by WhatsApp or e-mail", async () => {
    const s = await waSalon({ switchOn: false });
    const id = await s.book();
    expect(await jobs(id)).toHaveLength(0);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({}));
    expect(whatsAppsTo(s.number)).toHaveLength(0);
    expect(sentTo(s.client.email!)).toHaveLength(0);
  });

  test("a client who may not get WhatsApp gets the e-mail alone", async () => {
    // The business did not choose WhatsApp on its 'Lembretes' card (the reminders' rule).
    const noChannel = await waSalon({ channels: ["email"] });
    const a = await noChannel.book();
    expect(await runClientUpdate({ appointmentId: a })).toEqual(told({ sent: ["client_update_email"] }));
    expect(whatsAppsTo(noChannel.number)).toHaveLength(0);
    // A phone that can't be a WhatsApp number (a landline without its DDD).
    const landline = await waSalon({ phone: "3322-1100" });
    const b = await landline.book();
    const before = wa.received.length;
    expect(await runClientUpdate({ appointmentId: b })).toEqual(told({ sent: ["client_update_email"] }));
    expect(wa.received).toHaveLength(before);
    // The server without the update's own template: e-mail only (the reminder's template is another message).
    delete process.env.WHATSAPP_CLIENT_UPDATE_TEMPLATE;
    try {
      const noTemplate = await waSalon();
      const c = await noTemplate.book();
      expect(await runClientUpdate({ appointmentId: c })).toEqual(told({ sent: ["client_update_email"] }));
      expect(whatsAppsTo(noTemplate.number)).toHaveLength(0);
    } finally {
      process.env.WHATSAPP_CLIENT_UPDATE_TEMPLATE = WA_ENV.WHATSAPP_CLIENT_UPDATE_TEMPLATE;
    }
  });

  test("a job delivered again, or at once twice, sends once; a WhatsApp that failed is sent by the retry, as first told", async () => {
    const s = await waSalon();
    const id = await s.book();
    wa.failNext(1);
    await expect(runClientUpdate({ appointmentId: id })).rejects.toThrow(/WhatsApp recusou a mensagem \(500/);
    expect(sentTo(s.client.email!)).toHaveLength(1);
    expect(whatsAppsTo(s.number)).toHaveLength(0);
    // The retry and a second delivery of the same job, at once, then once more.
    const [a, b] = await Promise.all([runClientUpdate({ appointmentId: id }), runClientUpdate({ appointmentId: id })]);
    expect([...a.sent, ...b.sent]).toEqual(["client_update_whatsapp"]);
    expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ duplicates: ["client_update_email", "client_update_whatsapp"] }));
    const sent = whatsAppsTo(s.number);
    expect(sent).toHaveLength(1);
    // Still the booking (the e-mail that went first is the same news, not an earlier one).
    expect(sent[0].bodyParams[2]).toMatch(/^marcou um horário para você:/);
    expect(sentTo(s.client.email!)).toHaveLength(1);
    expect(await db.execute(sql`select 1 from notification_deliveries where subject_id = ${id}`)).toHaveLength(2);
  });

  test("a series booked by the staff: one job and one message per appointment, on each channel", async () => {
    const s = await waSalon();
    await actAs(s.owner.id);
    const recurrence = { frequency: "week1", end: { kind: "count", count: 3 } } as const;
    const input = { businessId: s.business.id, client: { kind: "existing" as const, id: s.client.id }, date: s.date, time: "11:00", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }] };
    const preview = await seriesPreviewAction({ ...input, recurrence });
    if (!preview.ok) throw new Error(preview.description ?? preview.error);
    const saved = await createSeriesAction({ ...input, recurrence, chosen: preview.occurrences.map((o) => o.date) });
    if (!saved.ok) throw new Error(saved.description ?? saved.error);
    expect(saved.ids).toHaveLength(3);
    for (const id of saved.ids) {
      expect(await jobs(id)).toHaveLength(1);
      expect(await runClientUpdate({ appointmentId: id })).toEqual(told({ sent: ["client_update_email", "client_update_whatsapp"] }));
    }
    expect(sentTo(s.client.email!)).toHaveLength(3);
    const news = whatsAppsTo(s.number).map((m) => m.bodyParams[2]);
    expect(news).toHaveLength(3);
    expect(new Set(news).size).toBe(3);
    expect(news.every((t) => /^marcou um horário para você: .*, às 11:00$/.test(t))).toBe(true);
  });
});

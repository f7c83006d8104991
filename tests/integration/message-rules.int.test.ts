/**
 * The one rule for every message a business sends (issue 50, item 2), on the real database and a
 * local SMTP server: a business whose owner never confirmed the address sends nothing (recorded as
 * skipped, shown in the owner's bell); at most MESSAGES_PER_BUSINESS_PER_DAY messages per business
 * and day, counted in the database, exact under 40 sends at once; the ones over the cap recorded as
 * skipped and counted in one bell line; a link typed into a business's or service's name never
 * reaches the client's e-mail or WhatsApp.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appUrl } from "@/lib/core/config/app-url";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { runDailySummary } from "@/lib/jobs/daily-summary";
import { runOwnerNotice } from "@/lib/jobs/owner-notice";
import { runReminder } from "@/lib/jobs/reminder";
import type { ReminderPayload } from "@/lib/jobs/rules";
import { bellLine } from "@/lib/notifications/bell-text";
import { deliverMessageIn } from "@/lib/notifications/deliver";
import { bellOf } from "@/lib/notifications/queries";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";
import { createAppointment, createClient, createSalon } from "./fixtures";

vi.mock("server-only", () => ({}));

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});
afterEach(() => {
  delete process.env.MESSAGES_PER_BUSINESS_PER_DAY;
});

async function enableReminders(businessId: string, leads = [1440], channels = ["email"]) {
  await db.execute(sql`
    insert into business_notification_settings (business_id, reminders_enabled, reminder_lead_minutes, reminder_channels)
    values (${businessId}, true, ${`{${leads.join(",")}}`}::integer[], ${`{${channels.join(",")}}`}::text[])
    on conflict (business_id) do update set reminders_enabled = true, reminder_lead_minutes = excluded.reminder_lead_minutes,
      reminder_channels = excluded.reminder_channels`);
  await db.execute(sql`select agenda_reschedule_business_reminders(${businessId})`);
}

async function reminderJobs(appointmentId: string): Promise<ReminderPayload[]> {
  const rows = await db.execute<{ payload: ReminderPayload }>(sql`
    select p.payload from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
     where j.key like ${`reminder:${appointmentId}:%`} order by j.key`);
  return rows.map((r) => r.payload);
}

/** A salon with reminders on (24 h before, by e-mail) and `n` appointments two days ahead, each its own client. */
async function salonWith(n: number, channels = ["email"]) {
  const salon = await createSalon();
  await enableReminders(salon.business.id, [1440], channels);
  const booked = [];
  for (let i = 0; i < n; i++) {
    const client = i === 0 ? salon.client : await createClient(salon.business.id);
    const a = await createAppointment({
      businessId: salon.business.id, clientId: client.id, date: addDays(todayInBusiness(), 2), time: "10:00",
      services: i === 0 ? [{ serviceId: salon.service.id, professionalId: salon.professional.id }] : [],
    });
    const [job] = await reminderJobs(a.id);
    booked.push({ client, appointment: a, job });
  }
  return { ...salon, booked };
}

const unconfirm = (userId: string) => db.execute(sql`update users set email_verified_at = null where id = ${userId}`);
const confirm = (userId: string) => db.execute(sql`update users set email_verified_at = now() where id = ${userId}`);
const sentTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const ledger = (businessId: string) =>
  db.execute<{ kind: string; status: string; reason: string | null }>(sql`
    select kind, status, reason from notification_deliveries where business_id = ${businessId} order by status, kind`);

/** A message's text with quoted-printable undone. */
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

describe("a business whose owner never confirmed the address sends nothing to third parties", () => {
  test("a reminder is not sent: recorded as skipped with its reason and shown in the owner's bell; once the owner confirms, the next one goes", async () => {
    const s = await salonWith(2);
    await unconfirm(s.owner.id);
    const [first, second] = s.booked;

    expect(await runReminder(first.job)).toEqual({ verdict: "send", sent: [], duplicates: [], skipped: ["reminder_email"] });
    expect(sentTo(first.client.email!)).toHaveLength(0);
    expect(await ledger(s.business.id)).toEqual([{ kind: "reminder_email", status: "skipped", reason: "owner_unconfirmed" }]);
    // No link was made for a message that did not go.
    expect(await db.execute(sql`select 1 from appointment_link_tokens where appointment_id = ${first.appointment.id}`)).toHaveLength(0);

    const bell = await bellOf(s.business.id, s.owner.id);
    expect(bell.unread).toBe(1);
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0]).toMatchObject({ kind: "message_skipped", reason: "owner_unconfirmed", count: 1, unread: true });
    expect(bellLine(bell.items[0])).toBe("Mensagem não enviada: confirme seu e-mail para enviar mensagens aos clientes");

    await confirm(s.owner.id);
    expect(await runReminder(second.job)).toEqual({ verdict: "send", sent: ["reminder_email"], duplicates: [], skipped: [] });
    expect(sentTo(second.client.email!)).toHaveLength(1);
    // The skipped one stays skipped (its time may be gone): a retry finds it in the ledger.
    expect((await runReminder(first.job)).sent).toEqual([]);
    expect(sentTo(first.client.email!)).toHaveLength(0);
  });

  test("neither the owners' notices nor the morning summary go out", async () => {
    const s = await salonWith(1);
    await unconfirm(s.owner.id);
    await db.execute(sql`update user_business_roles set daily_summary = true where user_id = ${s.owner.id}`);
    const [n] = await db.execute<{ id: string }>(sql`
      insert into business_notifications (business_id, appointment_id, kind) values (${s.business.id}, ${s.booked[0].appointment.id}, 'online_booking') returning id`);
    expect(await runOwnerNotice({ notificationId: n.id })).toBe(0);
    await runDailySummary(new Date(`${todayInBusiness()}T11:00:00Z`));
    expect(sentTo(s.owner.email)).toHaveLength(0);
    const rows = await ledger(s.business.id);
    expect(rows.map((r) => [r.kind, r.status, r.reason])).toEqual([
      ["daily_summary", "skipped", "owner_unconfirmed"],
      ["owner_notice", "skipped", "owner_unconfirmed"],
    ]);
    // One bell line for the day, counting both.
    const bell = await bellOf(s.business.id, s.owner.id);
    const skipped = bell.items.filter((i) => i.kind === "message_skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ reason: "owner_unconfirmed", count: 2 });
    expect(bellLine(skipped[0])).toBe("2 mensagens não enviadas: confirme seu e-mail para enviar mensagens aos clientes");
  });
});

describe("the daily cap per business", () => {
  test("40 reminders of one business at once with a cap of 7: exactly 7 go out, 33 are recorded over the cap, one bell line counts them", async () => {
    const s = await salonWith(40);
    process.env.MESSAGES_PER_BUSINESS_PER_DAY = "7";
    const outcomes = await Promise.all(s.booked.map((b) => runReminder(b.job)));
    expect(outcomes.filter((o) => o.sent.length === 1)).toHaveLength(7);
    expect(outcomes.filter((o) => o.skipped.length === 1)).toHaveLength(33);
    const received = s.booked.reduce((n, b) => n + sentTo(b.client.email!).length, 0);
    expect(received).toBe(7);

    const [{ sent, over }] = await db.execute<{ sent: number; over: number }>(sql`
      select count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status = 'skipped' and reason = 'daily_cap')::int as over
        from notification_deliveries where business_id = ${s.business.id}`);
    expect({ sent, over }).toEqual({ sent: 7, over: 33 });

    const bell = await bellOf(s.business.id, s.owner.id);
    const skipped = bell.items.filter((i) => i.kind === "message_skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ reason: "daily_cap", count: 33, unread: true });
    expect(bellLine(skipped[0])).toBe("33 mensagens não enviadas: limite diário de mensagens atingido");

    // Another business has its own count.
    const other = await salonWith(1);
    expect((await runReminder(other.booked[0].job)).sent).toEqual(["reminder_email"]);
  }, 60_000);

  test("a send that fails and a repeated one take no place under the cap", async () => {
    const s = await salonWith(3);
    process.env.MESSAGES_PER_BUSINESS_PER_DAY = "2";
    const [a, b, c] = s.booked;
    smtp.setRefuse(true);
    try {
      await expect(runReminder(a.job)).rejects.toThrow();
    } finally {
      smtp.setRefuse(false);
    }
    expect((await runReminder(a.job)).sent).toEqual(["reminder_email"]);
    expect((await runReminder(a.job)).duplicates).toEqual(["reminder_email"]);
    expect((await runReminder(b.job)).sent).toEqual(["reminder_email"]);
    expect((await runReminder(c.job)).skipped).toEqual(["reminder_email"]);
    expect(sentTo(c.client.email!)).toHaveLength(0);
  });
});

describe("the daily cap inside a caller's transaction (the waitlist's offers)", () => {
  test("40 messages at once, each in its own transaction, with a cap of 5: exactly 5 sent, 35 skipped; a rolled-back one gives its place back", async () => {
    const s = await salonWith(0);
    process.env.MESSAGES_PER_BUSINESS_PER_DAY = "5";
    let sent = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction((tx) =>
          deliverMessageIn(tx, { businessId: s.business.id, kind: "waitlist_offer_email", subjectId: randomUUID(), dueAt: new Date(), recipient: `c${i}@exemplo.com` }, async () => {
            sent++;
          }),
        ),
      ),
    );
    expect(sent).toBe(5);
    expect(results.filter((r) => r === "sent")).toHaveLength(5);
    expect(results.filter((r) => r === "skipped")).toHaveLength(35);
    const [{ n }] = await db.execute<{ n: number }>(sql`select sent as n from business_message_counts where business_id = ${s.business.id}`);
    expect(n).toBe(5);

    // A rolled-back transaction (an offer whose send failed) takes no place.
    const other = await salonWith(0);
    process.env.MESSAGES_PER_BUSINESS_PER_DAY = "1";
    await expect(
      db.transaction((tx) =>
        deliverMessageIn(tx, { businessId: other.business.id, kind: "waitlist_offer_email", subjectId: randomUUID(), dueAt: new Date(), recipient: "a@exemplo.com" }, async () => {
          throw new Error("SMTP fora do ar");
        }),
      ),
    ).rejects.toThrow("SMTP fora do ar");
    expect(
      await db.transaction((tx) =>
        deliverMessageIn(tx, { businessId: other.business.id, kind: "waitlist_offer_email", subjectId: randomUUID(), dueAt: new Date(), recipient: "b@exemplo.com" }, async () => {}),
      ),
    ).toBe("sent");
  });
});

describe("what the business typed reaches clients only as plain text", () => {
  test("a link in the business's name, address and phone, a service's and a professional's name reaches neither the e-mail nor WhatsApp", async () => {
    const wa = await startWhatsAppStandIn({ token: "tok-plain", phoneNumberId: "5550002" });
    Object.assign(process.env, { WHATSAPP_TOKEN: "tok-plain", WHATSAPP_PHONE_NUMBER_ID: "5550002", WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda", WHATSAPP_API_URL: wa.url });
    try {
      const s = await salonWith(1, ["email", "whatsapp"]);
      await db.execute(sql`update businesses set name = 'Studio Bela http://golpe.exemplo/pix', address = 'Rua A, 10 — pague em golpe.com.br',
        phone = 'bit.ly/pix-agora' where id = ${s.business.id}`);
      await db.execute(sql`update services set name = 'Corte — atualize seus dados em www.golpe.exemplo' where id = ${s.service.id}`);
      await db.execute(sql`update professionals set name = 'Ana https://golpe.exemplo' where id = ${s.professional.id}`);
      await db.execute(sql`update clients set phone = '(65) 99876-1234' where id = ${s.client.id}`);

      expect((await runReminder(s.booked[0].job)).sent).toEqual(["reminder_email", "reminder_whatsapp"]);
      const [mail] = sentTo(s.client.email!);
      const text = decoded(mail.raw);
      expect(text).not.toMatch(/golpe|bit\.ly|www\./i);
      // The only links are the app's own (the reminder's two).
      const links = text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const l of links) expect(l.startsWith(appUrl())).toBe(true);

      const [m] = wa.received;
      expect(m.bodyParams.join(" | ")).not.toMatch(/golpe|bit\.ly|www\.|https?:/i);
    } finally {
      for (const k of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_REMINDER_TEMPLATE", "WHATSAPP_API_URL"]) delete process.env[k];
      await wa.stop();
    }
  });
});
